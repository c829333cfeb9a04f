import { createContext, type ReactNode, useContext } from "react";
import type { LoadedShop, RootStore } from "../stores/RootStore.ts";

const StoresContext = createContext<RootStore | null>(null);

export function StoresProvider({ store, children }: { store: RootStore; children: ReactNode }) {
  return <StoresContext.Provider value={store}>{children}</StoresContext.Provider>;
}

/** The RootStore; throws when no provider is mounted (no silent default instance). */
export function useStores(): RootStore {
  const store = useContext(StoresContext);
  if (!store) throw new Error("useStores() needs <StoresProvider>");
  return store;
}

/**
 * The shop's stores the shell follows (the cart badge, the frame picker's host), or null until
 * the shop's chunk has loaded: the shell's one way to the shop, without importing it.
 */
export function useLoadedShop(): LoadedShop | null {
  return useStores().shop;
}
