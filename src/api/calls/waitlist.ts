import type { ApiClient } from "../client.js";
import type { Page, WaitlistEntry } from "../types.js";
import { enc } from "./path.js";

/**
 * A full class's waitlist (issue 18): join (the answer holds the position), leave, and the member's places. Its own
 * module, so a widget loading its waitlist part on demand keeps these calls out of its first script.
 */
export const joinWaitlist = (c: ApiClient, classId: string) =>
  c.request<WaitlistEntry>(`/studios/class/${enc(classId)}/waitlist`, { method: "POST", auth: true });
export const leaveWaitlist = (c: ApiClient, entryId: string) =>
  c.request<WaitlistEntry>(`/studios/waitlist/${enc(entryId)}/leave`, { method: "POST", auth: true });
export const getWaitlist = (c: ApiClient, location?: string, signal?: AbortSignal) =>
  c.request<Page<WaitlistEntry>>("/studios/waitlist", { query: { location }, auth: true, signal });
