import { useCallback, useEffect, useState } from "react";
import { failureMessage } from "./console-frame.js";

/**
 * A console page's data and its writes, the way every list page of the console works: `read` loads the data (again
 * whenever it changes: keep it stable with useCallback), and `run` performs a write with the page's busy flag, then
 * reloads and shows the write's answer as the notice, or its failure as the error.
 */
export function useConsoleData<T>(read: (signal?: AbortSignal) => Promise<T>) {
  const [data, setData] = useState<T | undefined>();
  const [error, setError] = useState("");
  const [notice, setNotice] = useState("");
  const [busy, setBusy] = useState(false);

  const load = useCallback(
    (signal?: AbortSignal) =>
      read(signal).then(
        (answer) => !signal?.aborted && setData(answer),
        (e: unknown) => !signal?.aborted && setError(failureMessage(e)),
      ),
    [read],
  );
  useEffect(() => {
    const abort = new AbortController();
    void load(abort.signal);
    return () => abort.abort();
  }, [load]);

  /** Runs a write; `reload: false` for one whose answer already is the new data (given to `setData`). */
  const run = async (action: () => Promise<string>, { reload = true } = {}) => {
    setBusy(true);
    setError("");
    setNotice("");
    try {
      const done = await action();
      if (reload) await load();
      setNotice(done);
    } catch (e) {
      setError(failureMessage(e));
    } finally {
      setBusy(false);
    }
  };

  return { data, setData, error, setError, notice, busy, run };
}
