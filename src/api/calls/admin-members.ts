import { call, type ApiClient } from "../client.js";
import type { ResponseBody } from "../contract.js";

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
  call(c, "get", "/admin/v1/members", { auth: true, signal, query });
export const getSupportMember = (c: ApiClient, id: string, signal?: S) =>
  call(c, "get", "/admin/v1/members/{id}", { params: { id }, auth: true, signal });
/** Runs one action with its reason; answers the member page as it is afterwards. */
export const runSupportAction = (c: ApiClient, id: string, action: SupportAction, reason: string) => {
  const { kind, ...fields } = action;
  return call(c, "post", `/admin/v1/members/{id}/${kind}`, { params: { id }, body: { ...fields, reason }, auth: true });
};
