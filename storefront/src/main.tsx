import { openShop } from "./app/open-shop.ts";
import { earlyCallsOf, hasStoredSession } from "./boot/early-answers.ts";
import {
  ANONYMOUS_SILENT_CHECK_DELAY_MS,
  authorityOf,
  SILENT_CHECK_TIMEOUT_MS,
} from "./domain/auth.ts";
import { CHUNK_LOAD_TIMEOUT_MS } from "./domain/constants.ts";
import { eventIdOfPath, isShell, pageForPath } from "./domain/pages.ts";
import { withTimeout } from "./domain/with-timeout.ts";
import { loadMessages, needAllMessages, needScreenMessages } from "./i18n.ts";
import { matchRoute, routeEntry } from "./routes.ts";
import { readSettings } from "./settings.ts";
import { isSilentCallbackFrame } from "./stores/AuthStore.ts";
import { takeCallbackUrl } from "./stores/auth/callback-url.ts";
import { documentCookies } from "./stores/cookies.ts";
import type { FindStores } from "./stores/find.ts";
import { RootStore } from "./stores/RootStore.ts";
import { safeStorage } from "./stores/types.ts";
import { whenThemeReady } from "./theme-gate.ts";
import "./styles/main.scss";

async function start(): Promise<void> {
  // First of all: the sign-in code leaves the address bar before any request leaves the page.
  takeCallbackUrl(window);
  const html = document.documentElement;
  const servedLanguage = html.lang;
  const touch = window.matchMedia("(pointer: coarse)").matches || "ontouchstart" in window;
  html.classList.add(touch ? "touch" : "no-touch");

  const store = new RootStore({
    settings: readSettings(document),
    host: window.location.host,
    storage: safeStorage(window.localStorage),
    visitStorage: safeStorage(visitStorage()),
    browserLanguages: navigator.languages ?? [navigator.language],
    width: window.innerWidth,
    touch,
    loadMessages,
    origin: window.location.origin,
    early: earlyCallsOf(window),
    cookies: documentCookies(document),
    analytics: (event) => {
      const w = window as unknown as { dataLayer?: unknown[] };
      w.dataLayer ??= [];
      w.dataLayer.push(event);
    },
  });

  window.addEventListener("unhandledrejection", (event) => store.errors.report(event.reason));
  // The view (React, the router, the screens) is on its way beside this chunk (the boot script
  // preloads it): the stores start their calls before it has arrived.
  const view = withTimeout(import("./view.tsx"), CHUNK_LOAD_TIMEOUT_MS);
  const path = window.location.pathname;
  // What the route table says of this address (routes.ts): an unknown one is treated like any
  // route but the first screen until the router sends it home.
  const route = matchRoute(path);
  const entry = route ? routeEntry(route.name) : undefined;
  const firstInput = entry?.shop === "first-input";
  // Home shows only the first screen's messages; any other screen its own part of the catalog
  // or the whole of it, loaded beside the view instead of after it.
  if (entry && !entry.firstScreen) void needScreenMessages(entry.screen);
  else if (!entry) void needAllMessages();
  // Home's calls go out now, while the messages load and the page hydrates.
  if (entry?.prefetch === "home") store.home.prefetch();
  const eventId = eventIdOfPath(path);
  if (eventId) store.prefetchEvent(eventId);
  // Every address that finds photos (not home, contacts or a landing page: the route table's
  // `shop: "first-input"`) needs the shop's finding stores at once: their chunk came beside the
  // entry's (the boot script preloads the route's screen), so they are built now, and an event
  // page asks for the event's products as soon as the event is known, not after the page has
  // rendered it. The rest of the shop (the cart, checkout) comes with a screen that buys, or
  // once the page is live (openShop below).
  const find = firstInput ? null : loadFind(store);
  const offers = find && eventId ? find.then((s) => s && prefetchEventOffers(s, eventId)) : null;
  // The whole gallery (/event/{id}/photos?tab=all): its photo list goes out as soon as the
  // event is known, beside the offers, not after the screen has rendered.
  if (find && eventId) void find.then((s) => s?.gallery.prefetch(path, window.location.search));

  // The route's screen is evaluated before the first render, so it renders at once (no loading
  // state in between), unless its chunk is slow: then the screen's own loading state shows.
  const [themeReady, { mount, preloadScreenOf }] = await Promise.all([
    whenThemeReady(html),
    view,
    store.language.init(),
  ]);
  await Promise.race([preloadScreenOf(path), delay(SCREEN_PRELOAD_WAIT_MS)]);
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
  html.dataset.app = "starting"; // from now on React keeps and replays a tap itself
  // Nothing the first render read may change before it is live: hydration needs the same state.
  store.language.takeOverPage(hydrate);
  await mount(root, store, { hydrate, shell: isShell(page) });
  html.dataset.app = "live";
  store.language.takeOverPage(false);
  store.announceSignOut();
  // The shop (cart, search, checkout…): the cart is opened (or created) and kept in step with
  // the other tabs, and the app bar shows its badge from then on. Home, contacts and the landing
  // pages have no use for it before the visitor does something, so there it waits for the first
  // touch, key or scroll, or else 5 s after load and an idle moment: a slow phone's main thread
  // stays free while the page settles. Every other route built its finding stores at start-up.
  if (firstInput) {
    const once = () => {
      for (const type of FIRST_INPUT) window.removeEventListener(type, once, true);
      void openShop(store);
    };
    for (const type of FIRST_INPUT)
      window.addEventListener(type, once, { capture: true, passive: true });
    whenLoadedAndIdle(once, ANONYMOUS_SILENT_CHECK_DELAY_MS);
  } else if (find) {
    // The cart and checkout show the cart: it opens at once. Elsewhere it opens once the page's
    // own content (an event page's event and offers) has painted: its calls never stand first.
    const open = () => void openShop(store);
    if (entry?.shop === "at-once") open();
    else
      void (offers ?? Promise.resolve())
        .catch(() => {})
        .then(() => afterNextPaint(() => whenIdle(open)));
  }
  // The sign-in check on load: after the first render, never blocking it (spec §6). At the
  // callback address the callback screen completes the sign-in instead. With a session in this
  // tab the check runs at once (the account link appears quickly); an anonymous visitor's silent
  // ask to the provider waits until 5 s after load and an idle moment, so the sign-in library
  // and its hidden frame never compete with the first screen (/my-account asks at once).
  if (matchRoute(window.location.pathname)?.name !== "auth-callback") {
    if (hasStoredSession(window.sessionStorage)) void store.auth.init();
    else whenLoadedAndIdle(() => void store.auth.init(), ANONYMOUS_SILENT_CHECK_DELAY_MS);
  }
}

