import { batch, signal, type ReadonlySignal } from "@preact/signals-core";
import type { Tag } from "./context.js";
import type { Store } from "./store-core.js";

export type Status = "idle" | "loading" | "success" | "error";

/**
 * One remote value as a status machine (spec §4: request → success | error → fulfil). Only the latest load may
 * commit; a newer load with different arguments aborts the older one; a load with the same arguments as the one in
 * flight joins it (two widgets → one request); a load with the arguments of the last success is skipped unless forced.
 * A reload never joins: what is in flight may answer from before the change that asked for it, so it starts afresh,
 * and whoever waited on the earlier load gets the fresh answer.
 */
export interface Resource<T, A extends unknown[] = []> {
  readonly data: ReadonlySignal<T | undefined>;
  readonly status: ReadonlySignal<Status>;
  /** Set on request, cleared on fulfil. */
  readonly loading: ReadonlySignal<boolean>;
  readonly error: ReadonlySignal<unknown>;
  /** At least one load has been fulfilled (succeeded or failed). */
  readonly fulfilled: ReadonlySignal<boolean>;
  /** Loads unless these arguments already succeeded; resolves with the data, or undefined on error or abort. */
  load(...args: A): Promise<T | undefined>;
  /** Loads even if these arguments already succeeded or are in flight. */
  reload(...args: A): Promise<T | undefined>;
  /** Reloads with the last arguments if it was loaded since the last reset (a write changed it); else does nothing. */
  refresh(): Promise<T | undefined> | undefined;
  /** Replaces the data locally (e.g. with a mutation's answer). */
  set(data: T | undefined): void;
  abort(): void;
  /** Back to idle with no data (sign-out). */
  reset(): void;
}

export function createResource<T, A extends unknown[] = []>(
  fetcher: (signal: AbortSignal, ...args: A) => Promise<T>,
  keyOf: (...args: A) => string = (...args) => JSON.stringify(args),
): Resource<T, A> {
  const data = signal<T | undefined>(undefined);
  const status = signal<Status>("idle");
  const loading = signal(false);
  const error = signal<unknown>(undefined);
  const fulfilled = signal(false);
  /** The load in flight; `next`: the reload of the same arguments that replaced it, whose answer its callers get. */
  let current:
    | { key: string; controller: AbortController; promise: Promise<T | undefined>; next?: Promise<T | undefined> }
    | undefined;
  let loadedKey: string | undefined;
  let lastArgs: A | undefined;

  function run(force: boolean, args: A): Promise<T | undefined> {
    lastArgs = args;
    const key = keyOf(...args);
    const previous = current;
    if (!force && previous?.key === key) return previous.promise;
    if (!force && loadedKey === key && status.peek() === "success") return Promise.resolve(data.peek());
    previous?.controller.abort();
    const controller = new AbortController();
    const load = { key, controller } as NonNullable<typeof current>;
    batch(() => {
      status.value = "loading";
      loading.value = true;
    });
    const promise = fetcher(controller.signal, ...args).then(
      (value) => {
        if (current !== load) return load.next;
        loadedKey = key;
        batch(() => {
          data.value = value;
          error.value = undefined;
          status.value = "success";
        });
        return value;
      },
      (e) => {
        if (current !== load) return load.next;
        loadedKey = undefined;
        batch(() => {
          error.value = e;
          status.value = "error";
        });
        return undefined;
      },
    );
    load.promise = promise.finally(() => {
      if (current !== load) return;
      current = undefined;
      batch(() => {
        loading.value = false;
        fulfilled.value = true;
      });
    });
    if (previous?.key === key) previous.next = load.promise;
    current = load;
    return load.promise;
  }

  function abort() {
    current?.controller.abort();
    current = undefined;
    if (loading.peek()) {
      batch(() => {
        loading.value = false;
        status.value = data.peek() === undefined ? "idle" : "success";
      });
    }
  }

  return {
    data,
    status,
    loading,
    error,
    fulfilled,
    load: (...args) => run(false, args),
    reload: (...args) => run(true, args),
    refresh: () => lastArgs && run(true, lastArgs),
    set(value) {
      data.value = value;
    },
    abort,
    reset() {
      abort();
      loadedKey = lastArgs = undefined;
      batch(() => {
        data.value = undefined;
        error.value = undefined;
        status.value = "idle";
        fulfilled.value = false;
      });
    },
  };
}

/** Keeps a write's answer in `resource` and passes it on (for mutations that answer the whole new value). */
export const into =
  <T>(resource: Pick<Resource<T, never[]>, "set">) =>
  (value: T): T => (resource.set(value), value);

const families = new WeakMap<object, Map<string, Resource<unknown, []>>>();

/**
 * One resource per key in a store, for data several widgets on a page show for different arguments (two series cards,
 * two schedules of different studios): the store's slices hold one value per resource, so each key gets its own
 * resource here, created once per store and shared by every widget asking for that key. It is watched under its key's
 * prefix (`live.classes:…` under `live.classes`), so the writes that change it reload it.
 */
export function keyedResource<T>(
  store: Store<unknown, unknown>,
  key: string,
  fetcher: (signal: AbortSignal) => Promise<T>,
): Resource<T, []> {
  let family = families.get(store);
  if (!family) families.set(store, (family = new Map()));
  let resource = family.get(key) as Resource<T, []> | undefined;
  if (!resource) family.set(key, (resource = store.watch(key.split(":")[0] as Tag, createResource<T>(fetcher))));
  return resource;
}
