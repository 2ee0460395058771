import type { ApiClient } from "../client.js";
import type { SessionAnswer } from "../types.js";
import { enc } from "./path.js";

/** The answer to a deletion request: when the account will be erased, and memberships to cancel in an app store. */
export interface AccountDeletionAnswer {
  success: true;
  erase_at: string;
  notices: string[];
}

/** "Download my data": the member's own archive as a ZIP (the server answers 404 for anyone else's id). */
export const getMyDataExport = (c: ApiClient, memberId: string) =>
  c.request<Blob>(`/user/v1/members/${enc(memberId)}/data-export`, { auth: true, responseType: "blob" });

/** "Delete my account", confirmed with the password: every device is signed out by the server. */
export const requestAccountDeletion = (c: ApiClient, password: string) =>
  c.request<AccountDeletionAnswer>("/user/v1/deletion", { method: "POST", body: { password }, auth: true });

/** Cancels a deletion in its grace period and signs in (the credentials of a sign-in). */
export const cancelAccountDeletion = (c: ApiClient, body: { email: string; password: string }) =>
  c.request<SessionAnswer>("/api/auth/deletion/cancel", { method: "POST", body });
