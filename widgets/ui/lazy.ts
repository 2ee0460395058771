import { useEffect, useState } from "preact/hooks";

export interface Lazy<M> {
  /** The module once it is wanted: `module` when loaded, `failed` when the fetch failed (offline), `retry()` again. */
  use(wanted: boolean): { module?: M; failed: boolean; retry(): void };
}

/**
 * A part of a widget fetched the first time it is wanted (a rarely used flow kept out of the widget's first script;
 * the IIFE build inlines it). One fetch per page; a failed fetch is retried on demand.
 * @example const flows = lazy(() => import("./flows.js")); const { module } = flows.use(open);
 */
export function lazy<M>(load: () => Promise<M>): Lazy<M> {
  let loaded: M | undefined;
  let pending: Promise<M> | undefined;
  const get = () =>
    (pending ??= load().then(
      (m) => (loaded = m),
      (error: unknown) => {
        pending = undefined;
        throw error;
      },
    ));
  return {
    use(wanted) {
      const [, setLoaded] = useState(0);
      const [failed, setFailed] = useState(false);
      useEffect(() => {
        if (!wanted || loaded || failed) return;
        let live = true;
        get().then(
          () => live && setLoaded((n) => n + 1),
          () => live && setFailed(true),
        );
        return () => {
          live = false;
        };
      }, [wanted, failed]);
      return { module: loaded, failed, retry: () => setFailed(false) };
    },
  };
}
