/**
 * The app's side of the boot script's early calls (early-calls.ts): the transport (api/http.ts)
 * asks the page for the answer to an identical request, once. The rules of taking live with the
 * calls in the boot script, so the app's first chunk carries only this.
 */

/** The window property holding the page's early answers. */
export const EARLY_CALLS = "storefrontEarlyCalls";

/**
 * The early answer to a request (by its key, api/request-key.ts) in a language, once;
 * undefined when the page asked for none or it failed (then the app asks itself).
 */
export type TakeEarlyCall = (key: string, language: string) => Promise<Response | undefined>;

/** The page's early answers, or none (a page without the boot script, a test). */
export function earlyCallsOf(win: Window): TakeEarlyCall | undefined {
  return (win as unknown as Record<string, TakeEarlyCall | undefined>)[EARLY_CALLS];
}

/** Whether oidc-client-ts keeps a signed-in user in this tab (its `oidc.user:` key). */
export function hasStoredSession(storage: Storage): boolean {
  try {
    for (let i = 0; i < storage.length; i++) {
      if (storage.key(i)?.startsWith("oidc.user:")) return true;
    }
  } catch {
    // Storage blocked: no session to restore.
  }
  return false;
}
