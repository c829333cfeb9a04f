import { type ComponentType, createElement, type LazyExoticComponent, lazy, useState } from "react";
import { CHUNK_LOAD_TIMEOUT_MS } from "../domain/constants.ts";
import { withTimeout } from "../domain/with-timeout.ts";
import { needScreenMessages } from "../i18n.ts";
import { matchRoute, ROUTE_NAMES, routeEntry } from "../routes.ts";

/** A lazy screen that can also be loaded ahead of its first render. */
export interface LazyScreen {
  (): ReturnType<typeof createElement>;
  /** Loads (and evaluates) the screen's chunk; a render after this needs no Suspense. */
  preload(): Promise<unknown>;
}

type ScreenModule = Record<string, ComponentType>;

/**
 * Every screen module, each its own chunk: the route table (routes.ts) names a route's screen by
 * its module ("event/EventScreen"), and the build finds its chunks by the same name
 * (cli/build/core.ts). Nothing else lists them. The first screen (home) is one of them too, so
 * no other route loads it; the boot script fetches it beside the entry on home.
 */
const LOADERS = import.meta.glob<ScreenModule>("./*/*Screen.tsx");

/**
 * A lazy screen whose chunk load gives up after 120 s (spec §9) instead of hanging forever.
 * Loaded ahead (`preload`, as main.tsx does for the address a visitor opens), it renders at once:
 * no loading state in between, so an event page shared after a race shows the event sooner. The
 * choice is made once per mount, so a screen is never remounted when its chunk arrives.
 */
function lazyScreen(module: string, firstScreen: boolean): LazyScreen {
  const load = LOADERS[`./${module}.tsx`];
  if (!load) throw new Error(`no screen module screens/${module}.tsx`);
  const name = module.slice(module.lastIndexOf("/") + 1);
  let loaded: ComponentType | undefined;
  let pending: Promise<ComponentType> | undefined;
  const get = () => {
    // A lazy screen shows more than the first screen's messages: its own part of the catalog,
    // or the whole of it, comes along. The first screen's are in every part.
    pending ??= Promise.all([
      withTimeout(load(), CHUNK_LOAD_TIMEOUT_MS),
      firstScreen ? undefined : needScreenMessages(module),
    ]).then(([m]) => {
      const component = m[name];
      if (!component) throw new Error(`screens/${module}.tsx exports no ${name}`);
      loaded = component;
      return component;
    });
    return pending;
  };
  const Lazy: LazyExoticComponent<ComponentType> = lazy(() =>
    get().then((component) => ({ default: component })),
  );
  function Screen() {
    const [Component] = useState<ComponentType>(() => loaded ?? Lazy);
    return createElement(Component);
  }
  Screen.displayName = name;
  Screen.preload = () => get();
  return Screen;
}

/** Each screen module the table names (a route's `screen` and `signedOut`), built once. */
const SCREENS = new Map<string, LazyScreen>();
for (const route of ROUTE_NAMES) {
  const entry = routeEntry(route);
  for (const module of [entry.screen, entry.signedOut]) {
    if (!module || SCREENS.has(module)) continue;
    SCREENS.set(module, lazyScreen(module, entry.firstScreen === true));
  }
}

/** The component of a screen module the route table names ("event/EventScreen"). */
export function screenOf(module: string): ComponentType {
  const component = SCREENS.get(module);
  if (!component) throw new Error(`the route table names no screen ${module}`);
  return component;
}

/**
 * Loads the screen of a preloaded route's address (and of the first screen's) ahead of the first
 * render; a failure is left to the screen's own load.
 */
export function preloadScreenOf(path: string): Promise<void> {
  const route = matchRoute(path);
  const entry = route && routeEntry(route.name);
  if (!entry || !(entry.preload || entry.firstScreen)) return Promise.resolve();
  const component = SCREENS.get(entry.screen);
  if (!component) return Promise.resolve();
  return component.preload().then(
    () => undefined,
    () => undefined,
  );
}
