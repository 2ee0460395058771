import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { expectError, startTestApp, type TestApp } from "./harness.js";
import { activityFixture, playWorkout, sendWatch, type ActivityFixture } from "./activity-fixtures.js";
import { watchEvents } from "./watch-events.js";

let t: TestApp;
let fx: ActivityFixture;
beforeAll(async () => {
  t = await startTestApp();
  fx = await activityFixture(t);
});
afterAll(() => t.close());

const start = (token: string, workoutId: string) => t.call("GET", `/v2/workouts/start_session/${workoutId}`, { token });
const end = (token: string, workoutId: string, body: unknown) =>
  t.call("POST", `/v2/workouts/end_session/${workoutId}`, { token, body });
/** The player's events of watching `from`…`to` seconds of a session's video, ending `agoMs` before the server's now. */
const watch = (token: string, workoutId: string, sessionId: string, from: number, to: number, agoMs = 0) =>
  sendWatch(t, token, watchEvents(workoutId, sessionId, from, to, t.clock.now().getTime() - agoMs));
const totals = async (token: string) => (await t.call("GET", "/stats/v2/workouts", { token })).json().data.stats;

describe("starting a session", () => {
  it("answers a started session at timecode 0 the first time", async () => {
    const { token } = await t.signUp();
    const res = await start(token, fx.workouts.long);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toEqual({ session_id: expect.any(String), status: "started", is_complete: false, timecode: 0 });
  });

  it("resumes where the member left an unfinished play, and from the start after a completed one", async () => {
    const { token } = await t.signUp();
    await playWorkout(t, token, fx.workouts.long, 600);
    expect((await start(token, fx.workouts.long)).json().timecode).toBe(600);
    // Starting again without ending keeps the resume point.
    expect((await start(token, fx.workouts.long)).json().timecode).toBe(600);
    await playWorkout(t, token, fx.workouts.long, 1700);
    expect((await start(token, fx.workouts.long)).json().timecode).toBe(0);
  });

  it("answers 404 for an unknown workout and 401 without a member", async () => {
    const { token } = await t.signUp();
    expectError(await start(token, "no-such-workout"), 404);
    expectError(await t.call("GET", `/v2/workouts/start_session/${fx.workouts.long}`), 401);
  });

  it("records the device header when sent", async () => {
    const { token } = await t.signUp();
    const res = await t.call("GET", `/v2/workouts/start_session/${fx.workouts.short}`, {
      token,
      headers: { "x-device": "web" },
    });
    const row = await t.db
      .selectFrom("workout_sessions")
      .select("device")
      .where("id", "=", res.json().session_id)
      .executeTakeFirstOrThrow();
    expect(row.device).toBe("web");
  });
});

