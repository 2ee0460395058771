import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import {
  createSpotsStream,
  FALLBACK_REFRESH_MS,
  reconnectDelay,
  RECONNECT_MAX_MS,
  spotsStreamOf,
  withSpots,
  type SpotsChange,
  type SpotsFollower,
} from "../../src/store/live-spots.js";
import { FakeSource } from "./fake-event-source.js";

const latest = () => FakeSource.all.at(-1)!;
const open = () => FakeSource.all.filter((s) => !s.closed);
const change = (over: Partial<SpotsChange> = {}): SpotsChange => ({
  id: "c1",
  location_id: "live",
  booked: 3,
  capacity: 10,
  waitlisted: 0,
  cancelled: false,
  spots_left: 7,
  class_full: false,
  ...over,
});

function follower(location = "live") {
  const f = { location, onChange: vi.fn<SpotsFollower["onChange"]>(), refresh: vi.fn() };
  return f;
}

/** Lets the stream apply followers joining or leaving (it batches them in a microtask). */
const settle = () => vi.advanceTimersByTimeAsync(0);
/** random() = 0: each delay is exactly half its ceiling. */
const stream = () => createSpotsStream("https://api.example/", { EventSource: FakeSource as never, random: () => 0 });

beforeEach(() => {
  FakeSource.all = [];
  vi.useFakeTimers();
});
afterEach(() => vi.useRealTimers());

