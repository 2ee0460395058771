import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { expectError, startTestApp, type TestApp } from "./harness.js";
import { activityFixture, playWorkout, type ActivityFixture } from "./activity-fixtures.js";

let t: TestApp;
let fx: ActivityFixture;
beforeAll(async () => {
  t = await startTestApp();
  fx = await activityFixture(t);
});
afterAll(() => t.close());

const enroll = (token: string, series_id: string) =>
  t.call("POST", "/v2/workouts/series/enroll", { token, body: { series_id } });
const leave = (token: string, series_id: string) =>
  t.call("POST", "/v2/workouts/series/leave", { token, body: { series_id } });
const mine = async (token: string, query = "") =>
  (await t.call("GET", `/v2/workouts/series${query}`, { token })).json().series;
const lengths: Record<string, number> = { long: 1800, medium: 1200, short: 480 };
const complete = (token: string, workoutId: string) => playWorkout(t, token, workoutId, lengths[key(workoutId)]!);
const key = (id: string) => Object.entries(fx.workouts).find(([, v]) => v === id)![0];

describe("enrolling", () => {
  it("answers the contract's shape field for field", async () => {
    const { token, user } = await t.signUp();
    const res = await enroll(token, fx.series.id);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(Object.keys(body).sort()).toEqual(["series", "success"]);
    expect(body.success).toBe(true);
    const s = body.series;
    for (const field of [
      "user_id",
      "series_id",
      "started_at",
      "completed_at",
      "status",
      "series_detail",
      "progress_summary",
      "series_state",
      "fingerprint",
    ]) {
      expect(s).toHaveProperty(field);
    }
    expect(s).toMatchObject({
      user_id: user.id,
      series_id: fx.series.id,
      started_at: t.clock.now().toISOString(),
      completed_at: null,
      status: "enrolled",
      series_detail: { id: fx.series.id, slug: fx.series.slug, name: "Fixture Series", total: 3 },
      progress_summary: {
        total_progress: 0,
        completed: 0,
        total: 3,
        chapter_progress: [
          { chapter: 1, title: "Foundations", completed: 0, total: 2, progress: 0 },
          { chapter: 2, title: "Build", completed: 0, total: 1, progress: 0 },
        ],
      },
      series_state: { workouts: fx.series.items.map((workout_id) => ({ workout_id, status: "not_started" })) },
      next_workout: { workout_id: fx.workouts.long, position: 1 },
      fingerprint: { hashcode: expect.stringMatching(/^[0-9a-f]{40}$/), calculated_at: t.clock.now().toISOString() },
    });
  });

  it("is idempotent: enrolling again keeps the start and the progress", async () => {
    const { token } = await t.signUp();
    const first = (await enroll(token, fx.series.id)).json().series;
    await complete(token, fx.workouts.long);
    t.clock.advance(60_000);
    const again = await enroll(token, fx.series.slug);
    expect(again.statusCode).toBe(200);
    expect(again.json().series).toMatchObject({
      started_at: first.started_at,
      status: "in_progress",
      progress_summary: { total_progress: 33, completed: 1 },
    });
    expect(await mine(token)).toHaveLength(1);
  });

  it("answers 404 for an unknown series and 400 for a malformed body", async () => {
    const { token } = await t.signUp();
    expectError(await enroll(token, "no-such-series"), 404);
    expectError(await leave(token, "no-such-series"), 404);
    expectError(await t.call("POST", "/v2/workouts/series/enroll", { token, body: {} }), 400);
    expectError(await t.call("POST", "/v2/workouts/series/enroll", { token, body: { series_id: 5 } }), 400);
    expectError(
      await t.call("POST", "/v2/workouts/series/enroll", { token, body: { series_id: fx.series.id, extra: 1 } }),
      400,
    );
    expectError(await t.call("POST", "/v2/workouts/series/enroll", { body: { series_id: fx.series.id } }), 401);
  });
});

