import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { expectError, startTestApp, type TestApp } from "./harness.js";
import { activityFixture, playWorkout, type ActivityFixture } from "./activity-fixtures.js";

/** Pausing a series or a calendar ("vacation"): progress kept, plan dates shifted, outside completions credited. */

let t: TestApp;
let fx: ActivityFixture;
/** A week-long calendar: workouts on days 1, 3 and 5, rest on 2, 4 and 6, a walk on 7. */
let week: { id: string; slug: string };
beforeAll(async () => {
  t = await startTestApp();
  fx = await activityFixture(t);
  const id = `fx-week-${randomBytes(3).toString("hex")}`;
  week = { id, slug: `${id}-slug` };
  await t.db.insertInto("workout_calendars").values({ id, slug: week.slug, name: "Week Plan" }).execute();
  const kinds = [
    ["workout", fx.workouts.long],
    ["rest", null],
    ["workout", fx.workouts.medium],
    ["rest", null],
    ["workout", fx.workouts.short],
    ["rest", null],
    ["walk", fx.workouts.walk],
  ] as const;
  await t.db
    .insertInto("workout_calendar_days")
    .values(kinds.map(([kind, workout_id], i) => ({ calendar_id: id, day: i + 1, kind, workout_id })))
    .execute();
});
afterAll(() => t.close());

/** Plays a fixture workout to its end (video lengths of activity-fixtures.ts). */
const complete = (token: string, workoutId: string) =>
  playWorkout(
    t,
    token,
    workoutId,
    workoutId === fx.workouts.long ? 1800 : workoutId === fx.workouts.medium ? 1200 : 480,
  );

/** A new member whose token is fresh at the clock's current instant (re-sign in after moving the clock). */
async function member() {
  const { email, password, user } = await t.signUp();
  const token = async () => (await t.signIn(email, password)).token;
  return { id: user.id, token };
}
const at = (iso: string) => t.clock.set(Date.parse(iso));

const series = (path: string, token: string, series_id = fx.series.id) =>
  t.call("POST", `/v2/workouts/series/${path}`, { token, body: { series_id } });
const calendar = (path: string, token: string, id = week.id, body?: object) =>
  t.call("POST", `/v2/workouts/calendars/${id}/${path}`, { token, ...(body ? { body } : {}) });
const mySeries = async (token: string) =>
  (await t.call("GET", "/v2/workouts/series?active_only=true", { token })).json().series;
const myCalendar = async (token: string, tz?: string) => {
  const res = await t.call("GET", `/v2/workouts/calendars/mine${tz ? `?tz=${encodeURIComponent(tz)}` : ""}`, {
    token,
  });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json().data as { calendar_id: string }[]).find((c) => c.calendar_id === week.id) as unknown as {
    current_day: number;
    paused: boolean;
    paused_at: string | null;
    paused_days: number;
    days: { day: number; date: string; status: string }[];
  };
};
const datesOf = (c: { days: { day: number; date: string }[] }) => c.days.map((d) => d.date);

