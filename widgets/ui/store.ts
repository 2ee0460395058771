import { getPageStore, type ExtensionsOf, type SliceDef, type SlicesOf, type Store } from "../../src/store/index.js";
import { useWidget } from "./context.js";
import { useWidgetConfig } from "./config.js";

/**
 * The store a widget reads, with the slices it needs registered (and typed with just those): the one the page handed
 * it (`element.store = store`, as the hosted app does), otherwise the page-wide store for its API host (one per page
 * across bundles, `Symbol.for("fitkit.store")`). Registering only what it uses keeps other slices out of the widget's
 * bundle.
 */
export function useStore<D extends SliceDef[]>(...slices: D): Store<SlicesOf<D>, ExtensionsOf<D>> {
  const host = useWidget().host as HTMLElement & { store?: Store<unknown, unknown> };
  const { apiBase } = useWidgetConfig();
  return host.store ? host.store.use(...slices) : getPageStore({ apiBase }, ...slices);
}
