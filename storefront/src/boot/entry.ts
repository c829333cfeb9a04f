/**
 * The boot script's entry (cli/build/boot-script.ts bundles it): the build writes the core's
 * plan in place of BOOT_PLAN, once per core build.
 */
import { type BootPlan, boot } from "./boot.ts";

declare const BOOT_PLAN: BootPlan;

boot(BOOT_PLAN, {
  window,
  importEntry: (href) => import(/* @vite-ignore */ href),
  fetch: window.fetch.bind(window),
});
