import { createStore, type Store, type StoreOptions } from "./create-store.js";

/** The page-wide registry key: every fitkit bundle on the page finds the same stores through it. */
export const STORE_KEY = Symbol.for("fitkit.store");

type Registry = Map<string, Store>;

/**
 * The page's store for an API host, created on first use. Separately loaded widget bundles share it (one client,
 * one token refresh, one request for the same data).
 * @example const store = getSharedStore({ apiBase: element.getAttribute("api-base") ?? location.origin });
 */
export function getSharedStore(options: StoreOptions): Store {
  const g = globalThis as { [STORE_KEY]?: Registry };
  const registry = (g[STORE_KEY] ??= new Map());
  const key = options.apiBase.replace(/\/+$/, "");
  let store = registry.get(key);
  if (!store) registry.set(key, (store = createStore(options)));
  return store;
}