describe("pausing a series", () => {
  it("keeps the progress while paused and resumes where it stood", async () => {
    const m = await member();
    at("2026-11-16T08:00:00Z");
    let token = await m.token();
    await series("enroll", token);
    await complete(token, fx.workouts.long);

    at("2026-11-17T09:00:00Z");
    token = await m.token();
    const paused = await series("pause", token);
    expect(paused.statusCode, paused.body).toBe(200);
    expect(paused.json()).toMatchObject({
      success: true,
      series: {
        series_id: fx.series.id,
        status: "in_progress",
        paused: true,
        paused_at: "2026-11-17T09:00:00.000Z",
        progress_summary: { completed: 1, total: 3 },
        next_workout: { workout_id: fx.workouts.medium },
      },
    });
    const [listed] = await mySeries(token);
    expect(listed).toMatchObject({ series_id: fx.series.id, paused: true, paused_at: "2026-11-17T09:00:00.000Z" });

    at("2026-11-24T09:00:00Z");
    token = await m.token();
    const resumed = await series("resume", token);
    expect(resumed.statusCode, resumed.body).toBe(200);
    expect(resumed.json().series).toMatchObject({
      paused: false,
      paused_at: null,
      status: "in_progress",
      progress_summary: { completed: 1, total: 3 },
      next_workout: { workout_id: fx.workouts.medium },
    });
    // Both pauses stay on record, for the member's history and for support.
    const rows = await t.db
      .selectFrom("series_pauses")
      .select(["paused_at", "resumed_at"])
      .where("user_id", "=", m.id)
      .execute();
    expect(rows.map((r) => [new Date(r.paused_at).toISOString(), new Date(r.resumed_at!).toISOString()])).toEqual([
      ["2026-11-17T09:00:00.000Z", "2026-11-24T09:00:00.000Z"],
    ]);
  });

  it("credits the next workout due when the member completes it from the library, paused or not", async () => {
    const m = await member();
    at("2026-11-16T08:00:00Z");
    const token = await m.token();
    await series("enroll", token);
    // Played from the library: a plain session of the workout, nothing says "series".
    await complete(token, fx.workouts.long);
    let [s] = await mySeries(token);
    expect(s.series_state.workouts[0]).toMatchObject({ workout_id: fx.workouts.long, status: "completed" });
    expect(s.next_workout.workout_id).toBe(fx.workouts.medium);

    await series("pause", token);
    await complete(token, fx.workouts.medium);
    [s] = await mySeries(token);
    expect(s).toMatchObject({ paused: true, progress_summary: { completed: 2 } });
    expect(s.next_workout.workout_id).toBe(fx.workouts.short);
  });

  it("rejects pausing twice, resuming a running series and pausing a finished one (409)", async () => {
    const m = await member();
    const token = await m.token();
    await series("enroll", token);
    expectError(await series("resume", token), 409);
    expect((await series("pause", token)).statusCode).toBe(200);
    const twice = expectError(await series("pause", token), 409);
    expect(twice.text).toBe("Fixture Series is already paused");
    expect((await series("resume", token)).statusCode).toBe(200);
    expect(expectError(await series("resume", token), 409).text).toBe("Fixture Series is not paused");

    for (const w of fx.series.items) await complete(token, w);
    expect(expectError(await series("pause", token), 409).text).toMatch(/already completed/);
  });

  it("answers 404 for a series the member is not in, another member's included, and an unknown one", async () => {
    const a = await member();
    const b = await member();
    const tokenA = await a.token();
    const tokenB = await b.token();
    await series("enroll", tokenA);
    expect(expectError(await series("pause", tokenB), 404).text).toBe("You are not enrolled in Fixture Series");
    expectError(await series("resume", tokenB), 404);
    expectError(await series("pause", tokenA, "no-such-series"), 404);
    const [mine] = await mySeries(tokenA);
    expect(mine.paused).toBe(false);
    expect(await mySeries(tokenB)).toEqual([]);

    expectError(await t.call("POST", "/v2/workouts/series/pause", { token: tokenA, body: {} }), 400);
    expectError(
      await t.call("POST", "/v2/workouts/series/pause", { token: tokenA, body: { series_id: fx.series.id, x: 1 } }),
      400,
    );
    expectError(await t.call("POST", "/v2/workouts/series/pause", { body: { series_id: fx.series.id } }), 401);
  });

  it("forgets the pause with the enrolment: leaving and joining again starts a running series", async () => {
    const m = await member();
    const token = await m.token();
    await series("enroll", token);
    await series("pause", token);
    expect((await series("enroll", token)).json().series.paused).toBe(true); // joining again keeps it
    await series("leave", token);
    expect((await series("enroll", token)).json().series).toMatchObject({ paused: false, paused_at: null });
  });

  it("makes one pause of racing pauses", async () => {
    const m = await member();
    const token = await m.token();
    await series("enroll", token);
    const answers = await Promise.all(Array.from({ length: 5 }, () => series("pause", token)));
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 409, 409, 409, 409]);
    const open = await t.db
      .selectFrom("series_pauses")
      .select("id")
      .where("user_id", "=", m.id)
      .where("resumed_at", "is", null)
      .execute();
    expect(open).toHaveLength(1);
  });
});

