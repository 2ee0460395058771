import { createContext, useContext } from "react";
import type { Store } from "../../../src/store/index.js";

/** The page's one shared store (the same instance the widgets on the page use). */
export const StoreContext = createContext<Store | null>(null);

export function useStore(): Store {
  const store = useContext(StoreContext);
  if (!store) throw new Error("useStore outside <StoreContext.Provider>");
  return store;
}
