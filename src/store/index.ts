export { ALL_SLICES, createStore, getSharedStore } from "./create-store.js";
export { getPageStore, STORE_KEY } from "./shared-store.js";
export {
  createStoreWith,
  type SliceExtension,
  type SliceDef,
  type SliceName,
  type Slices,
  type Store,
  type StoreOptions,
} from "./store-core.js";
export { createResource, into, type Resource, type Status } from "./resource.js";
export { createMutation, type Mutation } from "./mutation.js";
export { memoryStorage, type KeyValueStorage } from "./context.js";
export { sessionAccount, type SessionSlice } from "./slices/session.js";
export { catalogueSlice, workoutDetail, type SearchState, type CatalogueSlice } from "./slices/catalogue.js";
export {
  collectionsSlice,
  favouriteWorkouts,
  favouritesSlice,
  type FavouritesSlice,
  type CollectionsSlice,
} from "./slices/favourites.js";
export { activitySlice, activityStats, type ActivitySlice } from "./slices/activity.js";
export { challengeSlice, type ChallengeSlice } from "./slices/challenge.js";
export { calendarsSlice, seriesSlice, type SeriesSlice, type CalendarsSlice } from "./slices/series.js";
export { liveSlice, type LiveSlice } from "./slices/live.js";
export { MAIL_REQUEST_KEY, membershipSlice, type MembershipSlice } from "./slices/membership.js";
export { membershipWrites } from "./slices/membership-writes.js";
export { contentSlice, type ContentSlice } from "./slices/content.js";
export { playerSlice, type MusicState, type PlayerSlice } from "./slices/player.js";
