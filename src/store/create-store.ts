import { effect } from "@preact/signals-core";
import { createApiClient, type ApiClient } from "../api/client.js";
import { refreshTokens } from "../api/calls/auth.js";
import { createAuth, type Auth } from "../auth/auth.js";
import type { RefreshLock } from "../auth/refresh-lock.js";
import { memoryStorage, type KeyValueStorage, type StoreContext } from "./context.js";
import { createActivitySlice } from "./slices/activity.js";
import { createCatalogueSlice } from "./slices/catalogue.js";
import { createCollectionsSlice, createFavouritesSlice } from "./slices/favourites.js";
import { createContentSlice } from "./slices/content.js";
import { createLiveSlice } from "./slices/live.js";
import { createMembershipSlice } from "./slices/membership.js";
import { createPlayerSlice } from "./slices/player.js";
import { createCalendarsSlice, createSeriesSlice } from "./slices/series.js";
import { createSessionSlice } from "./slices/session.js";

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
 * One page's state: one API client, one token holder and every slice. Signing out (here or in another tab) resets
 * every member-only slice.
 * @example const store = createStore({ apiBase: "https://api.fitkit.dev" }); await store.catalogue.search();
 */
export function createStore(options: StoreOptions) {
  const storage = options.storage ?? (typeof localStorage === "undefined" ? memoryStorage() : localStorage);
  const now = options.now ?? Date.now;
  const client = (tokens?: Auth) =>
    createApiClient({ baseURL: options.apiBase, fetch: options.fetch, timeout: options.timeout, retryDelay: options.retryDelay, tokens });
  // The refresh call itself goes through a client without tokens (it must not wait for itself).
  const publicClient = client();
  const auth = createAuth({ storage, now, lock: options.lock, events: options.events, refresh: (token) => refreshTokens(publicClient, token) });
  const api: ApiClient = client(auth);
  const ctx: StoreContext = { api, auth, storage, now, signedIn: auth.signedIn };

  const session = createSessionSlice(ctx);
  const favourites = createFavouritesSlice(ctx);
  const activity = createActivitySlice(ctx);
  const catalogue = createCatalogueSlice(ctx, {
    favourites: async () => (await favourites.favourites.load(), favourites.ids.peek()),
    watched: async () => (await activity.history.load(), activity.watchedIds.peek()),
  });
  const slices = {
    session,
    catalogue,
    favourites,
    collections: createCollectionsSlice(ctx),
    activity,
    series: createSeriesSlice(ctx),
    calendars: createCalendarsSlice(ctx),
    live: createLiveSlice(ctx),
    membership: createMembershipSlice(ctx),
    content: createContentSlice(ctx),
    player: createPlayerSlice(ctx),
  };

  let wasSignedIn = auth.signedIn.peek();
  const stop = effect(() => {
    const signedIn = auth.signedIn.value;
    if (wasSignedIn && !signedIn) for (const slice of Object.values(slices)) if ("reset" in slice) slice.reset();
    wasSignedIn = signedIn;
  });

  return {
    apiBase: api.baseURL,
    api,
    auth,
    ...slices,
    /** Stops listening to other tabs and aborts nothing else (loads in flight settle normally). */
    dispose() {
      stop();
      auth.dispose();
    },
  };
}
export type Store = ReturnType<typeof createStore>;
