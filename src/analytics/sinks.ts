import type { ApiClient } from "../api/client.js";
import { sendAnalyticsEvents, type AnalyticsEvent, type ConsentCategory } from "../api/calls/analytics.js";

/** Somewhere events go. A sink receives events only while its consent category is granted. */
export interface Sink {
  /** The consent category this destination needs. */
  readonly category: ConsentCategory;
  send(events: AnalyticsEvent[]): Promise<unknown>;
}

/** The default: fitkit's own collector (`POST /v2/analytics/events`), so nothing leaves the product unconfigured. */
export const collectorSink = (api: ApiClient): Sink => ({
  category: "Essential",
  send: (events) => sendAnalyticsEvents(api, events),
});

/**
 * A Segment-compatible HTTP tracking API (`/v1/batch`), used when a write key is configured. Spec §4: it needs
 * Functional consent.
 */
export function segmentSink(options: { writeKey: string; endpoint?: string; fetch?: typeof globalThis.fetch }): Sink {
  // eslint-disable-next-line no-restricted-syntax -- Segment's own endpoint, not the fitkit API
  const post = options.fetch ?? ((...a: Parameters<typeof fetch>) => fetch(...a));
  return {
    category: "Functional",
    send: (events) =>
      post(options.endpoint ?? "https://api.segment.io/v1/batch", {
        method: "POST",
        headers: { "content-type": "application/json", authorization: `Basic ${btoa(`${options.writeKey}:`)}` },
        body: JSON.stringify({
          batch: events.map((e) => ({
            type: e.type,
            ...(e.type === "track" ? { event: e.name } : e.type === "page" ? { name: e.name } : {}),
            anonymousId: e.anonymous_id,
            userId: e.user_id,
            [e.type === "identify" ? "traits" : "properties"]: e.properties,
            timestamp: e.occurred_at,
          })),
        }),
        keepalive: true,
      }),
  };
}
