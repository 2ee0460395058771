import { useCallback, useSyncExternalStore } from "react";
import type { ReadonlySignal } from "@preact/signals-core";

/**
 * Reads a store signal in a React component and re-renders when it changes: the bridge between the shared signals
 * store and React (useSyncExternalStore keeps concurrent renders consistent with the signal's current value).
 * @example const session = useSignal(store.session.state);
 */
export function useSignal<T>(signal: ReadonlySignal<T>): T {
  const subscribe = useCallback((onChange: () => void) => signal.subscribe(onChange), [signal]);
  const read = useCallback(() => signal.peek(), [signal]);
  return useSyncExternalStore(subscribe, read, read);
}
