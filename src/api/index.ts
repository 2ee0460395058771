export {
  createApiClient,
  type ApiClient,
  type ApiClientOptions,
  type RequestOptions,
  type TokenSource,
} from "./client.js";
export { ApiError, isAbort, unauthorizedError } from "./error.js";
export * from "./calls/auth.js";
export * from "./calls/profile.js";
export * from "./calls/content.js";
export * from "./calls/workouts.js";
export * from "./calls/activity.js";
export * from "./calls/series.js";
export * from "./calls/studios.js";
export * from "./calls/membership.js";
export * from "./calls/analytics.js";
export type * from "./types.js";
