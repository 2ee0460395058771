import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { expectError, startTestApp, type TestApp } from "./harness.js";
import { activityFixture, type ActivityFixture } from "./activity-fixtures.js";

let t: TestApp;
let fx: ActivityFixture;
beforeAll(async () => {
  t = await startTestApp();
  fx = await activityFixture(t);
});
afterAll(() => t.close());

const TYPES = [
  "start",
  "loaded",
  "progress",
  "play",
  "seek",
  "pause",
  "close",
  "muted",
  "unmuted",
  "error",
  "end",
  "ready",
];
const post = (token: string, events: unknown, headers?: Record<string, string>) =>
  t.call("POST", "/v2/workouts/video_events", { token, body: { events }, headers });
const stored = async (userId: string) =>
  t.db
    .selectFrom("video_events")
    .select(["event_type", "session_id", "workout_id", "position", "occurred_at", "device", "data"])
    .where("user_id", "=", userId)
    .orderBy("id")
    .execute();

async function session(token: string, workoutId: string) {
  return (await t.call("GET", `/v2/workouts/start_session/${workoutId}`, { token })).json().session_id as string;
}

describe("video events", () => {
  it("stores every event of the spec's types with session, workout, position and time", async () => {
    const { token, user } = await t.signUp();
    const sid = await session(token, fx.workouts.long);
    const events = TYPES.map((event_type, i) => ({
      event_type,
      workout_id: fx.workouts.long,
      session_id: sid,
      position: i * 10.5,
      occurred_at: new Date(t.clock.now().getTime() - (TYPES.length - i) * 1000).toISOString(),
      ...(event_type === "error"
        ? {
            data: {
              code: "MEDIA_ERR_NETWORK",
              message: 'quote " comma , {brace} back\\slash NULL émoji 🎉',
              detail: null,
            },
          }
        : {}),
    }));
    const res = await post(token, events, { "x-device": "web" });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ accepted: 12 });
    const rows = await stored(user.id);
    expect(rows.map((r) => r.event_type)).toEqual(TYPES);
    expect(rows[3]).toMatchObject({
      session_id: sid,
      workout_id: fx.workouts.long,
      position: 31.5,
      device: "web",
      data: null,
    });
    expect(new Date(rows[3]!.occurred_at).toISOString()).toBe(events[3]!.occurred_at);
    expect(rows[9]!.data).toEqual(events[9]!.data);
  });

  it("accepts events without a session or time (stamped on receipt) and a full batch of 500", async () => {
    const { token, user } = await t.signUp();
    expect((await post(token, [{ event_type: "loaded", workout_id: fx.workouts.short }])).json()).toEqual({
      accepted: 1,
    });
    const [row] = await stored(user.id);
    expect(new Date(row!.occurred_at).toISOString()).toBe(t.clock.now().toISOString());
    const batch = Array.from({ length: 500 }, (_, i) => ({
      event_type: "progress",
      workout_id: fx.workouts.short,
      position: i,
    }));
    expect((await post(token, batch)).json()).toEqual({ accepted: 500 });
    expect(await stored(user.id)).toHaveLength(501);
  });

  it("rejects the whole batch, naming the failing index, when one event is malformed", async () => {
    const { token, user } = await t.signUp();
    const good = { event_type: "play", workout_id: fx.workouts.long, position: 1 };
    const cases: [unknown, string][] = [
      [[good, good, { ...good, event_type: "rewind" }], "events.2.event_type"],
      [[good, { ...good, position: -5 }], "events.1.position"],
      [[{ ...good, workout_id: undefined }], "events.0.workout_id should not be empty"],
      [[good, { ...good, session_id: "not-a-uuid" }], "events.1.session_id"],
      [[good, { ...good, occurred_at: "yesterday" }], "events.1.occurred_at"],
      [[good, { ...good, volume: 3 }], "property events.1.volume should not exist"],
      [[good, good, good, { ...good, workout_id: "no-such-workout" }], "events.3.workout_id"],
      [[good, { ...good, session_id: "00000000-0000-4000-8000-000000000000" }], "events.1.session_id"],
      [[good, { ...good, occurred_at: "2099-01-01T00:00:00Z" }], "events.1.occurred_at"],
      [[good, { ...good, occurred_at: "0000-01-01T00:00:00Z" }], "events.1.occurred_at"],
      [[good, { ...good, data: { note: "nul \u0000 inside" } }], "NUL"],
    ];
    for (const [events, message] of cases) {
      const err = expectError(await post(token, events), 400);
      expect(err.text).toContain(message);
    }
    expect(await stored(user.id)).toEqual([]);
  });

  it("refuses an empty batch, more than 500 events and a body without events", async () => {
    const { token } = await t.signUp();
    expectError(await post(token, []), 400);
    const tooMany = Array.from({ length: 501 }, () => ({ event_type: "progress", workout_id: fx.workouts.short }));
    expect(expectError(await post(token, tooMany), 400).text).toContain(
      "events must contain no more than 500 elements",
    );
    expectError(await t.call("POST", "/v2/workouts/video_events", { token, body: {} }), 400);
    expectError(await t.call("POST", "/v2/workouts/video_events", { body: { events: [] } }), 401);
  });

  it("never accepts events on another member's session, nor a session of another workout", async () => {
    const a = await t.signUp();
    const b = await t.signUp();
    const sid = await session(a.token, fx.workouts.long);
    expectError(await post(b.token, [{ event_type: "play", workout_id: fx.workouts.long, session_id: sid }]), 400);
    expectError(await post(a.token, [{ event_type: "play", workout_id: fx.workouts.short, session_id: sid }]), 400);
    expect(await stored(b.user.id)).toEqual([]);
  });

  it("loses no event when batches arrive in parallel", async () => {
    const { token, user } = await t.signUp();
    const sid = await session(token, fx.workouts.medium);
    const batch = (n: number) =>
      Array.from({ length: 100 }, (_, i) => ({
        event_type: "progress",
        workout_id: fx.workouts.medium,
        session_id: sid,
        position: n * 100 + i,
      }));
    const answers = await Promise.all(Array.from({ length: 8 }, (_, n) => post(token, batch(n))));
    expect(answers.every((r) => r.statusCode === 200)).toBe(true);
    const rows = await stored(user.id);
    expect(rows).toHaveLength(800);
    expect(new Set(rows.map((r) => r.position)).size).toBe(800);
  });
});
