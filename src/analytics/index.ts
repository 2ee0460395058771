export { CONSENT_CATEGORIES } from "../domain/consent.js";
export { createConsent } from "./consent.js";
export { NAV_KEYS, recordNavigation } from "./navigation.js";
export { collectorSink, segmentSink, type Sink } from "./sinks.js";
export { ANALYTICS_KEY, createAnalytics, getSharedAnalytics, type Analytics } from "./tracker.js";
export { createVideoEventBuffer, VIDEO_PROGRESS_MS } from "./video-events.js";
export type { AnalyticsEvent, ConsentCategory } from "../api/calls/analytics.js";
