import { call, type ApiClient } from "../client.js";

/**
 * The member's private calendar feed (https and webcal URLs), created on the first call. `timeZone` is the device's:
 * the feed dates the plan's all-day events in it.
 */
export const getCalendarFeed = (c: ApiClient, timeZone: string, signal?: AbortSignal) =>
  call(c, "get", "/v2/user/calendar-feed", { query: { tz: timeZone }, auth: true, signal });
/** A new feed URL; the old one stops answering at once. */
export const rotateCalendarFeed = (c: ApiClient) => call(c, "post", "/v2/user/calendar-feed/rotate", { auth: true });