describe("the page's spots stream", () => {
  it("opens one stream for every schedule on the page, with their locations, and hands each change to all", async () => {
    const s = stream();
    const a = follower("chicago");
    const b = follower("live");
    const c = follower("chicago");
    s.follow(a);
    s.follow(b);
    s.follow(c);
    await settle();
    expect(open()).toHaveLength(1);
    expect(latest().url).toBe("https://api.example/studios/live-classes/stream?location=chicago%2Clive");
    latest().open();
    latest().fire("spots", { data: JSON.stringify(change()), lastEventId: "abcd0123.1" });
    for (const f of [a, b, c]) expect(f.onChange).toHaveBeenCalledWith(change());
  });

  it("is one per store, whoever asks", () => {
    const store = { apiBase: "https://api.example" };
    expect(spotsStreamOf(store)).toBe(spotsStreamOf(store));
    expect(spotsStreamOf({ apiBase: "https://api.example" })).not.toBe(spotsStreamOf(store));
  });

  it("follows every location when a schedule shows them all, and closes with the last schedule", async () => {
    const s = stream();
    const stopA = s.follow(follower("live"));
    const stopB = s.follow(follower(""));
    await settle();
    expect(latest().url).toBe("https://api.example/studios/live-classes/stream");
    stopA();
    stopB();
    await settle();
    expect(open()).toHaveLength(0);
  });

  it("reconnects after an exponential back-off with jitter, resuming after the last event", async () => {
    const s = stream();
    s.follow(follower());
    await settle();
    latest().open();
    latest().fire("spots", { data: JSON.stringify(change()), lastEventId: "abcd0123.5" });
    const delays: number[] = [];
    for (let attempt = 0; attempt < 4; attempt++) {
      const before = FakeSource.all.length;
      latest().drop();
      // Nothing at once: the browser's own immediate retry is replaced by the page's back-off.
      expect(open()).toHaveLength(0);
      let waited = 0;
      while (FakeSource.all.length === before) {
        await vi.advanceTimersByTimeAsync(100);
        waited += 100;
      }
      delays.push(waited);
    }
    // 1 s, 2 s, 4 s, 8 s ceilings; random() = 0 waits half of each.
    expect(delays).toEqual([500, 1000, 2000, 4000]);
    expect(latest().url).toContain("last_event_id=abcd0123.5");
    // Once open again, the next failure starts from the first delay.
    latest().open();
    latest().drop();
    await vi.advanceTimersByTimeAsync(499);
    expect(open()).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(open()).toHaveLength(1);
  });

  it("spreads reconnects between half and all of the capped delay", () => {
    expect(reconnectDelay(1, () => 0)).toBe(500);
    expect(reconnectDelay(1, () => 0.999)).toBe(1000);
    expect(reconnectDelay(30, () => 0)).toBe(RECONNECT_MAX_MS / 2);
    expect(reconnectDelay(30, () => 0.999)).toBeLessThanOrEqual(RECONNECT_MAX_MS);
  });

  it("refreshes the schedules every 30 s while the stream is refused, and stops once it opens again", async () => {
    const s = stream();
    const f = follower();
    s.follow(f);
    await settle();
    latest().refuse();
    // Refused: the schedule refreshes now and every 30 s, whatever the stream's retries do.
    expect(f.refresh).toHaveBeenCalledTimes(1);
    for (let i = 0; i < 4; i++) {
      // Every retry is refused too.
      const before = FakeSource.all.length;
      await vi.advanceTimersByTimeAsync(FALLBACK_REFRESH_MS);
      if (FakeSource.all.length > before) latest().refuse();
    }
    expect(f.refresh).toHaveBeenCalledTimes(5);
    // The server lets it in again: no more polling.
    await vi.advanceTimersByTimeAsync(RECONNECT_MAX_MS);
    latest().open();
    const calls = f.refresh.mock.calls.length;
    await vi.advanceTimersByTimeAsync(FALLBACK_REFRESH_MS * 3);
    expect(f.refresh.mock.calls.length).toBe(calls);
  });

  it("falls back to refreshing after three failures in a row even when the browser would keep retrying", async () => {
    const s = stream();
    const f = follower();
    s.follow(f);
    await settle();
    latest().drop();
    await vi.advanceTimersByTimeAsync(1000);
    latest().drop();
    await vi.advanceTimersByTimeAsync(2000);
    expect(f.refresh).not.toHaveBeenCalled();
    latest().drop();
    expect(f.refresh).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(FALLBACK_REFRESH_MS);
    expect(f.refresh).toHaveBeenCalledTimes(2);
  });

  it("refreshes on resync, and on a reopen with no event to resume from", async () => {
    const s = stream();
    const f = follower();
    s.follow(f);
    await settle();
    latest().open();
    expect(f.refresh).not.toHaveBeenCalled();
    latest().fire("resync", { data: "{}" });
    expect(f.refresh).toHaveBeenCalledTimes(1);
    latest().drop();
    await vi.advanceTimersByTimeAsync(1000);
    latest().open();
    expect(f.refresh).toHaveBeenCalledTimes(2);
  });

  it("polls when the browser has no EventSource at all", async () => {
    vi.stubGlobal("EventSource", undefined);
    try {
      const s = createSpotsStream("https://api.example");
      const f = follower();
      s.follow(f);
      await settle();
      expect(f.refresh).toHaveBeenCalledTimes(1);
      await vi.advanceTimersByTimeAsync(FALLBACK_REFRESH_MS);
      expect(f.refresh).toHaveBeenCalledTimes(2);
    } finally {
      vi.unstubAllGlobals();
    }
  });
});

describe("withSpots", () => {
  const start = "2026-12-01T10:00:00.000Z";
  const now = Date.parse("2026-11-30T10:00:00.000Z");
  const shown = [
    { id: "c1", start_date: start, spots_left: 2, class_full: false, waitlist: { count: 0, capacity: 2, open: false } },
    { id: "c2", start_date: start, spots_left: 5, class_full: false },
  ];

  it("updates the changed class's spots, full flag and waitlist, leaving the others as they were", () => {
    const next = withSpots(shown, change({ spots_left: 0, class_full: true, waitlisted: 1 }), now);
    expect(next[0]).toEqual({
      id: "c1",
      start_date: start,
      spots_left: 0,
      class_full: true,
      waitlist: { count: 1, capacity: 2, open: true },
    });
    expect(next[1]).toBe(shown[1]);
    // A full waitlist cannot be joined.
    expect(withSpots(shown, change({ class_full: true, waitlisted: 2 }), now)[0]!.waitlist!.open).toBe(false);
  });

  it("drops a cancelled class and ignores classes it does not show", () => {
    expect(withSpots(shown, change({ cancelled: true }), now).map((c) => c.id)).toEqual(["c2"]);
    expect(withSpots(shown, change({ id: "elsewhere" }), now)).toBe(shown);
  });
});