describe("progress", () => {
  it("advances when a series workout is completed from anywhere; next is the first not started", async () => {
    const { token } = await t.signUp();
    await enroll(token, fx.series.id);
    // Out of order: the second item first. An unfinished play does not count.
    await playWorkout(t, token, fx.workouts.medium, 100);
    await complete(token, fx.workouts.medium);
    let [s] = await mine(token, "?active_only=true");
    expect(s.status).toBe("in_progress");
    expect(s.series_state.workouts.map((w: { status: string }) => w.status)).toEqual([
      "not_started",
      "completed",
      "not_started",
    ]);
    expect(s.next_workout.workout_id).toBe(fx.workouts.long);
    expect(s.progress_summary.chapter_progress[0]).toMatchObject({ completed: 1, total: 2, progress: 50 });
    await complete(token, fx.workouts.long);
    [s] = await mine(token, "?active_only=true");
    expect(s.next_workout.workout_id).toBe(fx.workouts.short);
    expect(s.progress_summary).toMatchObject({ total_progress: 67, completed: 2, total: 3 });
  });

  it("does not count workouts completed before enrolling", async () => {
    const { token } = await t.signUp();
    await complete(token, fx.workouts.long);
    t.clock.advance(1000);
    const s = (await enroll(token, fx.series.id)).json().series;
    expect(s.progress_summary.completed).toBe(0);
  });

  it("is completed, with completed_at, once every item is done; active_only then leaves it out", async () => {
    const { token } = await t.signUp();
    await enroll(token, fx.series.id);
    await complete(token, fx.workouts.long);
    await complete(token, fx.workouts.medium);
    t.clock.advance(5 * 60_000);
    const finishedAt = t.clock.now().toISOString();
    await complete(token, fx.workouts.short);
    const all = await mine(token);
    expect(all).toHaveLength(1);
    expect(all[0]).toMatchObject({
      status: "completed",
      completed_at: finishedAt,
      next_workout: null,
      progress_summary: { total_progress: 100, completed: 3, total: 3 },
    });
    expect(await mine(token, "?active_only=true")).toEqual([]);
  });

  it("completing the same workout again counts once", async () => {
    const { token } = await t.signUp();
    await enroll(token, fx.series.id);
    await complete(token, fx.workouts.long);
    await complete(token, fx.workouts.long);
    const [s] = await mine(token);
    expect(s.progress_summary.completed).toBe(1);
  });
});

describe("leaving", () => {
  it("discards progress, even when the member re-joins within the same instant", async () => {
    const { token } = await t.signUp();
    await enroll(token, fx.series.id);
    await complete(token, fx.workouts.long);
    const left = await leave(token, fx.series.id);
    expect(left.statusCode).toBe(200);
    expect(left.json()).toMatchObject({
      success: true,
      series: {
        series_id: fx.series.id,
        status: "not_started",
        started_at: null,
        completed_at: null,
        progress_summary: { total_progress: 0, completed: 0, total: 3 },
      },
    });
    expect(await mine(token)).toEqual([]);
    const back = (await enroll(token, fx.series.id)).json().series;
    expect(back).toMatchObject({ status: "enrolled", progress_summary: { total_progress: 0, completed: 0 } });
  });

  it("is idempotent: leaving a series the member is not in answers 200", async () => {
    const { token } = await t.signUp();
    const res = await leave(token, fx.series.id);
    expect(res.statusCode).toBe(200);
    expect(res.json().series.status).toBe("not_started");
    expect((await leave(token, fx.series.id)).statusCode).toBe(200);
  });

  it("one member leaving never touches another member's enrolment", async () => {
    const a = await t.signUp();
    const b = await t.signUp();
    await enroll(a.token, fx.series.id);
    await complete(a.token, fx.workouts.long);
    await leave(b.token, fx.series.id);
    expect(await mine(b.token)).toEqual([]);
    const [s] = await mine(a.token);
    expect(s).toMatchObject({ user_id: a.user.id, status: "in_progress" });
  });
});

describe("races", () => {
  it("parallel enrolments make one enrolment", async () => {
    const { token } = await t.signUp();
    const answers = await Promise.all(Array.from({ length: 6 }, () => enroll(token, fx.series.id)));
    expect(answers.every((r) => r.statusCode === 200 && r.json().series.status === "enrolled")).toBe(true);
    expect(new Set(answers.map((r) => r.json().series.started_at)).size).toBe(1);
    expect(await mine(token)).toHaveLength(1);
  });

  it("parallel enrol, leave and completions leave a consistent state", async () => {
    const { token, user } = await t.signUp();
    await enroll(token, fx.series.id);
    const answers = await Promise.all([
      leave(token, fx.series.id),
      complete(token, fx.workouts.long),
      enroll(token, fx.series.id),
      leave(token, fx.series.id),
      complete(token, fx.workouts.medium),
    ]);
    expect(answers.map((r) => ("statusCode" in r ? r.statusCode : 200))).toEqual([200, 200, 200, 200, 200]);
    const enrolled = await t.db
      .selectFrom("series_enrollments")
      .select("series_id")
      .where("user_id", "=", user.id)
      .execute();
    const progress = await t.db
      .selectFrom("series_progress")
      .select("workout_id")
      .where("user_id", "=", user.id)
      .execute();
    // Progress only ever exists under an enrolment.
    if (!enrolled.length) expect(progress).toEqual([]);
    expect(await mine(token)).toHaveLength(enrolled.length);
  });
});
