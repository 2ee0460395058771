/**
 * Live spot counts (issue 18): GET /studios/live-classes/stream pushes each class's counts as they change, whoever
 * changes them, bounded per process, and ends with the server.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { expectError, startTestApp, type TestApp } from "./harness.js";
import { createClass, DAY, signUpMember } from "./studios-fixtures.js";
import { openStream, type SseEvent, type SseStream } from "./sse-client.js";

/** The promise: a schedule open elsewhere sees a booking within 2 seconds. */
const REACHES_WITHIN_MS = 2_000;
/** Something that should not happen is given this long to happen anyway. */
const QUIET_MS = 300;
/** The server notices a client that went away, and a closing server ends its streams, well within this. */
const SETTLES_WITHIN_MS = 10_000;

let t: TestApp;
let origin: string;
const streams: SseStream[] = [];
const open = async (query: string, headers?: Record<string, string>) => {
  const s = await openStream(`${origin}/studios/live-classes/stream${query}`, headers);
  streams.push(s);
  return s;
};
const spotsOf = (id: string) => (e: SseEvent) => e.event === "spots" && JSON.parse(e.data).id === id;

beforeAll(async () => {
  t = await startTestApp({ config: { allowedOrigins: ["https://allowed.example"] } });
  origin = await t.app.listen({ port: 0, host: "127.0.0.1" });
});
afterAll(async () => {
  for (const s of streams) s.close();
  await t.close();
});

describe("GET /studios/live-classes/stream", () => {
  it("sends a booking made through the API to an open stream within 2 s, with the schedule's own numbers", async () => {
    const c = await createClass(t, { startsIn: DAY, capacity: 2 });
    const stream = await open("?location=live");
    expect(stream.status).toBe(200);
    expect(stream.headers.get("content-type")).toMatch(/^text\/event-stream/);
    expect(stream.headers.get("cache-control")).toContain("no-cache");
    const member = await signUpMember(t);
    const started = performance.now();
    const booked = await t.call("POST", "/studios/reservation/", { token: member.token, body: { class_id: c.id } });
    expect(booked.statusCode, booked.body).toBe(200);
    const event = await stream.next(spotsOf(c.id), REACHES_WITHIN_MS);
    expect(performance.now() - started).toBeLessThan(REACHES_WITHIN_MS);
    expect(JSON.parse(event.data)).toEqual({
      id: c.id,
      location_id: "live",
      booked: 1,
      capacity: 2,
      waitlisted: 0,
      cancelled: false,
      spots_left: 1,
      class_full: false,
    });
    expect(event.id).toMatch(/^[0-9a-f]{8}\.\d+$/);

    // The last spot: full, as the schedule says it.
    const other = await signUpMember(t);
    await t.call("POST", "/studios/reservation/", { token: other.token, body: { class_id: c.id } });
    await stream.next((e) => spotsOf(c.id)(e) && JSON.parse(e.data).class_full === true, REACHES_WITHIN_MS);
    const listed = (await t.call("GET", "/studios/class?location=live&public=true")).json().items;
    expect(listed.find((l: { id: string }) => l.id === c.id)).toMatchObject({ spots_left: 0, class_full: true });

    // A cancellation frees it again.
    const reservation = booked.json().id as string;
    await t.call("POST", `/studios/reservation/${reservation}/cancel`, { token: member.token });
    await stream.next((e) => spotsOf(c.id)(e) && JSON.parse(e.data).booked === 1 && e !== event, REACHES_WITHIN_MS);
  });

  it("follows changes whoever writes them (staff capacity, the waitlist count, cancelling the class)", async () => {
    const c = await createClass(t, { startsIn: DAY, capacity: 5 });
    const stream = await open("?location=live");
    await t.db.updateTable("live_classes").set({ capacity: 8 }).where("id", "=", c.id).execute();
    await stream.next((e) => spotsOf(c.id)(e) && JSON.parse(e.data).capacity === 8, REACHES_WITHIN_MS);
    await t.db.updateTable("live_classes").set({ waitlisted: 3 }).where("id", "=", c.id).execute();
    await stream.next((e) => spotsOf(c.id)(e) && JSON.parse(e.data).waitlisted === 3, REACHES_WITHIN_MS);
    await t.db.updateTable("live_classes").set({ cancelled_at: t.clock.now() }).where("id", "=", c.id).execute();
    await stream.next((e) => spotsOf(c.id)(e) && JSON.parse(e.data).cancelled === true, REACHES_WITHIN_MS);
    // Setting a count to its own value announces nothing.
    const before = stream.events.length;
    await t.db.updateTable("live_classes").set({ capacity: 8 }).where("id", "=", c.id).execute();
    await new Promise((r) => setTimeout(r, QUIET_MS));
    expect(stream.events.length).toBe(before);
  });

  it("announces a class added to the schedule (a staff one-off, the daily top-up)", async () => {
    const stream = await open("?location=live");
    const c = await createClass(t, { startsIn: DAY, capacity: 7 });
    const event = await stream.next(spotsOf(c.id), REACHES_WITHIN_MS);
    expect(JSON.parse(event.data)).toMatchObject({ booked: 0, capacity: 7, spots_left: 7, cancelled: false });
  });

  it("sends only the asked locations (ids or slugs), and every location when none is asked", async () => {
    const [slug] = (
      await t.db.selectFrom("locations").select("slug").where("id", "<>", "live").orderBy("id").execute()
    ).map((l) => l.slug);
    const studio = await t.db.selectFrom("locations").select("id").where("slug", "=", slug!).executeTakeFirstOrThrow();
    const here = await createClass(t, { startsIn: DAY, location: studio.id });
    const there = await createClass(t, { startsIn: DAY, location: "live" });
    const onlyStudio = await open(`?location=${slug}`);
    const both = await open(`?location=live,${slug}`);
    const all = await open("");
    await t.db.updateTable("live_classes").set({ capacity: 20 }).where("id", "=", there.id).execute();
    await t.db.updateTable("live_classes").set({ capacity: 20 }).where("id", "=", here.id).execute();
    await onlyStudio.next(spotsOf(here.id), REACHES_WITHIN_MS);
    await both.next(spotsOf(here.id), REACHES_WITHIN_MS);
    await both.next(spotsOf(there.id), REACHES_WITHIN_MS);
    await all.next(spotsOf(there.id), REACHES_WITHIN_MS);
    expect(onlyStudio.events.some(spotsOf(there.id))).toBe(false);
  });

  it("refuses an unknown location in the contract's error shape", async () => {
    const res = await t.call("GET", "/studios/live-classes/stream?location=live,atlantis");
    expect(expectError(res, 400).text).toContain("atlantis");
    const extra = await t.call("GET", "/studios/live-classes/stream?nonsense=1");
    expectError(extra, 400);
  });

  it("sends what a reconnecting stream missed after its Last-Event-ID, and resync when that is unknown", async () => {
    const c = await createClass(t, { startsIn: DAY, capacity: 9 });
    const first = await open("?location=live");
    await t.db.updateTable("live_classes").set({ capacity: 10 }).where("id", "=", c.id).execute();
    const seen = await first.next(spotsOf(c.id), REACHES_WITHIN_MS);
    first.close();
    await t.db.updateTable("live_classes").set({ capacity: 11 }).where("id", "=", c.id).execute();
    await t.db.updateTable("live_classes").set({ capacity: 12 }).where("id", "=", c.id).execute();
    const again = await open("?location=live", { "last-event-id": seen.id! });
    await again.next((e) => spotsOf(c.id)(e) && JSON.parse(e.data).capacity === 12, REACHES_WITHIN_MS);
    expect(again.events.filter(spotsOf(c.id)).map((e) => JSON.parse(e.data).capacity)).toEqual([11, 12]);
    // The same through the query (what the widget's own reconnect sends).
    const byQuery = await open(`?location=live&last_event_id=${encodeURIComponent(seen.id!)}`);
    await byQuery.next((e) => spotsOf(c.id)(e) && JSON.parse(e.data).capacity === 12, REACHES_WITHIN_MS);
    // An id this process never gave (another process's, or from before a restart): refetch.
    const stranger = await open("?location=live", { "last-event-id": "0badf00d.7" });
    await stranger.next((e) => e.event === "resync", REACHES_WITHIN_MS);
  });

  it("allows any origin to read it, like the public schedule", async () => {
    const stream = await open("?location=live", { origin: "https://studio-site.example" });
    expect(stream.status).toBe(200);
    expect(stream.headers.get("access-control-allow-origin")).toBe("*");
    const allowed = await open("?location=live", { origin: "https://allowed.example" });
    expect(allowed.headers.get("access-control-allow-origin")).toBe("https://allowed.example");
  });

  it("sends the retry hint first and heartbeat comments while idle", async () => {
    const quick = await startTestApp({ config: { liveStreamHeartbeatMs: 50 } });
    try {
      const at = await quick.app.listen({ port: 0, host: "127.0.0.1" });
      const res = await fetch(`${at}/studios/live-classes/stream`);
      const reader = res.body!.pipeThrough(new TextDecoderStream()).getReader();
      let text = "";
      while (!text.includes(": heartbeat")) text += (await reader.read()).value ?? "";
      expect(text.startsWith("retry: ")).toBe(true);
      await reader.cancel();
    } finally {
      await quick.close();
    }
  });
});

