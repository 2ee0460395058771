import { call, callFile, type ApiClient } from "../client.js";

/** "Download my data": the member's own archive as a ZIP (the server answers 404 for anyone else's id). */
export const getMyDataExport = (c: ApiClient, memberId: string) =>
  callFile(c, "get", "/user/v1/members/{memberId}/data-export", { params: { memberId }, auth: true });

/** "Delete my account", confirmed with the password: every device is signed out by the server. */
export const requestAccountDeletion = (c: ApiClient, password: string) =>
  call(c, "post", "/user/v1/deletion", { body: { password }, auth: true });

/** Cancels a deletion in its grace period and signs in (the credentials of a sign-in). */
export const cancelAccountDeletion = (c: ApiClient, body: { email: string; password: string }) =>
  call(c, "post", "/api/auth/deletion/cancel", { body });
