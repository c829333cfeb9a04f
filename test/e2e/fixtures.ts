/**
 * The `test` every e2e spec uses. Beside Playwright's own fixtures it watches every page of
 * every test, whatever the test is about, and fails the test when:
 *
 * - an `Authorization` header goes anywhere but the API calls the spec names for the Bearer
 *   token (§6: cart, order, receipt and search calls; §7: photos, search token, selfies) on the
 *   tenant's own origin;
 * - a token shows in an address (`access_token=`, `id_token=`, `code_verifier=`) or in the
 *   browser console (`Bearer …`, a token value seen on the wire);
 * - the page throws an error nobody caught, or a promise is rejected with nobody listening;
 * - the browser reports a Content-Security-Policy violation (the preview sends the tenant's
 *   CSP, as nginx does: anything it blocks would be broken in production too).
 *
 * A test that means to provoke one of these can opt out with
 * `test.use({ guards: { pageErrors: false } })` or `{ pageErrors: true, csp: false }` (the
 * nginx spec's proof that the policy blocks inline script does).
 */
import { type BrowserContext, test as base, expect, type Request } from "@playwright/test";

/** Paths under /public/{service}/api/v1 that may carry the signed-in user's Bearer token. */
const BEARER_ALLOWED = [
  /^\/public\/shoppingcart-service\/api\/v1\/shoppingCarts(\/|$)/,
  /^\/public\/order-service\/api\/v1\/orders(\/|$)/,
  /^\/public\/receipt-service\/api\/v1\/receipts(\/|$)/,
  /^\/public\/photo-service\/api\/v1\/photos$/,
  /^\/public\/competitor-service\/api\/v1\/competitors\/[^/]+\/token$/,
  /^\/public\/recognition-service\/api\/v1\/selfies(\/|$)/,
];

const TOKEN_IN_URL = /[?&#](access_token|id_token|refresh_token|code_verifier)=/i;

export interface Guards {
  /** Fail on an uncaught error or unhandled rejection in any page. */
  pageErrors: boolean;
  /** Fail on a CSP violation the browser reports (default true). */
  csp?: boolean;
}

export interface AuthSeen {
  url: string;
  authorization: string;
}

export const bearerAllowed = (url: string): boolean => {
  const u = new URL(url);
  // The preview's origins: one tenant at 127.0.0.1 or localhost, every tenant (`--all`) each at
  // its own <id>.localhost.
  const local =
    u.hostname === "127.0.0.1" || u.hostname === "localhost" || u.hostname.endsWith(".localhost");
  return local && BEARER_ALLOWED.some((re) => re.test(u.pathname));
};

export const test = base.extend<{
  guards: Guards;
  /** Every request of the test that carried an Authorization header (for assertions). */
  authSeen: AuthSeen[];
}>({
  guards: [{ pageErrors: true }, { option: true }],
  authSeen: [
    async ({ context, guards }, use, testInfo) => {
      const watched = watchContext(context, guards);
      await use(watched.seen);
      const problems = await watched.problems();
      if (problems.length) {
        await testInfo.attach("guard problems", { body: problems.join("\n") });
      }
      expect(problems, "guards: Authorization, tokens, page errors").toEqual([]);
    },
    { auto: true },
  ],
  // A prerendered page shows its controls before the app has hydrated them, and a click then is
  // lost (as a participant's tap would be). A test's navigation waits until the app is live,
  // as a participant would after a first tap that did nothing.
  page: async ({ page, javaScriptEnabled }, use) => {
    if (javaScriptEnabled !== false) {
      const goto = page.goto.bind(page);
      const reload = page.reload.bind(page);
      page.goto = async (...args) => {
        const response = await goto(...args);
        // "commit": the test looks at the page before the app is live, on purpose.
        if (args[1]?.waitUntil !== "commit") await appLive(page);
        return response;
      };
      page.reload = async (...args) => {
        const response = await reload(...args);
        await appLive(page);
        return response;
      };
    }
    await use(page);
  },
});

/**
 * Watches every page of a browser context as the header says (Authorization only where the spec
 * names it, no token in an address or the console, no uncaught error, no CSP violation). The
 * test's own context is watched by the `authSeen` fixture; a test that opens another context
 * watches it with this. `problems()` stops watching and says what went wrong.
 */
export function watchContext(
  context: BrowserContext,
  guards: Guards = { pageErrors: true },
): { seen: AuthSeen[]; problems(): Promise<string[]> } {
  const seen: AuthSeen[] = [];
  const problems: string[] = [];
  const tokens = new Set<string>();
  const pending: Promise<void>[] = [];

  const onRequest = (request: Request) => {
    const url = request.url();
    if (TOKEN_IN_URL.test(url)) problems.push(`a token in an address: ${url}`);
    // A request the service worker sends (the paid order it keeps, its network-first fetches)
    // may never report its raw headers once the worker is taken away: its own are what it sent.
    const headers = request.serviceWorker()
      ? Promise.resolve(request.headers())
      : request.allHeaders();
    pending.push(
      headers
        .then((headers) => {
          const authorization = headers.authorization;
          if (!authorization) return;
          seen.push({ url, authorization });
          const token = authorization.replace(/^Bearer\s+/i, "");
          if (token.length >= 8) tokens.add(token);
          if (!bearerAllowed(url)) {
            problems.push(`Authorization sent outside the API calls the spec names: ${url}`);
          }
        })
        .catch(() => {
          // The request's page closed before its headers could be read: nothing to check.
        }),
    );
  };
  context.on("request", onRequest);
  context.on("console", (message) => {
    const text = message.text();
    if (/Bearer\s+\S/.test(text)) problems.push(`a Bearer token in the console: ${text}`);
    if (guards.csp !== false && /Content Security Policy/i.test(text)) {
      problems.push(`a CSP violation: ${text}`);
    }
    for (const token of tokens) {
      if (text.includes(token)) problems.push(`a token in the console: ${text}`);
    }
  });
  const watchPage = (page: import("@playwright/test").Page) => {
    page.on("pageerror", (error) => {
      if (guards.pageErrors) {
        problems.push(`uncaught in the page: ${error.name}: ${error.message}`);
      }
    });
  };
  context.pages().forEach(watchPage);
  context.on("page", watchPage);
  return {
    seen,
    problems: async () => {
      context.off("request", onRequest);
      await Promise.all(pending);
      return problems;
    },
  };
}

/** Waits for the shop to mark its first content live; pages that are not the shop pass at once. */
export async function appLive(page: import("@playwright/test").Page): Promise<void> {
  await page
    .waitForFunction(
      () =>
        !document.getElementById("tenant-settings") ||
        document.documentElement.dataset.app === "live",
      null,
      { timeout: 20_000 },
    )
    // A test that expects a failure to start (a lost chunk) asserts that itself.
    .catch(() => {});
}

export type { Page, Request } from "@playwright/test";
export { expect };