describe("pausing a calendar", () => {
  it("holds today while paused, then moves the paused day and every later one by the days paused", async () => {
    const m = await member();
    at("2026-11-16T08:00:00Z"); // a Monday
    let token = await m.token();
    await calendar("enroll", token);
    await complete(token, fx.workouts.long);
    expect(datesOf(await myCalendar(token))).toEqual([
      "2026-11-16",
      "2026-11-17",
      "2026-11-18",
      "2026-11-19",
      "2026-11-20",
      "2026-11-21",
      "2026-11-22",
    ]);

    at("2026-11-17T09:00:00Z"); // Tuesday, day 2
    token = await m.token();
    const paused = await calendar("pause", token);
    expect(paused.statusCode, paused.body).toBe(200);
    expect(paused.json()).toMatchObject({
      calendar_id: week.id,
      status: "enrolled",
      paused: true,
      paused_at: "2026-11-17T09:00:00.000Z",
      current_day: 2,
      paused_days: 0,
    });
    const listed = (await t.call("GET", "/tsapi/workout_calendars", { token })).json().data;
    expect(listed.find((c: { calendar_id: string }) => c.calendar_id === week.id)).toMatchObject({
      status: "enrolled",
      paused: true,
      paused_at: "2026-11-17T09:00:00.000Z",
    });

    at("2026-11-19T18:00:00Z"); // Thursday: still day 2
    token = await m.token();
    expect(await myCalendar(token)).toMatchObject({ current_day: 2, paused: true });

    at("2026-11-20T07:00:00Z"); // Friday: paused three days
    token = await m.token();
    const resumed = await calendar("resume", token);
    expect(resumed.statusCode, resumed.body).toBe(200);
    const after = resumed.json();
    expect(after).toMatchObject({ paused: false, paused_at: null, current_day: 2, paused_days: 3 });
    // Day 1 (done, before the pause) keeps its date; day 2 is today; day 5, planned for Friday, lands on Monday.
    expect(datesOf(after)).toEqual([
      "2026-11-16",
      "2026-11-20",
      "2026-11-21",
      "2026-11-22",
      "2026-11-23",
      "2026-11-24",
      "2026-11-25",
    ]);
    expect(after.days[0]).toMatchObject({ day: 1, status: "completed" });
    expect(await myCalendar(token)).toEqual(after);

    at("2026-11-21T07:00:00Z");
    token = await m.token();
    expect((await myCalendar(token)).current_day).toBe(3);
  });

  it("shifts by the exact days paused across a daylight-saving change in the member's zone", async () => {
    const zone = "America/Chicago";
    const m = await member();
    at("2026-03-05T16:00:00Z"); // Thursday 5 March, 10:00 in Chicago (CST)
    let token = await m.token();
    await calendar("enroll", token);

    // Friday 6 March 23:30 in Chicago is already Saturday in UTC.
    at("2026-03-07T05:30:00Z");
    token = await m.token();
    expect((await calendar("pause", token, week.id, { tz: zone })).json()).toMatchObject({
      current_day: 2,
      paused: true,
    });

    // Clocks go forward on Sunday 8 March. Monday 9 March 08:00 CDT: 2 days 7.5 hours after the pause, two UTC dates
    // later, and three dates later in Chicago.
    at("2026-03-09T13:00:00Z");
    token = await m.token();
    const resumed = await calendar("resume", token, week.id, { tz: zone });
    expect(resumed.statusCode, resumed.body).toBe(200);
    expect(resumed.json()).toMatchObject({ current_day: 2, paused_days: 3 });
    expect(datesOf(resumed.json())).toEqual([
      "2026-03-05",
      "2026-03-09",
      "2026-03-10",
      "2026-03-11",
      "2026-03-12",
      "2026-03-13",
      "2026-03-14",
    ]);
    expect(await myCalendar(token, zone)).toMatchObject({ current_day: 2, paused_days: 3 });
    const [row] = await t.db
      .selectFrom("calendar_pauses")
      .select(["time_zone", "from_day", "days"])
      .where("user_id", "=", m.id)
      .execute();
    expect(row).toEqual({ time_zone: zone, from_day: 2, days: 3 });
  });

  it("credits a plan day whose workout the member completes from the library", async () => {
    const m = await member();
    at("2026-11-16T08:00:00Z");
    let token = await m.token();
    await calendar("enroll", token);
    at("2026-11-18T12:00:00Z"); // day 3 is due: its workout, played from the library
    token = await m.token();
    await complete(token, fx.workouts.medium);
    const cal = await myCalendar(token);
    expect(cal.current_day).toBe(3);
    expect(cal.days[2]).toMatchObject({ day: 3, status: "completed" });
  });

  it("rejects pausing twice, resuming a running calendar and pausing a finished plan (409)", async () => {
    const m = await member();
    at("2026-11-16T08:00:00Z");
    let token = await m.token();
    await calendar("enroll", token);
    expect(expectError(await calendar("resume", token), 409).text).toBe("Week Plan is not paused");
    expect((await calendar("pause", token)).statusCode).toBe(200);
    expect(expectError(await calendar("pause", token, week.slug), 409).text).toBe("Week Plan is already paused");
    expect((await calendar("resume", token, week.slug)).statusCode).toBe(200);

    at("2026-11-30T08:00:00Z"); // day 15 of a 7-day plan
    token = await m.token();
    expect(expectError(await calendar("pause", token), 409).text).toMatch(/already over/);
  });

  it("answers 404 for another member's calendar and one the member is not in, 400 for a bad zone", async () => {
    const a = await member();
    const b = await member();
    const tokenA = await a.token();
    const tokenB = await b.token();
    await calendar("enroll", tokenA);
    expect(expectError(await calendar("pause", tokenB), 404).text).toBe("You are not enrolled in Week Plan");
    expectError(await calendar("resume", tokenB), 404);
    expectError(await calendar("pause", tokenA, "no-such-calendar"), 404);
    expect((await myCalendar(tokenA)).paused).toBe(false);

    expectError(await calendar("pause", tokenA, week.id, { tz: "Mars/Olympus" }), 400);
    expectError(await calendar("pause", tokenA, week.id, { tz: "UTC", extra: 1 }), 400);
    expectError(await t.call("GET", "/v2/workouts/calendars/mine?tz=Nowhere", { token: tokenA }), 400);
    expectError(await t.call("POST", `/v2/workouts/calendars/${week.id}/pause`), 401);
  });

  it("answers the pause state on enrolment and forgets it when the member leaves", async () => {
    const m = await member();
    const token = await m.token();
    expect((await calendar("enroll", token)).json()).toMatchObject({ paused: false, paused_at: null });
    await calendar("pause", token);
    expect((await calendar("enroll", token)).json()).toMatchObject({ status: "enrolled", paused: true });
    expect((await calendar("unenroll", token)).json()).toEqual({
      calendar_id: week.id,
      status: "not_enrolled",
      enrolled_at: null,
      paused: false,
      paused_at: null,
    });
    expect(await t.db.selectFrom("calendar_pauses").select("id").where("user_id", "=", m.id).execute()).toEqual([]);
  });
});
