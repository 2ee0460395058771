import { call, type ApiClient } from "../client.js";
import type { ProfileChange } from "../types.js";

/** The member's profile (names, email, birthday, phone); renaming here is what the claims show. */
export const getProfile = (c: ApiClient, signal?: AbortSignal) =>
  call(c, "get", "/user/v1/attribute/profile", { auth: true, signal });
/** Changes only the fields given (null clears birthday or phone) and answers the whole profile. */
export const updateProfile = (c: ApiClient, body: ProfileChange) =>
  call(c, "put", "/user/v1/attribute/profile", { body, auth: true });
