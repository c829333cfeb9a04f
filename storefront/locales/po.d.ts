declare module "*.po" {
  import type { Messages } from "@lingui/core";
  export const messages: Messages;
}

/** The first screen's part of a catalog (cli/build/message-parts.ts). */
declare module "*.po?first" {
  import type { Messages } from "@lingui/core";
  export const messages: Messages;
}

/**
 * A screen's own part of a catalog (cli/build/message-parts.ts), "../locales/ru.po?screen=
 * event/EventScreen": a pattern may hold one wildcard, and only these specifiers end so (every
 * module import ends with its extension).
 */
declare module "*Screen" {
  import type { Messages } from "@lingui/core";
  export const messages: Messages;
}
