import type { FavouritesUpdate, HiddenCollectionsUpdate, SeriesEnrollment } from "../api/types.js";

/** Spec §4 favourites toggle: remove if already a favourite, otherwise add. */
export const favouriteToggle = (favourites: readonly string[], id: string): FavouritesUpdate =>
  favourites.includes(id) ? { object: { remove: { workouts: [id] } } } : { object: { add: { workouts: [id] } } };

/** Spec §4 hidden collections: ids already hidden go to `remove`, the others to `add`. */
export function hiddenCollectionsToggle(hidden: readonly string[], ids: readonly string[]): HiddenCollectionsUpdate {
  const update: HiddenCollectionsUpdate = { add: [], remove: [] };
  for (const id of ids) (hidden.includes(id) ? update.remove : update.add).push(id);
  return update;
}

/** Spec §4: the next workout of a series is the first one not started. */
export const nextSeriesWorkout = (e: Pick<SeriesEnrollment, "series_state"> | null | undefined) =>
  e?.series_state.workouts.find((w) => w.status === "not_started")?.workout_id;

/** "{k} of {N} completed" counts. */
export function seriesCompletion(e: Pick<SeriesEnrollment, "series_state"> | null | undefined) {
  const workouts = e?.series_state.workouts ?? [];
  return { completed: workouts.filter((w) => w.status === "completed").length, total: workouts.length };
}
