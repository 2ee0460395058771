import type { ApiClient } from "../client.js";
import type { ResponseBody } from "../contract.js";
import type {
  Challenges,
  EmailAttribute,
  EmailAttributeChange,
  EndedSession,
  EndSessionRequest,
  Favourites,
  FavouritesUpdate,
  HiddenCollections,
  HiddenCollectionsUpdate,
  HistoryEntry,
  HistoryQuery,
  LegacyStats,
  Streaks,
  OnboardingResults,
  Page,
  Preferences,
  UserAttribute,
  UserAttributeChange,
  VideoEvent,
  WorkoutSession,
  WorkoutStats,
} from "../types.js";
import { enc } from "./path.js";

type S = AbortSignal | undefined;
const read = <T>(c: ApiClient, path: string, signal: S, query?: Record<string, string | boolean | undefined>) =>
  c.request<T>(path, { auth: true, signal, query });
const write = <T>(c: ApiClient, method: "POST" | "PUT", path: string, body?: unknown) =>
  c.request<T>(path, { method, body, auth: true });

export const getFavourites = (c: ApiClient, signal?: S) => read<Favourites>(c, "/v2/user/attributes/favorites", signal);
export const updateFavourites = (c: ApiClient, body: FavouritesUpdate) =>
  write<Favourites>(c, "PUT", "/v2/user/attributes/favorites", body);
export const getHiddenCollections = (c: ApiClient, signal?: S) =>
  read<HiddenCollections>(c, "/v2/user/attributes/collections_hidden", signal);
export const updateHiddenCollections = (c: ApiClient, body: HiddenCollectionsUpdate) =>
  write<HiddenCollections>(c, "PUT", "/v2/user/attributes/collections_hidden", body);
export const getUserAttribute = (c: ApiClient, signal?: S) =>
  read<UserAttribute>(c, "/v2/user/attributes/user", signal);
export const updateUserAttribute = (c: ApiClient, body: UserAttributeChange) =>
  write<UserAttribute>(c, "PUT", "/v2/user/attributes/user", body);
export const getEmailAttribute = (c: ApiClient, signal?: S) =>
  read<EmailAttribute>(c, "/v2/user/attributes/email", signal);
export const updateEmailAttribute = (c: ApiClient, body: EmailAttributeChange) =>
  write<EmailAttribute>(c, "PUT", "/v2/user/attributes/email", body);
export const getPreferences = (c: ApiClient, signal?: S) =>
  read<Preferences>(c, "/v2/user/attributes/preferences", signal);
export const updatePreferences = (c: ApiClient, body: Preferences) =>
  write<Preferences>(c, "PUT", "/v2/user/attributes/preferences", body);
export const getOnboardingResults = (c: ApiClient, signal?: S) =>
  read<OnboardingResults>(c, "/v2/user/attributes/onboarding_results", signal);
export const submitOnboardingResults = (c: ApiClient, answers: Record<string, unknown>) =>
  write<OnboardingResults>(c, "POST", "/v2/workouts/onboarding-results", answers);
/** A GET that opens a session, so never retried. */
export const startSession = (c: ApiClient, workoutId: string) =>
  c.request<WorkoutSession>(`/v2/workouts/start_session/${enc(workoutId)}`, { auth: true, retries: 0 });
export const endSession = (c: ApiClient, workoutId: string, body: EndSessionRequest) =>
  write<EndedSession>(c, "POST", `/v2/workouts/end_session/${enc(workoutId)}`, body);
export const sendVideoEvents = (c: ApiClient, events: VideoEvent[]) =>
  write<ResponseBody<"/v2/workouts/video_events", "post">>(c, "POST", "/v2/workouts/video_events", { events });
export const getHistory = (c: ApiClient, q: HistoryQuery = {}, signal?: S) =>
  read<Page<HistoryEntry>>(c, "/v2/workouts/history", signal, { includeLvs: true, ...q });
export const getWorkoutStats = (c: ApiClient, q: { startDate?: string; endDate?: string } = {}, signal?: S) =>
  read<WorkoutStats>(c, "/v2/workouts/workout_stats", signal, q);
export const getLegacyStats = (c: ApiClient, signal?: S) => read<LegacyStats>(c, "/stats/v2/workouts", signal);
/** The member's streaks, counted in the local days of `tz` (an IANA zone; the browser's own by default). */
export const getStreaks = (c: ApiClient, q: { tz?: string } = {}, signal?: S) =>
  read<Streaks>(c, "/stats/v2/streaks", signal, q);
export const getCurrentChallenge = (c: ApiClient, signal?: S) =>
  read<Challenges>(c, "/v2/workouts/challenges", signal, { current: true });
export const getMyChallenges = (c: ApiClient, signal?: S) =>
  read<Challenges>(c, "/v2/workouts/challenges/mine", signal);
export const getChallengeAttribute = (c: ApiClient, signal?: S) =>
  read<Record<string, unknown>>(c, "/user/v1/attribute/challenges", signal);
export const updateChallengeAttribute = (c: ApiClient, body: Record<string, unknown>) =>
  write<Record<string, unknown>>(c, "PUT", "/user/v1/attribute/challenges", body);
