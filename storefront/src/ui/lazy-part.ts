import { type ComponentType, createElement, lazy } from "react";
import { CHUNK_LOAD_TIMEOUT_MS } from "../domain/constants.ts";
import { withTimeout } from "../domain/with-timeout.ts";
import { needAllMessages } from "../i18n.ts";

/** A part of a screen in a chunk of its own, rendered under a Suspense boundary. */
export interface LazyPart<P extends object> {
  (props: P): ReturnType<typeof createElement>;
  /** Starts loading the chunk (the visitor is about to need it); loads it once. */
  preload(): Promise<unknown>;
}

/**
 * What a screen shows only once the visitor acts or a reply has come (the viewer, the search's
 * results, the whole gallery): its chunk loads then, or on `preload()`, not with the screen. A
 * load gives up after 120 s (spec §9), and the screen's error boundary says so.
 */
export function lazyPart<P extends object>(load: () => Promise<ComponentType<P>>): LazyPart<P> {
  let pending: Promise<ComponentType<P>> | undefined;
  const get = () => {
    // A part beyond a screen's first render may show any message: the whole catalog comes along.
    pending ??= Promise.all([withTimeout(load(), CHUNK_LOAD_TIMEOUT_MS), needAllMessages()]).then(
      ([component]) => component,
    );
    // A failed load may be tried again (the next render, after a reload of the part).
    pending.catch(() => {
      pending = undefined;
    });
    return pending;
  };
  const Lazy = lazy(() => get().then((component) => ({ default: component })));
  const Part = (props: P) => createElement(Lazy as ComponentType<P>, props);
  Part.preload = () => get();
  return Part;
}
