import { batch, signal, type ReadonlySignal } from "@preact/signals-core";
import type { Status } from "./resource.js";

/** A write with its own loading / success / error flags (spec §4: plan change, booking, join series, …). */
export interface Mutation<T, A extends unknown[]> {
  readonly status: ReadonlySignal<Status>;
  readonly loading: ReadonlySignal<boolean>;
  /** The failure (an ApiError carries the HTTP status the spec says to store). */
  readonly error: ReadonlySignal<unknown>;
  readonly data: ReadonlySignal<T | undefined>;
  /** Resolves with the answer, or undefined when it failed (the failure is in `error`). Never rejects. */
  run(...args: A): Promise<T | undefined>;
  reset(): void;
}

export function createMutation<T, A extends unknown[]>(write: (...args: A) => Promise<T>): Mutation<T, A> {
  const status = signal<Status>("idle");
  const loading = signal(false);
  const error = signal<unknown>(undefined);
  const data = signal<T | undefined>(undefined);
  let latest = 0;
  return {
    status,
    loading,
    error,
    data,
    async run(...args) {
      const run = ++latest;
      batch(() => {
        status.value = "loading";
        loading.value = true;
        error.value = undefined;
      });
      try {
        const value = await write(...args);
        if (run === latest) {
          batch(() => {
            data.value = value;
            status.value = "success";
          });
        }
        return value;
      } catch (e) {
        if (run === latest) {
          batch(() => {
            error.value = e;
            status.value = "error";
          });
        }
        return undefined;
      } finally {
        if (run === latest) loading.value = false;
      }
    },
    reset() {
      latest++;
      batch(() => {
        status.value = "idle";
        loading.value = false;
        error.value = undefined;
        data.value = undefined;
      });
    },
  };
}
