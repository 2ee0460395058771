import { effect } from "@preact/signals-core";
import { createApiClient, type ApiClient } from "../api/client.js";
import { refreshTokens } from "../api/calls/auth.js";
import { createAuth, type Auth } from "../auth/auth.js";
import type { RefreshLock } from "../auth/refresh-lock.js";
import { memoryStorage, type Invalidation, type KeyValueStorage, type StoreContext, type Tag } from "./context.js";
import type { Resource } from "./resource.js";
import type { AllExtensions, AllSlices } from "./create-store.js";
import { createSessionSlice, type SessionSlice } from "./slices/session.js";

export interface StoreOptions {
  /** The API host (config.json `apiBase`, or a widget's `api-base` attribute). */
  apiBase: string;
  /** Where tokens live; `localStorage` by default, memory when there is none. */
  storage?: KeyValueStorage;
  fetch?: typeof globalThis.fetch;
  now?: () => number;
  /** The cross-tab refresh lock (Web Locks / BroadcastChannel by default). */
  lock?: RefreshLock;
  /** Per-attempt timeout and retry delays (spec §9 defaults: 8000 ms, 250 ms doubling). */
  timeout?: number;
  retryDelay?: (attempt: number) => number;
  /** Where other tabs' storage events arrive (`window` by default). */
  events?: Pick<EventTarget, "addEventListener" | "removeEventListener">;
}

/**
 * How a slice is built: `name` is where it appears on the store, `T` what it holds, `Needs` the slices it reads
 * (registered with it, from `needs`).
 */
export interface SliceDef<K extends SliceName = SliceName, T extends object = object, Needs = unknown> {
  readonly name: K;
  readonly needs?: readonly SliceDef[];
  create(ctx: StoreContext, store: Store<Needs, unknown>): T;
}

/**
 * More members for `store.session` or a slice, registered with `use` like a slice: what only some bundles need (the
 * hosted app's account actions, the membership flows' writes) stays out of the others. The members appear on the
 * session or slice once registered (and once the slice is built); `Base` is what `create` reads from it.
 */
export interface SliceExtension<K extends "session" | SliceName = "session" | SliceName, Base = never, T = object> {
  readonly extends: K;
  create(ctx: StoreContext, base: Base): T;
}

type AnyDef = SliceDef | SliceExtension;
type Intersection<U> = (U extends unknown ? (u: U) => void : never) extends (i: infer I) => void ? I : never;

/** The slices a list of definitions registers (with what they need), by name. */
export type SlicesOf<D extends readonly AnyDef[]> = Intersection<
  D[number] extends infer X ? (X extends SliceDef<infer K, infer T, infer N> ? { [P in K]: T } & N : never) : never
>;
/** The members a list of extensions adds, by the name of the session or slice they extend. */
export type ExtensionsOf<D extends readonly AnyDef[]> = Intersection<
  D[number] extends infer X ? (X extends SliceExtension<infer K, never, infer T> ? { [P in K]: T } : never) : never
>;

type Extended<E, K> = K extends keyof E ? E[K] : unknown;

/**
 * A store with the slices `S` and the extensions `E` registered: exactly what a bundle registered is on its type (a
 * widget that did not register the session's account half cannot call `session.signIn`). `Store` alone is the hosted
 * app's store, with every slice and extension (`createStore`).
 */
export type Store<S = AllSlices, E = AllExtensions> = StoreBase<S, E> & {
  readonly [K in keyof S]: S[K] & Extended<E, K>;
};

interface StoreBase<S, E> extends Invalidation {
  readonly apiBase: string;
  readonly api: ApiClient;
  readonly auth: Auth;
  readonly session: SessionSlice & Extended<E, "session">;
  /** Makes these slices available (each is built on first use, once per store) and adds these extensions. */
  use<D extends readonly AnyDef[]>(...defs: D): Store<S & SlicesOf<D>, E & ExtensionsOf<D>>;
  /** Stops listening to other tabs. */
  dispose(): void;
}

const NAMES = [
  "catalogue",
  "favourites",
  "collections",
  "activity",
  "challenge",
  "series",
  "calendars",
  "live",
  "membership",
  "content",
  "player",
] as const;
/** Where a slice can appear on the store. */
type SliceName = (typeof NAMES)[number];

