import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import {
  createAnalytics,
  createConsent,
  createVideoEventBuffer,
  getSharedAnalytics,
  ANALYTICS_KEY,
  NAV_KEYS,
  recordNavigation,
  type AnalyticsEvent,
  type Sink,
} from "../../src/analytics/index.js";
import { memoryStorage } from "../../src/store/index.js";
import type { VideoEvent } from "../../src/api/types.js";

function recordingSink(category: Sink["category"]) {
  const sent: AnalyticsEvent[][] = [];
  return { sink: { category, send: async (events: AnalyticsEvent[]) => void sent.push(events) } satisfies Sink, sent };
}
const setup = (sinks: Sink[], storage = memoryStorage(), session = memoryStorage()) =>
  createAnalytics({
    sinks,
    storage,
    session,
    batchMs: 10,
    origin: "https://app.fitkit.dev",
    now: () => Date.parse("2026-11-22T12:00:00Z"),
  });

describe("consent (spec §4)", () => {
  it("grants nothing until the visitor answers, remembers the answer and ignores unknown categories", () => {
    const storage = memoryStorage();
    const c = createConsent(storage);
    expect([c.started.value, c.granted.value]).toEqual([false, []]);
    c.set(["Functional", "Essential", "Bogus" as never]);
    expect(c.granted.value).toEqual(["Essential", "Functional"]);
    expect(createConsent(storage).allows("Functional")).toBe(true);
    expect(createConsent(storage).allows("Marketing")).toBe(false);
  });
  it("survives garbage in storage", () => {
    const storage = memoryStorage();
    storage.setItem("fitkit.consent", "{oops");
    expect(createConsent(storage).granted.value).toEqual([]);
  });
});

describe("tracker", () => {
  it("sends nothing before Essential consent", async () => {
    const { sink, sent } = recordingSink("Essential");
    const a = setup([sink]);
    a.track("CTA Clicked", { cta_name: "x" });
    await a.flush();
    expect(sent).toEqual([]);
  });

  it("sends each sink only what its category allows, recording that category; every event carries source_app", async () => {
    const first = recordingSink("Essential");
    const segment = recordingSink("Functional");
    const a = setup([first.sink, segment.sink]);
    a.consent.set(["Essential"]);
    a.track("CTA Clicked", { cta_name: "join" });
    await a.flush();
    expect(segment.sent).toEqual([]);
    expect(first.sent[0]).toEqual([
      expect.objectContaining({
        type: "track",
        name: "CTA Clicked",
        category: "Essential",
        properties: { cta_name: "join", source_app: "Web app" },
        occurred_at: "2026-11-22T12:00:00.000Z",
      }),
    ]);
    a.consent.set(["Essential", "Functional"]);
    a.track("Account Logged In");
    await a.flush();
    expect(segment.sent[0]![0]).toMatchObject({ name: "Account Logged In", category: "Functional" });
  });

  it("batches events gathered within the batch window into one send", async () => {
    const { sink, sent } = recordingSink("Essential");
    const a = setup([sink]);
    a.consent.set(["Essential"]);
    a.track("one");
    a.track("two");
    await new Promise((r) => setTimeout(r, 30));
    expect(sent.map((b) => b.map((e) => e.name))).toEqual([["one", "two"]]);
  });

  it("keeps one anonymous id across reloads", async () => {
    const storage = memoryStorage();
    const { sink, sent } = recordingSink("Essential");
    for (let i = 0; i < 2; i++) {
      const a = setup([sink], storage);
      a.consent.set(["Essential"]);
      a.track("x");
      await a.flush();
    }
    expect(sent[0]![0]!.anonymous_id).toBeTruthy();
    expect(sent[1]![0]!.anonymous_id).toBe(sent[0]![0]!.anonymous_id);
  });

  it("survives a failing sink", async () => {
    const a = setup([{ category: "Essential", send: async () => Promise.reject(new Error("down")) }]);
    a.consent.set(["Essential"]);
    a.track("x");
    await expect(a.flush()).resolves.toBeUndefined();
  });

  describe("identify and page views", () => {
    beforeEach(() => vi.useFakeTimers());
    afterEach(() => vi.useRealTimers());

    it("lowercases the id and email and sends a page view 1000 ms later", async () => {
      const { sink, sent } = recordingSink("Essential");
      const session = memoryStorage();
      const a = setup([sink], memoryStorage(), session);
      a.consent.set(["Essential"]);
      recordNavigation(session, "/live", "https://app.fitkit.dev");
      a.identify("ABC-123", { email: "Member@Demo.FITKIT.dev", plan: "annual" });
      await vi.advanceTimersByTimeAsync(999);
      await a.flush();
      expect(sent.flat().map((e) => e.type)).toEqual(["identify"]);
      expect(sent[0]![0]).toMatchObject({
        user_id: "abc-123",
        properties: { email: "member@demo.fitkit.dev", plan: "annual", source_app: "Web app" },
      });
      await vi.advanceTimersByTimeAsync(1);
      await a.flush();
      expect(sent.flat()[1]).toMatchObject({
        type: "page",
        name: "Live",
        user_id: "abc-123",
        properties: { path: "/live", page_kind: "live" },
      });
    });

    it("cancels the pending page view on reset", async () => {
      const { sink, sent } = recordingSink("Essential");
      const a = setup([sink]);
      a.consent.set(["Essential"]);
      a.identify("u");
      a.reset();
      await vi.advanceTimersByTimeAsync(2000);
      await a.flush();
      expect(sent.flat().map((e) => e.type)).toEqual(["identify"]);
    });
  });

  it("records referrer and paths on each completed route change and names the page view", async () => {
    const { sink, sent } = recordingSink("Essential");
    const session = memoryStorage();
    const a = setup([sink], memoryStorage(), session);
    a.consent.set(["Essential"]);
    a.routeChanged("/home", "fitkit");
    a.routeChanged("/series/phase-and-function", "Phase & Function");
    a.routeChanged("/series/phase-and-function", "Phase & Function");
    await a.flush();
    expect([
      session.getItem(NAV_KEYS.current),
      session.getItem(NAV_KEYS.previous),
      session.getItem(NAV_KEYS.referrer),
    ]).toEqual(["/series/phase-and-function", "/home", "https://app.fitkit.dev/home"]);
    expect(sent.flat().map((e) => [e.name, e.properties.referrer])).toEqual([
      ["Home", ""],
      ["Series", "https://app.fitkit.dev/home"],
      ["Series", "https://app.fitkit.dev/home"],
    ]);
  });

  it("is one instance per page", () => {
    const a = getSharedAnalytics({ sinks: [] });
    expect(getSharedAnalytics()).toBe(a);
    expect((globalThis as Record<symbol, unknown>)[ANALYTICS_KEY]).toBe(a);
  });
});

