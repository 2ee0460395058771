import type { ApiClient } from "../client.js";
import type { RequestBody, ResponseBody } from "../contract.js";

/** One analytics event; `name` is the event or page name (absent for identify). */
export type AnalyticsEvent = RequestBody<"/v2/analytics/events", "post">["events"][number];
/** The consent category an event was collected under. */
export type ConsentCategory = AnalyticsEvent["category"];

/** The first-party collector (anonymous: events carry their own ids, so it works before and after sign-in). */
export const sendAnalyticsEvents = (c: ApiClient, events: AnalyticsEvent[]) =>
  c.request<ResponseBody<"/v2/analytics/events", "post">>("/v2/analytics/events", {
    method: "POST",
    body: { events },
    keepalive: true,
  });
