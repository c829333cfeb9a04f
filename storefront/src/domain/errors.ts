/** Error-queue rules of spec §8. */
import { NETWORK_FAILURE_STATUS } from "./constants.ts";

const DUPLICATE_NAVIGATION = /NavigationDuplicated|redundant navigation|duplicate navigation/i;

export interface ErrorLike {
  message?: unknown;
  name?: unknown;
  stack?: unknown;
}

/** Duplicate-navigation errors are noise: the queue ignores them. */
export function isDuplicateNavigation(error: ErrorLike): boolean {
  return [error.name, error.message].some(
    (v) => typeof v === "string" && DUPLICATE_NAVIGATION.test(v),
  );
}

/** The text shown for an error: its message, else its name, else its stack. */
export function errorText(error: ErrorLike | string): string {
  if (typeof error === "string") return error;
  for (const v of [error.message, error.name, error.stack]) {
    if (typeof v === "string" && v.trim() !== "") return v;
  }
  return "";
}

/** Notifications visible at once: at most 2, 1 on mobile (spec §2). */
export function visibleNotificationCount(isMobile: boolean): number {
  return isMobile ? 1 : 2;
}

// Chromium, Firefox and Safari word a failed dynamic import differently; Vite adds its own.
const CHUNK_LOAD =
  /dynamically imported module|Importing a module script failed|error loading dynamically imported module|Unable to preload CSS|Loading (CSS )?chunk \S+ failed/i;

/** A lazy part of the app (a screen, a catalog) could not be fetched: offline or a new deploy. */
export function isChunkLoadError(error: ErrorLike | string): boolean {
  const text =
    typeof error === "string" ? error : `${String(error.name)}: ${String(error.message)}`;
  return CHUNK_LOAD.test(text);
}

/**
 * A failed call whose outcome is unknown or passing: no reply (offline, dropped, timed out)
 * or a server error (5xx). Such a change may still have been made, and trying again may work;
 * a 4xx answer is the backend's considered "no".
 */
export function isTransientFailure(status: number): boolean {
  // Stryker disable next-line ConditionalExpression: equivalent today, 1001 is also >= 500; the name states the intent
  return status === NETWORK_FAILURE_STATUS || status >= 500;
}
