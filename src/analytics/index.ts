export { CONSENT_CATEGORIES, CONSENT_KEY, createConsent, type Consent } from "./consent.js";
export { NAV_KEYS, readNavigation, recordNavigation, type NavigationRecord } from "./navigation.js";
export { collectorSink, segmentSink, type Sink } from "./sinks.js";
export {
  ANALYTICS_KEY,
  ANONYMOUS_ID_KEY,
  createAnalytics,
  getSharedAnalytics,
  PAGE_VIEW_DELAY_MS,
  SOURCE_APP,
  type Analytics,
  type AnalyticsOptions,
} from "./tracker.js";
export {
  createVideoEventBuffer,
  TERMINAL_VIDEO_EVENTS,
  VIDEO_BUFFER_SIZE,
  VIDEO_FLUSH_MS,
  VIDEO_PROGRESS_MS,
  type VideoEventBuffer,
} from "./video-events.js";
export type { AnalyticsEvent, ConsentCategory } from "../api/calls/analytics.js";
