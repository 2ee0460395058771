import type { ApiClient } from "../api/client.js";
import type { AnalyticsEvent } from "../api/calls/analytics.js";
import { pageKind, pageViewName } from "../domain/pages.js";
import { memoryStorage, type KeyValueStorage } from "../store/context.js";
import { createConsent, type Consent } from "./consent.js";
import { readNavigation, recordNavigation } from "./navigation.js";
import { collectorSink, segmentSink, type Sink } from "./sinks.js";

/** Spec §9: the page view follows identify by 1000 ms. */
const PAGE_VIEW_DELAY_MS = 1000;
/** Spec §9: every event carries this. */
const SOURCE_APP = "Web app";
const ANONYMOUS_ID_KEY = "fitkit.anonymous-id";

export interface AnalyticsOptions {
  /** The API client whose host runs the first-party collector (the default sink). */
  api?: ApiClient;
  /** Adds a Segment-compatible sink (needs Functional consent). */
  segmentWriteKey?: string;
  /** Replaces the default sinks. */
  sinks?: Sink[];
  /** Consent and the anonymous id (localStorage by default). */
  storage?: KeyValueStorage;
  /** Referrer and paths (sessionStorage by default). */
  session?: KeyValueStorage;
  /** How long events gather before one post per sink. */
  batchMs?: number;
  now?: () => number;
  /** The page's origin, for the referrer URL. */
  origin?: string;
}

export interface Analytics {
  readonly consent: Consent;
  identify(userId: string, traits?: { email?: string; [key: string]: unknown }): void;
  track(event: string, properties?: Record<string, unknown>): void;
  /** A page view now (named per spec §2). */
  page(path: string, title: string): void;
  /** A completed route change: records referrer and paths in session storage, then a page view. */
  routeChanged(path: string, title: string): void;
  /** Forgets the identified member (sign-out). */
  reset(): void;
  flush(): Promise<void>;
}

/** The browser globals the DOM types promise, which Node (tests, server rendering) does not have. */
const browser: Partial<typeof globalThis> = globalThis;

const store = (kind: "localStorage" | "sessionStorage"): KeyValueStorage => {
  try {
    return browser[kind] ?? memoryStorage();
  } catch {
    return memoryStorage();
  }
};

/**
 * Consent-gated analytics. Nothing is collected before Essential consent; each sink receives events only while its
 * own category is granted; the recorded category is the one the sink was allowed under.
 * @example const analytics = createAnalytics({ api: store.api }); analytics.consent.set(["Essential"]);
 */
export function createAnalytics(options: AnalyticsOptions = {}): Analytics {
  const storage = options.storage ?? store("localStorage");
  const session = options.session ?? store("sessionStorage");
  const now = options.now ?? Date.now;
  const origin = options.origin ?? browser.location?.origin ?? "";
  const sinks = options.sinks ?? [
    ...(options.api ? [collectorSink(options.api)] : []),
    ...(options.segmentWriteKey ? [segmentSink({ writeKey: options.segmentWriteKey })] : []),
  ];
  const consent = createConsent(storage);
  let anonymousId = storage.getItem(ANONYMOUS_ID_KEY);
  let userId: string | undefined;
  let pending: Omit<AnalyticsEvent, "category">[] = [];
  let timer: ReturnType<typeof setTimeout> | undefined;
  let pageTimer: ReturnType<typeof setTimeout> | undefined;

  function emit(type: AnalyticsEvent["type"], name: string | undefined, properties: Record<string, unknown>) {
    if (!consent.started.peek()) return;
    if (!anonymousId) storage.setItem(ANONYMOUS_ID_KEY, (anonymousId = crypto.randomUUID()));
    pending.push({
      type,
      ...(name === undefined ? {} : { name }),
      anonymous_id: anonymousId,
      ...(userId ? { user_id: userId } : {}),
      properties: { ...properties, source_app: SOURCE_APP },
      occurred_at: new Date(now()).toISOString(),
    });
    timer ??= setTimeout(() => void flush(), options.batchMs ?? 500);
  }

  async function flush() {
    clearTimeout(timer);
    timer = undefined;
    const events = pending;
    pending = [];
    if (!events.length) return;
    // Analytics must never break the product: a failed post is dropped.
    await Promise.all(
      sinks
        .filter((s) => consent.allows(s.category))
        .map((s) => s.send(events.map((e) => ({ ...e, category: s.category }))).catch(() => undefined)),
    );
  }

  // Events still gathering when the page hides would be lost: send them now (the collector call uses keepalive).
  browser.addEventListener?.("pagehide", () => void flush());

  function page(path: string, title: string) {
    const nav = readNavigation(session);
    emit("page", pageViewName(path, title), {
      path,
      title,
      page_kind: pageKind(path),
      referrer: nav.referrer,
      previous_path: nav.previous,
    });
  }

  return {
    consent,
    identify(id, traits = {}) {
      userId = id.toLowerCase();
      emit("identify", undefined, { ...traits, ...(traits.email ? { email: traits.email.toLowerCase() } : {}) });
      clearTimeout(pageTimer);
      pageTimer = setTimeout(() => {
        const path = readNavigation(session).current || (browser.location ? location.pathname + location.search : "/");
        page(path, browser.document?.title ?? "");
      }, PAGE_VIEW_DELAY_MS);
    },
    track: (event, properties = {}) => emit("track", event, properties),
    page,
    routeChanged(path, title) {
      recordNavigation(session, path, origin);
      page(path, title);
    },
    reset() {
      userId = undefined;
      clearTimeout(pageTimer);
    },
    flush,
  };
}

export const ANALYTICS_KEY = Symbol.for("fitkit.analytics");

/** The page-wide analytics instance (one consent state and one identity for every bundle on the page). */
export function getSharedAnalytics(options: AnalyticsOptions = {}): Analytics {
  const g = globalThis as { [ANALYTICS_KEY]?: Analytics };
  return (g[ANALYTICS_KEY] ??= createAnalytics(options));
}
