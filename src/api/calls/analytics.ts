import { call, type ApiClient } from "../client.js";
import type { RequestBody } from "../contract.js";

/** One analytics event; `name` is the event or page name (absent for identify). */
export type AnalyticsEvent = RequestBody<"/v2/analytics/events", "post">["events"][number];
/** The consent category an event was collected under. */
export type ConsentCategory = AnalyticsEvent["category"];

/** The first-party collector (anonymous: events carry their own ids, so it works before and after sign-in). */
export const sendAnalyticsEvents = (c: ApiClient, events: AnalyticsEvent[]) =>
  call(c, "post", "/v2/analytics/events", { body: { events }, keepalive: true });
