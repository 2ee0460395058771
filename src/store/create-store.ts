import { activitySlice } from "./slices/activity.js";
import { catalogueSlice } from "./slices/catalogue.js";
import { challengeSlice } from "./slices/challenge.js";
import { contentSlice } from "./slices/content.js";
import { collectionsSlice, favouritesSlice } from "./slices/favourites.js";
import { liveSlice } from "./slices/live.js";
import { membershipSlice } from "./slices/membership.js";
import { playerSlice } from "./slices/player.js";
import { calendarsSlice, seriesSlice } from "./slices/series.js";
import { getPageStore } from "./shared-store.js";
import { createStoreWith, type SliceDef, type Store, type StoreOptions } from "./store-core.js";

/** Every slice: what the hosted app uses. Widgets register only theirs (`getPageStore`) to stay small. */
export const ALL_SLICES: readonly SliceDef[] = [
  catalogueSlice,
  favouritesSlice,
  collectionsSlice,
  activitySlice,
  challengeSlice,
  seriesSlice,
  calendarsSlice,
  liveSlice,
  membershipSlice,
  contentSlice,
  playerSlice,
];

/**
 * A store with every slice: one API client, one token holder, the session and all slices (built on first use).
 * @example const store = createStore({ apiBase: "https://api.fitkit.dev" }); await store.catalogue.search();
 */
export const createStore = (options: StoreOptions): Store => createStoreWith(options, ALL_SLICES);

/**
 * The page-wide store for an API host with every slice (see `getPageStore` for a bundle that needs only some).
 * @example const store = getSharedStore({ apiBase: location.origin });
 */
export const getSharedStore = (options: StoreOptions): Store => getPageStore(options, ...ALL_SLICES);
