import type { ApiClient } from "../client.js";
import type { Profile, ProfileChange } from "../types.js";

/** The member's profile (names, email, birthday, phone); renaming here is what the claims show. */
export const getProfile = (c: ApiClient, signal?: AbortSignal) =>
  c.request<Profile>("/user/v1/attribute/profile", { auth: true, signal });
/** Changes only the fields given (null clears birthday or phone) and answers the whole profile. */
export const updateProfile = (c: ApiClient, body: ProfileChange) =>
  c.request<Profile>("/user/v1/attribute/profile", { method: "PUT", body, auth: true });
