import { createContext, type ReactNode, useContext } from "react";
import type { RootStore } from "./RootStore.ts";

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
