import { call, type ApiClient } from "../client.js";
import type { RequestBody } from "../contract.js";
import type {
  EmailAttributeChange,
  EndSessionRequest,
  FavouritesUpdate,
  HiddenCollectionsUpdate,
  HistoryQuery,
  Preferences,
  UserAttributeChange,
  VideoEvent,
} from "../types.js";

type S = AbortSignal | undefined;
const auth = true;

export const getFavourites = (c: ApiClient, signal?: S) =>
  call(c, "get", "/v2/user/attributes/favorites", { auth, signal });
export const updateFavourites = (c: ApiClient, body: FavouritesUpdate) =>
  call(c, "put", "/v2/user/attributes/favorites", { body, auth });
export const getHiddenCollections = (c: ApiClient, signal?: S) =>
  call(c, "get", "/v2/user/attributes/collections_hidden", { auth, signal });
export const updateHiddenCollections = (c: ApiClient, body: HiddenCollectionsUpdate) =>
  call(c, "put", "/v2/user/attributes/collections_hidden", { body, auth });
export const getUserAttribute = (c: ApiClient, signal?: S) =>
  call(c, "get", "/v2/user/attributes/user", { auth, signal });
export const updateUserAttribute = (c: ApiClient, body: UserAttributeChange) =>
  call(c, "put", "/v2/user/attributes/user", { body, auth });
export const getEmailAttribute = (c: ApiClient, signal?: S) =>
  call(c, "get", "/v2/user/attributes/email", { auth, signal });
export const updateEmailAttribute = (c: ApiClient, body: EmailAttributeChange) =>
  call(c, "put", "/v2/user/attributes/email", { body, auth });
export const getPreferences = (c: ApiClient, signal?: S) =>
  call(c, "get", "/v2/user/attributes/preferences", { auth, signal });
export const updatePreferences = (c: ApiClient, body: Preferences) =>
  call(c, "put", "/v2/user/attributes/preferences", { body, auth });
export const getOnboardingResults = (c: ApiClient, signal?: S) =>
  call(c, "get", "/v2/user/attributes/onboarding_results", { auth, signal });
export const submitOnboardingResults = (
  c: ApiClient,
  answers: RequestBody<"/v2/workouts/onboarding-results", "post">,
) => call(c, "post", "/v2/workouts/onboarding-results", { body: answers, auth });
/** One stored onboarding result by its id (the onboarding page's result step). */
export const getOnboardingResult = (c: ApiClient, id: string, signal?: S) =>
  call(c, "get", "/v2/workouts/onboarding-results/{id}", { params: { id }, auth, signal });
/** A GET that opens a session, so never retried. */
export const startSession = (c: ApiClient, workoutId: string) =>
  call(c, "get", "/v2/workouts/start_session/{workoutId}", { params: { workoutId }, auth, retries: 0 });
export const endSession = (c: ApiClient, workoutId: string, body: EndSessionRequest) =>
  call(c, "post", "/v2/workouts/end_session/{workoutId}", { params: { workoutId }, body, auth });
export const sendVideoEvents = (c: ApiClient, events: VideoEvent[]) =>
  call(c, "post", "/v2/workouts/video_events", { body: { events }, auth });
export const getHistory = (c: ApiClient, q: HistoryQuery = {}, signal?: S) =>
  call(c, "get", "/v2/workouts/history", { query: { includeLvs: true, ...q }, auth, signal });
export const getWorkoutStats = (c: ApiClient, q: { startDate?: string; endDate?: string } = {}, signal?: S) =>
  call(c, "get", "/v2/workouts/workout_stats", { query: q, auth, signal });
export const getLegacyStats = (c: ApiClient, signal?: S) => call(c, "get", "/stats/v2/workouts", { auth, signal });
/** The member's streaks, counted in the local days of `tz` (an IANA zone; the browser's own by default). */
export const getStreaks = (c: ApiClient, q: { tz?: string } = {}, signal?: S) =>
  call(c, "get", "/stats/v2/streaks", { query: q, auth, signal });
export const getCurrentChallenge = (c: ApiClient, signal?: S) =>
  call(c, "get", "/v2/workouts/challenges", { query: { current: true }, auth, signal });
/** Every challenge (the challenge page's list), not only the current one. */
export const getChallenges = (c: ApiClient, signal?: S) => call(c, "get", "/v2/workouts/challenges", { auth, signal });
export const getMyChallenges = (c: ApiClient, signal?: S) =>
  call(c, "get", "/v2/workouts/challenges/mine", { auth, signal });
export const getChallengeAttribute = (c: ApiClient, signal?: S) =>
  call(c, "get", "/user/v1/attribute/challenges", { auth, signal });
export const updateChallengeAttribute = (c: ApiClient, body: RequestBody<"/user/v1/attribute/challenges", "put">) =>
  call(c, "put", "/user/v1/attribute/challenges", { body, auth });
