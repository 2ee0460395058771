import { activitySlice, activityStats } from "./slices/activity.js";
import { catalogueSlice, workoutDetail } from "./slices/catalogue.js";
import { challengeSlice } from "./slices/challenge.js";
import { contentSlice } from "./slices/content.js";
import { collectionsSlice, favouriteWorkouts, favouritesSlice } from "./slices/favourites.js";
import { liveSlice } from "./slices/live.js";
import { membershipSlice } from "./slices/membership.js";
import { membershipWrites } from "./slices/membership-writes.js";
import { playerSlice } from "./slices/player.js";
import { calendarPauses, seriesPauses } from "./slices/plan-pauses.js";
import { calendarsSlice, seriesSlice } from "./slices/series.js";
import { sessionAccount } from "./slices/session.js";
import { getPageStore } from "./shared-store.js";
import { createStoreWith, type ExtensionsOf, type SlicesOf, type Store, type StoreOptions } from "./store-core.js";

/** Every slice: what the hosted app uses. Widgets register only theirs (`getPageStore`) to stay small. */
export const ALL_SLICES = [
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
] as const;

/** Every extension: the parts of the session and slices only the hosted app shows. */
const ALL_EXTENSIONS = [
  sessionAccount,
  membershipWrites,
  favouriteWorkouts,
  activityStats,
  workoutDetail,
  seriesPauses,
  calendarPauses,
] as const;

/** The hosted app's slices and extensions: what `Store` (with no parameters) has. */
export type AllSlices = SlicesOf<typeof ALL_SLICES>;
export type AllExtensions = ExtensionsOf<typeof ALL_EXTENSIONS>;

/**
 * A store with every slice: one API client, one token holder, the whole session (its account half included) and all
 * slices with their extensions (built on first use).
 * @example const store = createStore({ apiBase: "https://api.fitkit.dev" }); await store.catalogue.search();
 */
export const createStore = (options: StoreOptions): Store =>
  createStoreWith(options, [...ALL_EXTENSIONS, ...ALL_SLICES]);

/**
 * The page-wide store for an API host with the whole session and every slice (see `getPageStore` for a bundle that
 * needs only some).
 * @example const store = getSharedStore({ apiBase: location.origin });
 */
export const getSharedStore = (options: StoreOptions): Store => getPageStore(options, ...ALL_EXTENSIONS, ...ALL_SLICES);
