import { startTransition } from "react";
import { createRoot, hydrateRoot } from "react-dom/client";
import { App } from "./App.tsx";
import {
  ANONYMOUS_SILENT_CHECK_DELAY_MS,
  AUTH_CALLBACK_PATH,
  authorityOf,
  SILENT_CHECK_TIMEOUT_MS,
} from "./domain/auth.ts";
import { CHUNK_LOAD_TIMEOUT_MS } from "./domain/constants.ts";
import { eventIdOfPath, pageForPath } from "./domain/pages.ts";
import { loadMessages } from "./i18n.ts";
import { routes } from "./routes.ts";
import { readSettings } from "./settings.ts";
import { firstContentReady } from "./shell/hydration.tsx";
import { isSilentCallbackFrame } from "./stores/AuthStore.ts";
import { documentCookies } from "./stores/cookies.ts";
import { RootStore } from "./stores/RootStore.ts";
import { safeStorage } from "./stores/types.ts";
import { whenThemeReady } from "./theme-gate.ts";
import { withTimeout } from "./ui/with-timeout.ts";
import "./styles/main.scss";

async function start(): Promise<void> {
  const html = document.documentElement;
  const servedLanguage = html.lang;
  const touch = window.matchMedia("(pointer: coarse)").matches || "ontouchstart" in window;
  html.classList.add(touch ? "touch" : "no-touch");

  const store = new RootStore({
    settings: readSettings(document),
    host: window.location.host,
    storage: safeStorage(window.localStorage),
    browserLanguages: navigator.languages ?? [navigator.language],
    width: window.innerWidth,
    touch,
    loadMessages,
    origin: window.location.origin,
    cookies: documentCookies(document),
    analytics: (event) => {
      const w = window as unknown as { dataLayer?: unknown[] };
      w.dataLayer ??= [];
      w.dataLayer.push(event);
    },
  });

  window.addEventListener("unhandledrejection", (event) => store.errors.report(event.reason));
  // Home's calls go out now, while the messages load and the page hydrates.
  if (window.location.pathname === routes.home.path) store.home.prefetch();
  const eventId = eventIdOfPath(window.location.pathname);
  if (eventId) store.prefetchEvent(eventId);

  const [themeReady] = await Promise.all([whenThemeReady(html), store.language.init()]);
  if (!themeReady) store.errors.report("theme stylesheet did not load");
  store.settings.markThemeReady();

  const root = document.getElementById("root");
  if (!root) return;
  // The server sent a prerendered page (DESIGN 3a). It is hydrated when it is this address's page
  // in the language detection chose; otherwise (a host without the generated config answers
  // every path with home in the default language) the app renders afresh over it.
  const served = root.dataset.page;
  const settings = store.settings.settings;
  const page = pageForPath(window.location.pathname, settings.menu);
  const hydrate = served === page && servedLanguage === store.language.language;
  // A transition: React renders (or hydrates) the first screen in small slices, so the main
  // thread never blocks for long while a slow phone builds it.
  html.dataset.app = "starting"; // from now on React keeps and replays a tap itself
  startTransition(() => {
    if (hydrate) {
      const shell = page === "shell" || page === "cart-shell";
      hydrateRoot(root, <App store={store} shell={shell} />);
    } else {
      createRoot(root).render(<App store={store} />);
    }
  });
  // Nothing the first render read may change before it is live: hydration needs the same state.
  await firstContentReady;
  html.dataset.app = "live";
  // The shop (cart, search, checkout…): the cart is opened (or created) and kept in step with
  // the other tabs, and the app bar shows its badge from then on. Home, the first screen, has no
  // use for it before the visitor does something, so there it waits for the first touch, key or
  // scroll, or else 5 s after load and an idle moment: a slow phone's main thread stays free
  // while the first screen settles. Every other route needs it now.
  if (window.location.pathname === routes.home.path) {
    const once = () => {
      for (const type of FIRST_INPUT) window.removeEventListener(type, once, true);
      void openShop(store);
    };
    for (const type of FIRST_INPUT)
      window.addEventListener(type, once, { capture: true, passive: true });
    whenLoadedAndIdle(once, ANONYMOUS_SILENT_CHECK_DELAY_MS);
  } else void openShop(store);
  // The sign-in check on load: after the first render, never blocking it (spec §6). At the
  // callback address the callback screen completes the sign-in instead. With a session in this
  // tab the check runs at once (the account link appears quickly); an anonymous visitor's silent
  // ask to the provider waits until 5 s after load and an idle moment, so the sign-in library
  // and its hidden frame never compete with the first screen (/my-account asks at once).
  if (!window.location.pathname.startsWith(AUTH_CALLBACK_PATH)) {
    if (hasStoredSession(window.sessionStorage)) void store.auth.init();
    else whenLoadedAndIdle(() => void store.auth.init(), ANONYMOUS_SILENT_CHECK_DELAY_MS);
  }
}

const FIRST_INPUT = ["pointerdown", "keydown", "scroll"] as const;
let shopOpened = false;

async function openShop(store: RootStore): Promise<void> {
  if (shopOpened) return;
  shopOpened = true;
  try {
    const { shopOf } = await withTimeout(import("./stores/shop.ts"), CHUNK_LOAD_TIMEOUT_MS);
    const shop = shopOf(store);
    store.attachShop(shop);
    window.addEventListener("storage", (event) => shop.cart.onStorage(event.key, event.newValue));
    await shop.cart.init();
  } catch (error) {
    // A failed chunk load: the screens that shop say so themselves when they load.
    store.errors.report(error);
  }
}

/** Whether oidc-client-ts keeps a signed-in user in this tab (its `oidc.user:` key). */
function hasStoredSession(storage: Storage): boolean {
  try {
    for (let i = 0; i < storage.length; i++) {
      if (storage.key(i)?.startsWith("oidc.user:")) return true;
    }
  } catch {
    // Storage blocked: no session to restore.
  }
  return false;
}

/** Runs `run` in an idle moment once the page has loaded and `afterMs` more have passed. */
function whenLoadedAndIdle(run: () => void, afterMs = 0): void {
  const idle = () =>
    "requestIdleCallback" in window
      ? window.requestIdleCallback(run, { timeout: 2_000 })
      : setTimeout(run, 200);
  const loaded = () => (afterMs > 0 ? setTimeout(idle, afterMs) : idle());
  if (document.readyState === "complete") loaded();
  else window.addEventListener("load", loaded, { once: true });
}

/** The silent check's hidden iframe: hands the provider's answer to the shop and renders nothing. */
async function answerSilentCheck(): Promise<void> {
  const auth = readSettings(document).auth;
  if (!auth) return;
  const { completeSilentCallback } = await import("./stores/auth/oidc-client.ts");
  const origin = window.location.origin;
  await completeSilentCallback(
    {
      authority: authorityOf(auth, origin),
      clientId: auth.clientId,
      origin,
      silentTimeoutMs: SILENT_CHECK_TIMEOUT_MS,
    },
    window.location.href,
  );
}

// A silent answer that no longer matches a stored request (the shop tab reloaded or signed out
// meanwhile) is nobody's to handle: the shop's own check times out and the visitor stays
// anonymous, as spec §6 wants of a failed silent check.
if (isSilentCallbackFrame(window)) await answerSilentCheck().catch(() => {});
else await start();
