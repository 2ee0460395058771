import type { ApiClient } from "../client.js";
import type { ResponseBody } from "../contract.js";
import { enc } from "./path.js";

/** Member support in the operator console (/admin/v1/members), typed from its route schemas. */
type S = AbortSignal | undefined;

export type MemberSearchPage = ResponseBody<"/admin/v1/members", "get">;
export type MemberSearchItem = MemberSearchPage["items"][number];
export type SupportMemberPage = ResponseBody<"/admin/v1/members/{id}", "get">;

/** What support can do to a member's account; each needs a reason (kept in the audit log). */
export type SupportAction =
  | { kind: "comp"; days: number }
  | { kind: "cancel"; when: "now" | "period_end" }
  | { kind: "pause"; months: 1 | 2 | 3 }
  | { kind: "receipt" }
  | { kind: "password-reset" }
  | { kind: "sign-out" }
  | { kind: "erasure" };

export const findMembers = (c: ApiClient, query: { q: string; offset?: number; limit?: number }, signal?: S) =>
  c.request<MemberSearchPage>("/admin/v1/members", { auth: true, signal, query });
export const getSupportMember = (c: ApiClient, id: string, signal?: S) =>
  c.request<SupportMemberPage>(`/admin/v1/members/${enc(id)}`, { auth: true, signal });
/** Runs one action with its reason; answers the member page as it is afterwards. */
export const runSupportAction = (c: ApiClient, id: string, action: SupportAction, reason: string) => {
  const { kind, ...fields } = action;
  return c.request<SupportMemberPage>(`/admin/v1/members/${enc(id)}/${kind}`, {
    method: "POST",
    auth: true,
    body: { ...fields, reason },
  });
};
