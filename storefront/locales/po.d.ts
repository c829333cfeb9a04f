declare module "*.po" {
  import type { Messages } from "@lingui/core";
  export const messages: Messages;
}

/** The first screen's part of a catalog (cli/build/first-messages.ts). */
declare module "*.po?first" {
  import type { Messages } from "@lingui/core";
  export const messages: Messages;
}
