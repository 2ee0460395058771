import type { FavouritesUpdate, HiddenCollectionsUpdate } from "../api/types.js";

/** What the series rules read of an enrolment (`SeriesEnrollment`): each item's workout and status. */
interface SeriesState {
  series_state: { workouts: readonly { workout_id: string; status: string }[] };
}

/** Spec §4 favourites toggle: remove if already a favourite, otherwise add. */
export const favouriteToggle = (favourites: readonly string[], id: string): FavouritesUpdate =>
  favourites.includes(id) ? { object: { remove: { workouts: [id] } } } : { object: { add: { workouts: [id] } } };

/** Spec §4 hidden collections: ids already hidden go to `remove`, the others to `add`. */
export function hiddenCollectionsToggle(
  hidden: readonly string[],
  ids: readonly string[],
): Required<HiddenCollectionsUpdate> {
  const update = { add: [] as string[], remove: [] as string[] };
  for (const id of ids) (hidden.includes(id) ? update.remove : update.add).push(id);
  return update;
}

/** Spec §4: the next workout of a series is the first one not started. */
export const nextSeriesWorkout = (e: SeriesState | null | undefined) =>
  e?.series_state.workouts.find((w) => w.status === "not_started")?.workout_id;

/** "{k} of {N} completed" counts. */
export function seriesCompletion(e: SeriesState | null | undefined) {
  const workouts = e?.series_state.workouts ?? [];
  return { completed: workouts.filter((w) => w.status === "completed").length, total: workouts.length };
}
