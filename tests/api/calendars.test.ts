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

const enroll = (token: string, id: string) => t.call("POST", `/v2/workouts/calendars/${id}/enroll`, { token });
const unenroll = (token: string, id: string) => t.call("POST", `/v2/workouts/calendars/${id}/unenroll`, { token });
const list = async (token: string) =>
  (await t.call("GET", "/tsapi/workout_calendars", { token })).json().data as {
    calendar_id: string;
    status: string;
    total_days: number;
  }[];
const mine = async (token: string) => (await t.call("GET", "/v2/workouts/calendars/mine", { token })).json().data;

describe("calendars", () => {
  it("lists every calendar with the member's status", async () => {
    const { token } = await t.signUp();
    const before = await list(token);
    expect(before.find((c) => c.calendar_id === fx.calendar.id)).toMatchObject({
      status: "not_enrolled",
      total_days: 3,
      slug: fx.calendar.slug,
      name: "Fixture Calendar",
    });
    expect(before.every((c) => c.status === "not_enrolled")).toBe(true);
    await enroll(token, fx.calendar.id);
    expect((await list(token)).find((c) => c.calendar_id === fx.calendar.id)).toMatchObject({
      status: "enrolled",
      enrolled_at: t.clock.now().toISOString(),
    });
  });

  it("enrols and unenrols idempotently, by id or slug", async () => {
    const { token } = await t.signUp();
    const first = await enroll(token, fx.calendar.id);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({
      calendar_id: fx.calendar.id,
      status: "enrolled",
      enrolled_at: t.clock.now().toISOString(),
      paused: false,
      paused_at: null,
    });
    t.clock.advance(60_000);
    expect((await enroll(token, fx.calendar.slug)).json()).toEqual(first.json());
    expect((await unenroll(token, fx.calendar.id)).json()).toEqual({
      calendar_id: fx.calendar.id,
      status: "not_enrolled",
      enrolled_at: null,
      paused: false,
      paused_at: null,
    });
    const again = await unenroll(token, fx.calendar.slug);
    expect(again.statusCode).toBe(200);
    expect(again.json().status).toBe("not_enrolled");
    expect(await mine(token)).toEqual([]);
  });

  it("shows the member's calendars with today's day and each day's state", async () => {
    const { email, password } = await t.signUp();
    t.clock.set(Date.parse("2026-11-16T08:00:00Z"));
    const fresh = (await t.signIn(email, password)).token;
    await enroll(fresh, fx.calendar.id);
    t.clock.set(Date.parse("2026-11-18T09:00:00Z"));
    const later = (await t.signIn(email, password)).token;
    await playWorkout(t, later, fx.workouts.long, 1800);
    const [cal] = await mine(later);
    expect(cal).toMatchObject({
      calendar_id: fx.calendar.id,
      status: "enrolled",
      current_day: 3,
      progress: { completed_days: 1, total_days: 3 },
      days: [
        { day: 1, date: "2026-11-16", kind: "workout", workout_id: fx.workouts.long, status: "completed" },
        { day: 2, date: "2026-11-17", kind: "rest", workout_id: null, status: "rest" },
        { day: 3, date: "2026-11-18", kind: "walk", workout_id: fx.workouts.walk, status: "not_started" },
      ],
    });
  });

  it("keeps one enrolment when enrolments race, and a consistent state when enrol and unenrol race", async () => {
    const { token, user } = await t.signUp();
    const answers = await Promise.all(Array.from({ length: 6 }, () => enroll(token, fx.calendar.id)));
    expect(answers.every((r) => r.statusCode === 200)).toBe(true);
    expect(await mine(token)).toHaveLength(1);
    const mixed = await Promise.all([
      unenroll(token, fx.calendar.id),
      enroll(token, fx.calendar.id),
      unenroll(token, fx.calendar.id),
      enroll(token, fx.calendar.id),
    ]);
    expect(mixed.every((r) => r.statusCode === 200)).toBe(true);
    const rows = await t.db
      .selectFrom("calendar_enrollments")
      .select("calendar_id")
      .where("user_id", "=", user.id)
      .execute();
    expect((await mine(token)).length).toBe(rows.length);
  });

  it("never shows or changes another member's enrolments", async () => {
    const a = await t.signUp();
    const b = await t.signUp();
    await enroll(a.token, fx.calendar.id);
    await unenroll(b.token, fx.calendar.id);
    expect(await mine(b.token)).toEqual([]);
    expect(await mine(a.token)).toHaveLength(1);
  });

  it("answers 404 for an unknown calendar and 401 without a member", async () => {
    const { token } = await t.signUp();
    expectError(await enroll(token, "no-such-calendar"), 404);
    expectError(await unenroll(token, "no-such-calendar"), 404);
    expectError(await t.call("GET", "/tsapi/workout_calendars"), 401);
    expectError(await t.call("POST", `/v2/workouts/calendars/${fx.calendar.id}/enroll`), 401);
  });
});