const FIRST_INPUT = ["pointerdown", "keydown", "scroll"] as const;
/** How long the first render waits for the route's screen chunk before showing its loading state. */
const SCREEN_PRELOAD_WAIT_MS = 2_000;

const delay = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** The shop's finding stores (built), or null when their chunk failed to load. */
async function loadFind(store: RootStore): Promise<FindStores | null> {
  try {
    // Their notices' words come with the route's screen, whose own part (or the whole catalog)
    // holds the finding stores' messages: each screen that shows them imports them.
    const { findOf } = await withTimeout(import("./stores/find.ts"), CHUNK_LOAD_TIMEOUT_MS);
    return findOf(store);
  } catch (error) {
    // A failed chunk load: the screens that shop say so themselves when they load.
    store.errors.report(error);
    return null;
  }
}

/** An event page's event, then its products (the page's offers), asked for in a row. */
async function prefetchEventOffers(find: FindStores, eventId: string): Promise<void> {
  const event = await find.events.load(eventId);
  if (event) await find.catalog.load(event.catalogId);
}

/** The tab's sessionStorage, or none where the browser refuses it (then memory keeps the visit). */
function visitStorage(): Storage | undefined {
  try {
    return window.sessionStorage;
  } catch {
    return undefined;
  }
}

/** Runs `run` once the next frame has been painted. */
function afterNextPaint(run: () => void): void {
  requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(run, 0)));
}

/** Runs `run` in the browser's next idle moment (within 2 s). */
function whenIdle(run: () => void): void {
  if ("requestIdleCallback" in window) window.requestIdleCallback(run, { timeout: 2_000 });
  else setTimeout(run, 200);
}

/** Runs `run` in an idle moment once the page has loaded and `afterMs` more have passed. */
function whenLoadedAndIdle(run: () => void, afterMs = 0): void {
  const loaded = () => (afterMs > 0 ? setTimeout(() => whenIdle(run), afterMs) : whenIdle(run));
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
