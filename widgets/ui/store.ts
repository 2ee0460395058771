import { createResource, getPageStore, type Resource, type SliceDef, type Store } from "../../src/store/index.js";
import { useWidget } from "./context.js";
import { useWidgetConfig } from "./config.js";

/**
 * The store a widget reads, with the slices it needs registered: the one the page handed it (`element.store = store`,
 * as the hosted app does), otherwise the page-wide store for its API host (one per page across bundles,
 * `Symbol.for("fitkit.store")`). Registering only what it uses keeps other slices out of the widget's bundle.
 */
export function useStore(...slices: SliceDef[]): Store {
  const host = useWidget().host as HTMLElement & { store?: Store };
  const { apiBase } = useWidgetConfig();
  return host.store ? host.store.use(...slices) : getPageStore({ apiBase }, ...slices);
}

const families = new WeakMap<object, Map<string, Resource<unknown, []>>>();

/**
 * One resource per key in a store, for data several widgets on a page show for different arguments (two series cards,
 * two schedules of different studios): the store's slices hold one value per resource, so each key gets its own
 * core resource here, created once per store and shared by every widget asking for that key.
 */
export function keyedResource<T>(
  store: Store,
  key: string,
  fetcher: (signal: AbortSignal) => Promise<T>,
): Resource<T, []> {
  let family = families.get(store);
  if (!family) families.set(store, (family = new Map()));
  let resource = family.get(key) as Resource<T, []> | undefined;
  if (!resource) family.set(key, (resource = createResource<T>(fetcher)));
  return resource;
}
