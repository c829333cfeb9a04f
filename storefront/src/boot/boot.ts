/**
 * The page's only script tag (DESIGN 3a): a few hundred bytes, built from this module and its
 * plan by `storefront build` (cli/build/boot-script.ts), that start the app once the prerendered
 * page has painted. The first paint then waits for the HTML, the stylesheets and the hero alone,
 * not for ~125 KiB of JavaScript competing for a slow phone's bandwidth. It preloads the entry's
 * chunks, the page's language catalog and the page's (or the route's) screen in parallel, then
 * imports the entry. External, so the CSP stays `script-src 'self'`; identical for every tenant.
 *
 * On a shell page (a route whose content is the app's to render) the JavaScript is the critical
 * path: the HTML preloads the entry's chunks itself, and the route's screen is asked for at once.
 * A tap on a prerendered button before the app starts is kept and replayed once the app is live
 * (hydration keeps the very element), so a quick thumb on a slow phone is not lost; so is text
 * typed into a prerendered field meanwhile.
 */
import { matchPattern } from "../routes.ts";
import { SETTINGS_ELEMENT_ID } from "../settings.ts";
import type { RuntimeSettings } from "../settings-types.ts";
import { hasStoredSession } from "./early-answers.ts";
import { type EarlyKind, startEarlyCalls } from "./early-calls.ts";

/** What the build tells the boot script about the core's files (absolute paths, "/assets/…"). */
export interface BootPlan {
  entry: string;
  /** The entry's static imports and the view's. */
  preload: string[];
  /** Each language's catalog chunk. */
  locales: Record<string, string>;
  /**
   * Each language's first-screen messages (cli/build/message-parts.ts): all a page whose screen
   * is in the first chunks (home) shows until the visitor goes on, a fifth of the catalog.
   */
  firstLocales?: Record<string, string>;
  /** A route's own part of each language's catalog (event pages), by route pattern. */
  routeLocales?: Record<string, Record<string, string>>;
  /** A prerendered page's own part of each language's catalog (contacts), by page kind. */
  pageLocales?: Record<string, Record<string, string>>;
  /** The chunks of each prerendered page's screen that the entry does not bring, by page kind. */
  screens: Record<string, string[]>;
  /** The chunks of each preloaded route's screen and the shop, by route pattern ("/event/:id"). */
  routes: Array<[string, string[]]>;
  /** The page kinds that are shells (`data-page` values): their route's modules are asked for at once. */
  shells: string[];
  /** The first screen's page kinds (home): the catalog's first part is all they show. */
  firstPages?: string[];
  /** The routes whose first calls start here, by route pattern (the route table's `prefetch`). */
  early?: Array<[string, EarlyKind]>;
}

/** The page's window; the entry's import is a parameter so a test can stand in for the network. */
export interface BootHost {
  window: Window;
  importEntry(href: string): Promise<unknown>;
  /** The page's fetch: with it the gallery routes' first calls start at once (early-calls.ts). */
  fetch?: typeof fetch;
}

