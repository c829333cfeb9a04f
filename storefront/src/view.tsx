import { startTransition } from "react";
import { createRoot, hydrateRoot } from "react-dom/client";
import { App } from "./App.tsx";
import { firstContentReady } from "./shell/hydration.tsx";
import type { RootStore } from "./stores/RootStore.ts";

export { preloadScreenOf } from "./screens/lazy.ts";

/**
 * The view (React, the router, the shell): main.tsx loads it beside the stores and
 * mounts it once they have started their calls (DESIGN 3a). Renders, or hydrates a prerendered
 * page, and resolves once the main content is live (from then on state may change).
 */
export function mount(
  root: HTMLElement,
  store: RootStore,
  served: { hydrate: boolean; shell: boolean },
): Promise<void> {
  // A transition: React renders (or hydrates) the first screen in small slices, so the main
  // thread never blocks for long while a slow phone builds it.
  startTransition(() => {
    if (served.hydrate) hydrateRoot(root, <App store={store} shell={served.shell} />);
    else createRoot(root).render(<App store={store} />);
  });
  return firstContentReady;
}
