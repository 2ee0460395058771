import { call, type ApiClient } from "../client.js";
import type { ImageOptions, SearchRequest } from "../types.js";
import { enc } from "./path.js";

type S = AbortSignal | undefined;

/** Public; with a token the favourites/watched filters apply to the member. A read, so it may retry. */
export const searchWorkouts = (c: ApiClient, body: SearchRequest, signal?: S, auth = false) =>
  call(c, "post", "/tsapi/workouts/search", { body, signal, idempotent: true, auth });
export const getWorkout = (c: ApiClient, slug: string, signal?: S) =>
  call(c, "get", "/tsapi/workouts/{slug}", { params: { slug }, signal });
/** Spec §5: an empty id list answers an empty list without a call. */
export const getWorkoutsByIds = async (c: ApiClient, ids: string[], signal?: S) =>
  ids.length ? call(c, "get", "/tsapi/workouts/", { query: { ids: ids.join(",") }, signal }) : { items: [] };
/**
 * The filter dialog's groups; with a category, the counts are those within it (what choosing an option shows there),
 * and with an avoid list, without the workouts it leaves out.
 */
export const getWorkoutFilters = (c: ApiClient, signal?: S, category?: string, avoid: readonly string[] = []) =>
  call(c, "get", "/tsapi/v2/workout/filters", {
    query: { ...(category ? { category } : {}), ...(avoid.length ? { avoid: avoid.join(",") } : {}) },
    signal,
  });
/** The library's category tabs and its curated collections (catalogue reference data, beside the search). */
export const getWorkoutCategories = (c: ApiClient, signal?: S) =>
  call(c, "get", "/tsapi/workout_categories", { signal });
export const getCollections = (c: ApiClient, signal?: S) => call(c, "get", "/tsapi/collections", { signal });
export const getPlayback = (c: ApiClient, workoutId: string, signal?: S) =>
  call(c, "get", "/tsapi/content/workout/{id}/video", { params: { id: workoutId }, auth: true, signal });
export const getPreview = (c: ApiClient, workoutId: string, signal?: S) =>
  call(c, "get", "/tsapi/content/workout/{id}/previewVideo", { params: { id: workoutId }, signal });
/** Background music for the player: stations with signed stream URLs (entitled members). */
export const getMusicStations = (c: ApiClient, signal?: S) =>
  call(c, "get", "/v2/music/stations", { auth: true, signal });
/** The URL of a workout's still image (used directly as an `<img src>`). */
export function workoutImageUrl(c: ApiClient, workoutId: string, o: ImageOptions = {}): string {
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(o)) if (v !== undefined) q.set(k, String(v));
  const s = q.toString();
  return `${c.baseURL}/tsapi/v2/workout/${enc(workoutId)}/video/image${s ? `?${s}` : ""}`;
}