/** The store as built here, before its type says which slices and extensions it has. */
type Built = Omit<StoreBase<unknown, unknown>, "use"> & { use(...defs: readonly AnyDef[]): Built };

/**
 * A store with its client, tokens and session, and the given slices. Slices are built lazily on first access, so a
 * bundle carries only the slices it registers; signing out (here or in another tab) resets every member-only slice.
 */
export function createStoreWith<const D extends readonly AnyDef[]>(
  options: StoreOptions,
  defs: D,
): Store<SlicesOf<D>, ExtensionsOf<D>> {
  const storage = options.storage ?? (typeof localStorage === "undefined" ? memoryStorage() : localStorage);
  const now = options.now ?? Date.now;
  const client = (tokens?: Auth) =>
    createApiClient({
      baseURL: options.apiBase,
      fetch: options.fetch,
      timeout: options.timeout,
      retryDelay: options.retryDelay,
      tokens,
    });
  // The refresh call itself goes through a client without tokens (it must not wait for itself).
  const publicClient = client();
  const auth = createAuth({
    storage,
    now,
    lock: options.lock,
    events: options.events,
    refresh: (token) => refreshTokens(publicClient, token),
  });
  const api = client(auth);
  const watched: [Tag, Pick<Resource<unknown, never>, "refresh">][] = [];
  const watch: Invalidation["watch"] = (tag, resource) => (watched.push([tag, resource]), resource);
  const invalidate = (...tags: Tag[]) =>
    Promise.all(watched.map(([tag, resource]) => tags.includes(tag) && resource.refresh()));
  const ctx: StoreContext = {
    api,
    auth,
    storage,
    now,
    signedIn: auth.signedIn,
    watch,
    invalidate,
    after:
      (...tags) =>
      (answer) =>
        invalidate(...tags).then(() => answer),
  };
  const session = createSessionSlice(ctx);
  const registry = new Map<SliceName, SliceDef>();
  const extensions = new Set<SliceExtension>();
  const built = new Map<SliceName, object>();

  /**
   * Adds an extension's members to the session or a built slice; its reset joins the base's (signing out clears both).
   */
  function extend(base: object, def: SliceExtension) {
    const target = base as { reset?: () => void };
    const part = def.create(ctx, base as never) as { reset?: () => void };
    const { reset } = target;
    Object.assign(target, part);
    if (reset && part.reset) target.reset = () => (reset(), part.reset!());
  }

  let wasSignedIn = auth.signedIn.peek();
  const stop = effect(() => {
    const signedIn = auth.signedIn.value;
    if (wasSignedIn && !signedIn)
      for (const slice of [session, ...built.values()]) (slice as { reset?: () => void }).reset?.();
    wasSignedIn = signedIn;
  });

  const store: Built = {
    apiBase: api.baseURL,
    api,
    auth,
    session,
    watch,
    invalidate,
    use(...more) {
      for (const def of more) {
        if ("extends" in def) {
          if (extensions.has(def)) continue;
          extensions.add(def);
          const base = def.extends === "session" ? session : built.get(def.extends);
          if (base) extend(base, def);
          continue;
        }
        if (registry.has(def.name)) continue;
        registry.set(def.name, def);
        store.use(...(def.needs ?? []));
      }
      return store;
    },
    dispose() {
      stop();
      auth.dispose();
    },
  };
  for (const name of NAMES) {
    // Not enumerable: inspecting or copying the store must not build (or trip over) slices.
    Object.defineProperty(store, name, {
      get() {
        let slice = built.get(name);
        if (!slice) {
          const def = registry.get(name);
          if (!def) throw new Error(`fitkit: no "${name}" slice; register ${name}Slice (getPageStore or store.use)`);
          // A slice reads only the slices it needs, which `use` registered with it.
          built.set(name, (slice = def.create(ctx, store as Store<unknown, unknown>)));
          for (const ext of extensions) if (ext.extends === name) extend(slice, ext);
        }
        return slice;
      },
    });
  }
  // The one place the store gets its type: the slices and extensions `defs` registered (see SlicesOf, ExtensionsOf).
  return store.use(...defs) as Store<SlicesOf<D>, ExtensionsOf<D>>;
}
