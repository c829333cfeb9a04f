/** Error-queue rules of spec §8. */

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