describe("video event buffer (spec §4)", () => {
  const ev = (event_type: VideoEvent["event_type"], session_id = "s1"): VideoEvent => ({
    event_type,
    workout_id: "w",
    session_id,
    position: 1,
  });

  it("flushes at the size limit", async () => {
    const batches: VideoEvent[][] = [];
    const b = createVideoEventBuffer(async (e) => void batches.push(e), { size: 3, flushMs: 60_000 });
    b.push(ev("start"));
    b.push(ev("play"));
    expect(batches).toEqual([]);
    b.push(ev("progress"));
    await Promise.resolve();
    expect(batches.map((x) => x.length)).toEqual([3]);
    expect(b.size).toBe(0);
  });

  it("flushes on the timeout", async () => {
    vi.useFakeTimers();
    const batches: VideoEvent[][] = [];
    const b = createVideoEventBuffer(async (e) => void batches.push(e));
    b.push(ev("play"));
    await vi.advanceTimersByTimeAsync(19_999);
    expect(batches).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(batches.map((x) => x.map((e) => e.event_type))).toEqual([["play"]]);
    vi.useRealTimers();
  });

  it.each(["close", "end", "error"] as const)(
    "sends at once on %s and ignores the session's later events until a new start",
    async (type) => {
      const batches: VideoEvent[][] = [];
      const b = createVideoEventBuffer(async (e) => void batches.push(e), { flushMs: 60_000 });
      b.push(ev("play"));
      b.push(ev(type));
      await Promise.resolve();
      expect(batches.map((x) => x.map((e) => e.event_type))).toEqual([["play", type]]);
      b.push(ev("progress"));
      expect(b.size).toBe(0);
      b.push(ev("progress", "s2"));
      b.push(ev("start"));
      expect(b.size).toBe(2);
    },
  );

  it("flush settles only once the posts already under way have (the session ends after its events arrive)", async () => {
    let arrive = () => {};
    const b = createVideoEventBuffer(() => new Promise<void>((resolve) => (arrive = resolve)), { flushMs: 60_000 });
    b.push(ev("progress"));
    b.push(ev("end")); // posted at once
    let flushed = false;
    const flush = b.flush().then(() => (flushed = true));
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(flushed).toBe(false);
    arrive();
    await flush;
    expect(flushed).toBe(true);
  });

  it("drops a failed batch instead of breaking playback", async () => {
    const b = createVideoEventBuffer(async () => Promise.reject(new Error("offline")));
    b.push(ev("play"));
    await expect(b.flush()).resolves.toBeUndefined();
  });
});

describe("leaving the page", () => {
  it("sends the events still gathering when the page hides", async () => {
    const { sink, sent } = recordingSink("Essential");
    const a = createAnalytics({ sinks: [sink], storage: memoryStorage(), session: memoryStorage(), batchMs: 60_000 });
    a.consent.set(["Essential"]);
    a.track("Last Click");
    window.dispatchEvent(new Event("pagehide"));
    await Promise.resolve();
    expect(sent.flat().map((e) => e.name)).toEqual(["Last Click"]);
  });
});
