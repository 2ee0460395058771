import { effect } from "@preact/signals-core";
import { createApiClient, type ApiClient } from "../api/client.js";
import { refreshTokens } from "../api/calls/auth.js";
import { createAuth, type Auth } from "../auth/auth.js";
import type { RefreshLock } from "../auth/refresh-lock.js";
import { memoryStorage, type KeyValueStorage, type StoreContext } from "./context.js";
import type { ActivitySlice } from "./slices/activity.js";
import type { CatalogueSlice } from "./slices/catalogue.js";
import type { ChallengeSlice } from "./slices/challenge.js";
import type { ContentSlice } from "./slices/content.js";
import type { CollectionsSlice, FavouritesSlice } from "./slices/favourites.js";
import type { LiveSlice } from "./slices/live.js";
import type { MembershipSlice } from "./slices/membership.js";
import type { PlayerSlice } from "./slices/player.js";
import type { CalendarsSlice, SeriesSlice } from "./slices/series.js";
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

/** Every slice a store can hold besides the session. */
interface Slices {
  catalogue: CatalogueSlice;
  favourites: FavouritesSlice;
  collections: CollectionsSlice;
  activity: ActivitySlice;
  challenge: ChallengeSlice;
  series: SeriesSlice;
  calendars: CalendarsSlice;
  live: LiveSlice;
  membership: MembershipSlice;
  content: ContentSlice;
  player: PlayerSlice;
}
type SliceName = keyof Slices;

/** How a slice is built; `needs` are the slices it reads (registered with it). */
export interface SliceDef<K extends SliceName = SliceName> {
  readonly name: K;
  readonly needs?: readonly SliceDef[];
  create(ctx: StoreContext, store: Store): Slices[K];
}

/**
 * More members for `store.session` or a slice, registered with `use` like a slice: what only some bundles need (the
 * hosted app's account actions, the membership flows' writes) stays out of the others. The members appear on the
 * session or slice once registered (and once the slice is built).
 */
export interface SliceExtension {
  readonly extends: "session" | SliceName;
  create(ctx: StoreContext, base: never): object;
}

export interface Store extends Slices {
  readonly apiBase: string;
  readonly api: ApiClient;
  readonly auth: Auth;
  readonly session: SessionSlice;
  /** Makes these slices available (each is built on first use, once per store) and adds these extensions. */
  use(...defs: (SliceDef | SliceExtension)[]): Store;
  /** Stops listening to other tabs. */
  dispose(): void;
}

const NAMES: SliceName[] = [
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
];

/**
 * A store with its client, tokens and session, and the given slices. Slices are built lazily on first access, so a
 * bundle carries only the slices it registers; signing out (here or in another tab) resets every member-only slice.
 */
export function createStoreWith(options: StoreOptions, defs: readonly (SliceDef | SliceExtension)[]): Store {
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
  const ctx: StoreContext = { api, auth, storage, now, signedIn: auth.signedIn };
  const session = createSessionSlice(ctx);
  const registry = new Map<SliceName, SliceDef>();
  const extensions = new Set<SliceExtension>();
  const built = new Map<SliceName, Slices[SliceName]>();

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

  const store = {
    apiBase: api.baseURL,
    api,
    auth,
    session,
    use(...more: (SliceDef | SliceExtension)[]) {
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
  } as Store;
  for (const name of NAMES) {
    // Not enumerable: inspecting or copying the store must not build (or trip over) slices.
    Object.defineProperty(store, name, {
      get() {
        let slice = built.get(name);
        if (!slice) {
          const def = registry.get(name);
          if (!def)
            throw new Error(
              `fitkit: the store has no "${name}" slice; register ${name}Slice with getPageStore or store.use`,
            );
          built.set(name, (slice = def.create(ctx, store)));
          for (const ext of extensions) if (ext.extends === name) extend(slice, ext);
        }
        return slice;
      },
    });
  }
  return store.use(...defs);
}
