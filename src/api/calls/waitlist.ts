import { call, type ApiClient } from "../client.js";

/**
 * A full class's waitlist (issue 18): join (the answer holds the position), leave, and the member's places. Its own
 * module, so a widget loading its waitlist part on demand keeps these calls out of its first script.
 */
export const joinWaitlist = (c: ApiClient, classId: string) =>
  call(c, "post", "/studios/class/{id}/waitlist", { params: { id: classId }, auth: true });
export const leaveWaitlist = (c: ApiClient, entryId: string) =>
  call(c, "post", "/studios/waitlist/{id}/leave", { params: { id: entryId }, auth: true });
export const getWaitlist = (c: ApiClient, location?: string, signal?: AbortSignal) =>
  call(c, "get", "/studios/waitlist", { query: { location }, auth: true, signal });
