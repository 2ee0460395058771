import { Signal } from "@preact/signals-core";
import {
  createStoreWith,
  type ExtensionsOf,
  type SliceDef,
  type SliceExtension,
  type SlicesOf,
  type Store,
  type StoreOptions,
} from "./store-core.js";

/** The page-wide registry key: every fitkit bundle on the page finds the same stores through it. */
export const STORE_KEY = Symbol.for("fitkit.store");

type Registry = Map<string, Store<unknown, unknown>[]>;

/**
 * The page's store for an API host, created on first use, with the given slices registered. Separately loaded widget
 * bundles share it (one client, one token refresh, one request for the same data), each adding the slices it needs,
 * so a widget's bundle carries only its own slices. The store's type has what this call registered (and no more: a
 * slice another bundle added may not be there yet when this one reads the store). A bundle with its own copy of
 * `@preact/signals-core` cannot subscribe to another copy's signals, so it gets a store of its own rather than one it
 * could not react to.
 * @example const store = getPageStore({ apiBase }, liveSlice); store.live.reservations.load();
 */
export function getPageStore<D extends (SliceDef | SliceExtension)[]>(
  options: StoreOptions,
  ...slices: D
): Store<SlicesOf<D>, ExtensionsOf<D>> {
  const g = globalThis as { [STORE_KEY]?: Registry };
  const registry = (g[STORE_KEY] ??= new Map());
  const key = options.apiBase.replace(/\/+$/, "");
  const stores: Store<unknown, unknown>[] = registry.get(key) ?? [];
  const store = stores.find((s) => s.session.signedIn instanceof Signal);
  if (store) return store.use(...slices);
  const created = createStoreWith(options, slices);
  registry.set(key, [...stores, created]);
  return created;
}
