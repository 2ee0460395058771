import { createStoreWith, type SliceDef, type Store, type StoreOptions } from "./store-core.js";

/** The page-wide registry key: every fitkit bundle on the page finds the same stores through it. */
export const STORE_KEY = Symbol.for("fitkit.store");

type Registry = Map<string, Store>;

/**
 * The page's store for an API host, created on first use, with the given slices registered. Separately loaded widget
 * bundles share it (one client, one token refresh, one request for the same data), each adding the slices it needs,
 * so a widget's bundle carries only its own slices.
 * @example const store = getPageStore({ apiBase }, liveSlice); store.live.reservations.load();
 */
export function getPageStore(options: StoreOptions, ...slices: SliceDef[]): Store {
  const g = globalThis as { [STORE_KEY]?: Registry };
  const registry = (g[STORE_KEY] ??= new Map());
  const key = options.apiBase.replace(/\/+$/, "");
  const store = registry.get(key);
  if (store) return store.use(...slices);
  const created = createStoreWith(options, slices);
  registry.set(key, created);
  return created;
}
