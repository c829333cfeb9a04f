import { createContext, useContext, useEffect, useSyncExternalStore } from "react";

/**
 * Prerendered pages (DESIGN 3a) are hydrated: the client's first render must produce exactly
 * the server's HTML. A page served as a shell (app bar, drawer, footer and a loading state)
 * keeps its loading state until hydration is done, then the route renders.
 */
const ServedShell = createContext(false);
export const ServedShellProvider = ServedShell.Provider;

export function useServedShell(): boolean {
  return useContext(ServedShell);
}

const subscribeNever = () => () => {};

/** False on the server and during hydration; true afterwards and in a client-only render. */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribeNever,
    () => true,
    () => false,
  );
}

let markDone: () => void = () => {};
/** Resolves once the main content has hydrated (or rendered): state may change from then on. */
export const firstContentReady = new Promise<void>((resolve) => {
  markDone = resolve;
});

/** Called by the main content (a screen or the loading state) once it is live. */
export function useContentReady(): void {
  useEffect(() => markDone(), []);
}