export function boot(plan: BootPlan, host: BootHost): void {
  const { document, location } = host.window;
  const root = document.documentElement;
  const page = document.getElementById("root")?.dataset.page ?? "";
  let started = false;
  let preloaded = false;
  if (host.fetch && plan.early) {
    // The gallery routes' calls go out now, not once the app's JavaScript has arrived.
    try {
      const settings = JSON.parse(
        document.getElementById(SETTINGS_ELEMENT_ID)?.textContent ?? "{}",
      ) as Partial<RuntimeSettings>;
      startEarlyCalls(plan.early, {
        window: host.window,
        fetch: host.fetch,
        apiOrigin: new URL(settings.api?.origin ?? location.origin).origin,
        language: root.lang,
        signedIn: hasStoredSession(host.window.sessionStorage),
        preloadImage: (href) => {
          const link = document.createElement("link");
          link.rel = "preload";
          link.as = "image";
          link.href = href;
          link.fetchPriority = "high";
          document.head.append(link);
        },
      });
    } catch {
      // No readable settings: the app asks for everything itself (and says what is wrong).
    }
  }

  // Fetches (without running) the modules the page will need: the entry's chunks, the page's
  // catalog, and the page's or the route's screen (the route table's matcher, routes.ts).
  const preload = () => {
    if (preloaded) return;
    preloaded = true;
    const route = plan.routes.find(([pattern]) => matchPattern(pattern, location.pathname));
    const firstScreen =
      !route &&
      !plan.shells.includes(page) &&
      (plan.firstPages?.includes(page) || !(page in plan.screens));
    const files = [
      ...plan.preload,
      (route ? plan.routeLocales?.[route[0]]?.[root.lang] : undefined) ??
        (firstScreen ? plan.firstLocales?.[root.lang] : undefined) ??
        (route ? undefined : plan.pageLocales?.[page]?.[root.lang]) ??
        plan.locales[root.lang],
      ...(plan.screens[page] ?? []),
      ...(route?.[1] ?? []),
    ];
    for (const href of files) {
      if (!href) continue;
      const link = document.createElement("link");
      link.rel = "modulepreload";
      link.crossOrigin = "";
      link.href = href;
      document.head.append(link);
    }
  };

  const start = () => {
    if (started) return;
    started = true;
    // The entry first: it starts the page's calls as soon as it and the stores have arrived.
    // If it (or the view it imports) cannot load, the page stays readable but its buttons do
    // nothing: the page says so and offers a reload, instead of failing silently.
    host.importEntry(plan.entry).catch(() => {
      if (root.dataset.app !== "live")
        document.querySelector(".load-failed")?.removeAttribute("hidden");
    });
    preload();
  };

  let tapped: HTMLButtonElement | null = null;
  const keep = (event: Event) => {
    // Until the app takes over (data-app set): later taps are React's own to replay.
    if (root.dataset.app) return;
    const button = event.target instanceof Element ? event.target.closest("button") : null;
    if (button) tapped = button;
  };
  document.addEventListener("click", keep, true);
  // Text typed into a prerendered field before the app is live: hydration puts the app's (empty)
  // value back, so the last value of each field is kept and handed to the app as the visitor's
  // own typing once it is live.
  const typed = new Map<HTMLInputElement | HTMLTextAreaElement, string>();
  const keepText = (event: Event) => {
    const field = event.target;
    if (field instanceof HTMLInputElement || field instanceof HTMLTextAreaElement)
      typed.set(field, field.value);
  };
  document.addEventListener("input", keepText, true);
  // This script is a module: it runs once the whole page is parsed, and a quick thumb on a slow
  // phone may have typed into a field before that, with no input event left to hear.
  for (const field of document.querySelectorAll<HTMLInputElement | HTMLTextAreaElement>(
    "#root input, #root textarea",
  )) {
    if (isTextField(field) && field.value !== field.defaultValue) typed.set(field, field.value);
  }
  new MutationObserver((_, observer) => {
    if (root.dataset.app !== "live") return;
    observer.disconnect();
    document.removeEventListener("click", keep, true);
    document.removeEventListener("input", keepText, true);
    for (const [field, value] of typed) retype(field, value);
    if (tapped?.isConnected) tapped.click();
  }).observe(root, { attributes: true, attributeFilter: ["data-app"] });

  // A shell has nothing to read before the app renders the route: its route's modules are asked
  // for at once (its HTML already asked for the entry's). Every page starts the app after its
  // first paint (the frame after this one), or soon in a tab that does not paint, so the first
  // paint never waits for the app's evaluation.
  if (plan.shells.includes(page)) preload();
  host.window.requestAnimationFrame(() => host.window.setTimeout(start, 0));
  host.window.setTimeout(start, 300);
}

/** A field a visitor types text into (not a checkbox, radio, button or file). */
function isTextField(field: HTMLInputElement | HTMLTextAreaElement): boolean {
  return (
    field instanceof HTMLTextAreaElement ||
    ["text", "search", "email", "tel", "url", "number", "password"].includes(field.type)
  );
}

/**
 * Hands text typed before the app was live to the app. The app notices a change against the
 * value it last set: set an empty one its way, then the typed text past it (the element's own
 * setter), as a keystroke would.
 */
function retype(field: HTMLInputElement | HTMLTextAreaElement, value: string): void {
  if (!field.isConnected) return;
  field.value = "";
  Object.getOwnPropertyDescriptor(Object.getPrototypeOf(field), "value")?.set?.call(field, value);
  field.dispatchEvent(new Event("input", { bubbles: true }));
}