describe("the per-process bound and shutdown", () => {
  it("answers 503 with Retry-After past the bound, and lets a stream in again once one closes", async () => {
    const small = await startTestApp({ config: { liveStreamsMax: 2 } });
    const held: SseStream[] = [];
    try {
      const at = await small.app.listen({ port: 0, host: "127.0.0.1" });
      const url = `${at}/studios/live-classes/stream?location=live`;
      held.push(await openStream(url), await openStream(url));
      expect(held.map((s) => s.status)).toEqual([200, 200]);
      const refused = await openStream(url);
      expect(refused.status).toBe(503);
      expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
      expect(refused.body).toMatchObject({
        statusCode: 503,
        error: "Service Unavailable",
        message: expect.any(String),
      });
      held.shift()!.close();
      const until = Date.now() + SETTLES_WITHIN_MS;
      let next = await openStream(url);
      while (next.status === 503 && Date.now() < until) {
        await new Promise((r) => setTimeout(r, 50));
        next = await openStream(url);
      }
      expect(next.status).toBe(200);
      held.push(next);
    } finally {
      for (const s of held) s.close();
      await small.close();
    }
  });

  it("ends open streams when the server closes, so it stops promptly", async () => {
    const closing = await startTestApp();
    const at = await closing.app.listen({ port: 0, host: "127.0.0.1" });
    const stream = await openStream(`${at}/studios/live-classes/stream`);
    expect(stream.status).toBe(200);
    const closed = closing.close();
    await stream.ended(SETTLES_WITHIN_MS);
    await closed;
  });
});