describe("ending a session", () => {
  it("completes at 90 % of the video's duration watched, not below", async () => {
    const { token } = await t.signUp();
    // long: 1800 s → complete from 1620 s watched (the second play resumes at 1619 and watches one more second).
    expect(await playWorkout(t, token, fx.workouts.long, 1619)).toMatchObject({ status: "ended", is_complete: false });
    expect(await playWorkout(t, token, fx.workouts.long, 1620)).toMatchObject({ status: "ended", is_complete: true });
    expect(await totals(token)).toEqual({ total_completed: 1, total_minutes: 30, total_on_demand: 1, total_lvs: 0 });
  });

  /** A player event of a session `secondsAgo` before the server clock's now. */
  const event = (workoutId: string, session_id: string, event_type: string, position: number, secondsAgo: number) => ({
    event_type,
    workout_id: workoutId,
    session_id,
    position,
    occurred_at: new Date(t.clock.now().getTime() - secondsAgo * 1000).toISOString(),
  });

  it("scrubbing to the end is not a completion; watching through is (time watched counts, not the position)", async () => {
    const { token } = await t.signUp();
    const w = fx.workouts.short; // 480 s: complete from 432 s watched
    const scrub = (await start(token, w)).json();
    await sendWatch(t, token, [
      event(w, scrub.session_id, "start", 0, 20),
      event(w, scrub.session_id, "progress", 5, 15),
      event(w, scrub.session_id, "seek", 478, 14),
      event(w, scrub.session_id, "end", 480, 12),
    ]);
    expect((await end(token, w, { session_id: scrub.session_id, workout_completed_positions: 480 })).json()).toEqual({
      session_id: scrub.session_id,
      status: "ended",
      is_complete: false,
    });
    // Half watched, then the rest skipped in 10-second jumps: still not watched.
    const half = (await start(token, w)).json();
    const jumps = Array.from({ length: 24 }, (_, i) => event(w, half.session_id, "seek", 250 + i * 10, 10 - i * 0.4));
    await sendWatch(t, token, [...watchEvents(w, half.session_id, 0, 240, t.clock.now().getTime() - 11_000), ...jumps]);
    expect(
      (await end(token, w, { session_id: half.session_id, workout_completed_positions: 480 })).json().is_complete,
    ).toBe(false);
    expect(await totals(token)).toMatchObject({ total_completed: 0 });

    // Watched through, with a pause (wall time passes, the video does not) and one 10-second skip: complete.
    const through = (await start(token, w)).json();
    await sendWatch(t, token, [
      ...watchEvents(w, through.session_id, 0, 200, t.clock.now().getTime() - 900_000),
      event(w, through.session_id, "play", 200, 600),
      ...watchEvents(w, through.session_id, 200, 300, t.clock.now().getTime() - 500_000).slice(1),
      event(w, through.session_id, "seek", 310, 499.5),
      ...watchEvents(w, through.session_id, 310, 480, t.clock.now().getTime()).slice(1),
    ]);
    expect(
      (await end(token, w, { session_id: through.session_id, workout_completed_positions: 480 })).json().is_complete,
    ).toBe(true);
    expect(await totals(token)).toMatchObject({ total_completed: 1, total_minutes: 8 });
  });

  it("a resumed play adds to the unfinished one before it, and rewatching a part counts it once", async () => {
    const { token } = await t.signUp();
    const w = fx.workouts.medium; // 1200 s: complete from 1080 s watched
    const first = (await start(token, w)).json();
    await watch(token, w, first.session_id, 0, 600, 7_200_000);
    await watch(token, w, first.session_id, 300, 700, 3_600_000); // back to 300, on to 700: 700 s watched
    expect(
      (await end(token, w, { session_id: first.session_id, workout_completed_positions: 700 })).json().is_complete,
    ).toBe(false);
    const second = (await start(token, w)).json();
    expect(second.timecode).toBe(700);
    await watch(token, w, second.session_id, 700, 1079);
    expect(
      (await end(token, w, { session_id: second.session_id, workout_completed_positions: 1079 })).json().is_complete,
    ).toBe(false);
    const third = (await start(token, w)).json();
    await watch(token, w, third.session_id, 1079, 1200);
    expect(
      (await end(token, w, { session_id: third.session_id, workout_completed_positions: 1200 })).json().is_complete,
    ).toBe(true);
    // After a completion the count starts over: the next play is a new workout, from nothing watched.
    const again = (await start(token, w)).json();
    expect(again.timecode).toBe(0);
    await watch(token, w, again.session_id, 0, 200);
    expect(
      (await end(token, w, { session_id: again.session_id, workout_completed_positions: 1200 })).json().is_complete,
    ).toBe(false);
    expect(await totals(token)).toMatchObject({ total_completed: 1, total_minutes: 20 });
  });

  it("accepts the positions as a list (the furthest counts)", async () => {
    const { token } = await t.signUp();
    const s = (await start(token, fx.workouts.short)).json();
    await watch(token, fx.workouts.short, s.session_id, 0, 470);
    const res = await end(token, fx.workouts.short, {
      session_id: s.session_id,
      workout_completed_positions: [100, 470, 200],
    });
    expect(res.json()).toEqual({ session_id: s.session_id, status: "ended", is_complete: true });
  });

  it("ending twice is idempotent and never counts the completion twice", async () => {
    const { token } = await t.signUp();
    const s = (await start(token, fx.workouts.medium)).json();
    await watch(token, fx.workouts.medium, s.session_id, 0, 1200);
    const first = await end(token, fx.workouts.medium, { session_id: s.session_id, workout_completed_positions: 1200 });
    const second = await end(token, fx.workouts.medium, {
      session_id: s.session_id,
      workout_completed_positions: 1200,
    });
    expect(first.json()).toEqual({ session_id: s.session_id, status: "ended", is_complete: true });
    expect(second.statusCode).toBe(200);
    expect(second.json()).toEqual(first.json());
    // A later, lower position does not undo the completion either.
    expect(
      (await end(token, fx.workouts.medium, { session_id: s.session_id, workout_completed_positions: 10 })).json()
        .is_complete,
    ).toBe(true);
    expect(await totals(token)).toMatchObject({ total_completed: 1, total_minutes: 20 });
  });

  it("an unfinished end followed by a further end completes the same session once", async () => {
    const { token } = await t.signUp();
    const s = (await start(token, fx.workouts.medium)).json();
    await watch(token, fx.workouts.medium, s.session_id, 0, 300, 3_600_000);
    expect(
      (await end(token, fx.workouts.medium, { session_id: s.session_id, workout_completed_positions: 300 })).json()
        .is_complete,
    ).toBe(false);
    await watch(token, fx.workouts.medium, s.session_id, 300, 1150);
    expect(
      (await end(token, fx.workouts.medium, { session_id: s.session_id, workout_completed_positions: 1150 })).json()
        .is_complete,
    ).toBe(true);
    expect(await totals(token)).toMatchObject({ total_completed: 1 });
  });

  it("counts a completion once when parallel ends race", async () => {
    const { token } = await t.signUp();
    const s = (await start(token, fx.workouts.long)).json();
    await watch(token, fx.workouts.long, s.session_id, 0, 1800);
    const answers = await Promise.all(
      Array.from({ length: 8 }, () =>
        end(token, fx.workouts.long, { session_id: s.session_id, workout_completed_positions: 1800 }),
      ),
    );
    expect(answers.map((r) => r.statusCode)).toEqual(Array(8).fill(200));
    expect(answers.every((r) => r.json().is_complete)).toBe(true);
    expect(await totals(token)).toMatchObject({ total_completed: 1, total_minutes: 30 });
  });

  it("keeps parallel starts and ends of different sessions consistent", async () => {
    const { token } = await t.signUp();
    const plays = await Promise.all(Array.from({ length: 5 }, () => playWorkout(t, token, fx.workouts.short, 480)));
    expect(new Set(plays.map((p) => p.session_id)).size).toBe(5);
    expect(await totals(token)).toMatchObject({ total_completed: 5, total_minutes: 40 });
  });

  it("refuses a position beyond the video's duration (a hair past the end is the end)", async () => {
    const { token } = await t.signUp();
    const s = (await start(token, fx.workouts.short)).json();
    await watch(token, fx.workouts.short, s.session_id, 0, 480);
    const err = expectError(
      await end(token, fx.workouts.short, { session_id: s.session_id, workout_completed_positions: 5000 }),
      400,
    );
    expect(err.text).toContain("workout_completed_positions");
    expect(await totals(token)).toMatchObject({ total_completed: 0 });
    expect(
      (await end(token, fx.workouts.short, { session_id: s.session_id, workout_completed_positions: 480.4 })).json()
        .is_complete,
    ).toBe(true);
  });

  it("never ends another member's session, nor a session under another workout", async () => {
    const a = await t.signUp();
    const b = await t.signUp();
    const s = (await start(a.token, fx.workouts.long)).json();
    expectError(
      await end(b.token, fx.workouts.long, { session_id: s.session_id, workout_completed_positions: 1800 }),
      404,
    );
    expectError(
      await end(a.token, fx.workouts.medium, { session_id: s.session_id, workout_completed_positions: 100 }),
      404,
    );
    expect(await totals(a.token)).toMatchObject({ total_completed: 0 });
    expect(await totals(b.token)).toMatchObject({ total_completed: 0 });
    // Nor resumes from it.
    await end(a.token, fx.workouts.long, { session_id: s.session_id, workout_completed_positions: 900 });
    expect((await start(b.token, fx.workouts.long)).json().timecode).toBe(0);
  });

  it.each([
    [{ workout_completed_positions: 10 }, "session_id should not be empty"],
    [{ session_id: "nope", workout_completed_positions: 10 }, "session_id must be a valid uuid"],
    [{ session_id: "00000000-0000-4000-8000-000000000000" }, "workout_completed_positions should not be empty"],
    [
      { session_id: "00000000-0000-4000-8000-000000000000", workout_completed_positions: -1 },
      "workout_completed_positions",
    ],
    [
      { session_id: "00000000-0000-4000-8000-000000000000", workout_completed_positions: "10" },
      "workout_completed_positions",
    ],
    [
      { session_id: "00000000-0000-4000-8000-000000000000", workout_completed_positions: 10, extra: 1 },
      "property extra should not exist",
    ],
  ])("rejects %j with 400", async (body, message) => {
    const { token } = await t.signUp();
    const err = expectError(await end(token, fx.workouts.long, body), 400);
    expect(err.text).toContain(message);
  });

  it("answers 404 for an unknown session or workout", async () => {
    const { token } = await t.signUp();
    expectError(
      await end(token, fx.workouts.long, {
        session_id: "00000000-0000-4000-8000-000000000000",
        workout_completed_positions: 10,
      }),
      404,
    );
    expectError(
      await end(token, "no-such-workout", {
        session_id: "00000000-0000-4000-8000-000000000000",
        workout_completed_positions: 10,
      }),
      404,
    );
  });
});
