/**
 * Live spot counts for a page: ONE Server-Sent Events stream per store (so per page and API host) carrying the
 * spots of every location a schedule on the page shows (`GET /studios/live-classes/stream`). A lost stream comes back
 * after an exponential back-off with jitter, asking for what it missed; while the server refuses it (503 past its
 * bound) or it keeps failing, every schedule refreshes itself every 30 s instead, until the stream opens again.
 * Loaded by the schedule after its first render (it is not in a widget's first script).
 */

import type { components } from "../api/contract.gen.js";

/** One class's counts after a change, as the stream's `spots` event carries them (the contract's `SpotsChange`). */
export type SpotsChange = components["schemas"]["SpotsChange"];

/** A schedule on the page following the stream. */
export interface SpotsFollower {
  /** The location id or slug it shows; empty for every location. */
  location: string;
  onChange(change: SpotsChange): void;
  /** Fetch the schedule again: changes may have been missed, or the stream is refused (then every 30 s). */
  refresh(): void;
}

type EventSourceLike = Pick<EventSource, "addEventListener" | "close" | "readyState">;

export interface SpotsStreamOptions {
  /** The EventSource constructor (the browser's by default; tests pass their own). */
  EventSource?: new (url: string) => EventSourceLike;
  /** Jitter source, [0, 1). */
  random?: () => number;
}

/** First reconnect delay; it doubles with each failure in a row, up to the maximum. */
const RECONNECT_BASE_MS = 1000;
export const RECONNECT_MAX_MS = 60_000;
/** Failures in a row after which the schedules stop waiting for the stream and refresh on their own. */
const FAILURES_BEFORE_FALLBACK = 3;
/** How often the schedules refresh while the stream is refused. */
export const FALLBACK_REFRESH_MS = 30_000;
const CLOSED = 2;

/**
 * The delay before reconnect attempt `failures` (1, 2, …): the doubled base, capped, of which a random half is
 * waited ("equal jitter"), so clients dropped together do not come back together.
 */
export function reconnectDelay(failures: number, random: () => number): number {
  const ceiling = Math.min(RECONNECT_MAX_MS, RECONNECT_BASE_MS * 2 ** Math.max(0, failures - 1));
  return Math.round(ceiling / 2 + (random() * ceiling) / 2);
}

export interface SpotsStream {
  /** Follows the stream (opening it with the first follower); answers how to stop. */
  follow(follower: SpotsFollower): () => void;
  /** The schedules refresh every 30 s instead of following the stream. */
  readonly fallback: boolean;
}

/** The stream of one API host; see `spotsStreamOf` for the page's shared one. */
export function createSpotsStream(apiBase: string, options: SpotsStreamOptions = {}): SpotsStream {
  // Written for size: the schedule page loads this after its first render, within its 26 KB.
  const Source = options.EventSource ?? (globalThis as SpotsStreamOptions).EventSource;
  const random = options.random ?? Math.random;
  const followers = new Set<SpotsFollower>();
  let source: EventSourceLike | undefined;
  let query = "";
  let lastEventId: string | undefined;
  let failures = 0;
  let everOpened = false;
  let retry: ReturnType<typeof setTimeout> | undefined;
  let polling: ReturnType<typeof setInterval> | undefined;
  let pendingSync = false;

  const refreshAll = () => followers.forEach((f) => f.refresh());

  const startFallback = () => {
    if (polling === undefined) {
      refreshAll();
      polling = setInterval(refreshAll, FALLBACK_REFRESH_MS);
    }
  };
  const stopFallback = () => (polling = clearInterval(polling) as undefined);

  /** The `location` query the followers need: empty when one shows every location. */
  const wantedQuery = () => {
    const locations = [...followers].map((f) => f.location);
    return locations.includes("") ? "" : [...new Set(locations)].sort().join();
  };

  const disconnect = () => {
    source?.close();
    source = retry = clearTimeout(retry) as undefined;
  };

  const connect = () => {
    disconnect();
    if (!followers.size) return;
    if (!Source) return startFallback();
    query = wantedQuery();
    const params = new URLSearchParams(query ? { location: query } : {});
    if (lastEventId) params.set("last_event_id", lastEventId);
    const search = `${params}`;
    const es = (source = new Source(
      `${apiBase.replace(/\/+$/, "")}/studios/live-classes/stream${search && "?" + search}`,
    ));
    const on = (type: string, handle: (event: MessageEvent<string>) => unknown) =>
      es.addEventListener(type, (event) => source === es && handle(event as MessageEvent<string>));
    on("open", () => {
      // Reopened without an event id to resume from: what happened meanwhile is unknown.
      if (everOpened && !lastEventId) refreshAll();
      everOpened = true;
      failures = 0;
      stopFallback();
    });
    on("spots", (message) => {
      lastEventId = message.lastEventId || lastEventId;
      const change = JSON.parse(message.data) as SpotsChange;
      followers.forEach((f) => f.onChange(change));
    });
    on("resync", refreshAll);
    on("error", () => {
      // The browser would retry at once and forever; this page waits longer after each failure instead.
      const refused = es.readyState === CLOSED;
      disconnect();
      if (++failures >= FAILURES_BEFORE_FALLBACK || refused) startFallback();
      retry = setTimeout(connect, reconnectDelay(failures, random));
    });
  };

  /** Followers joining or leaving together (a page's schedules mounting) change the stream once. */
  const sync = () => {
    if (pendingSync) return;
    pendingSync = true;
    queueMicrotask(() => {
      pendingSync = false;
      if (!followers.size) {
        disconnect();
        stopFallback();
        failures = 0;
      }
      // Waiting to reconnect, or the open stream already carries these locations.
      else if (retry === undefined && !(source && query === wantedQuery())) connect();
    });
  };

  return {
    follow(follower) {
      followers.add(follower);
      sync();
      return () => {
        followers.delete(follower);
        sync();
      };
    },
    get fallback() {
      return polling !== undefined;
    },
  };
}

const perStore = new WeakMap<object, SpotsStream>();

/** The page's one stream for this store (every schedule on the page shares it). */
export function spotsStreamOf(store: { apiBase: string }, options?: SpotsStreamOptions): SpotsStream {
  let stream = perStore.get(store);
  if (!stream) perStore.set(store, (stream = createSpotsStream(store.apiBase, options)));
  return stream;
}

/** The parts of a shown class that a change updates. */
interface Counted {
  id: string;
  start_date: string;
  spots_left: number;
  class_full: boolean;
  waitlist?: { count: number; capacity: number; open: boolean };
}

/**
 * The shown classes after a change: the class's spots, full flag and waitlist count updated in place, or the class
 * gone once cancelled. The same list when the change is not about one of them.
 */
export function withSpots<T extends Counted>(classes: T[], change: SpotsChange, now: number): T[] {
  if (!classes.some((c) => c.id === change.id)) return classes;
  if (change.cancelled) return classes.filter((c) => c.id !== change.id);
  return classes.map((c) => {
    if (c.id !== change.id) return c;
    const updated: T = { ...c, spots_left: change.spots_left, class_full: change.class_full };
    if (c.waitlist) {
      const open = change.class_full && change.waitlisted < c.waitlist.capacity && Date.parse(c.start_date) > now;
      updated.waitlist = { ...c.waitlist, count: change.waitlisted, open };
    }
    return updated;
  });
}
