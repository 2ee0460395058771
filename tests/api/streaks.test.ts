import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TestClock } from "../../host/server/clock.js";
import { expectError, startTestApp, type TestApp } from "./harness.js";
import { activityFixture, attendLiveClass, playWorkout, sendWatch, type ActivityFixture } from "./activity-fixtures.js";
import { watchEvents } from "./watch-events.js";

let t: TestApp;
let fx: ActivityFixture;
beforeAll(async () => {
  t = await startTestApp({ clock: new TestClock(Date.parse("2026-11-25T18:00:00Z")) });
  fx = await activityFixture(t);
});
afterAll(() => t.close());

const DAY = 86_400_000;
const ms = (iso: string) => Date.parse(iso);

interface StreaksBody {
  time_zone: string;
  today: string;
  today_status: "done" | "rest" | "open";
  daily: { current: number; longest: number; current_since: string | null };
  weekly: { current: number; longest: number };
  milestones: { reached: { days: number; reached_on: string }[]; next: { days: number; remaining: number } };
}

async function streaks(token: string, query = ""): Promise<StreaksBody> {
  const res = await t.call("GET", `/stats/v2/streaks${query}`, { token });
  if (res.statusCode !== 200) throw new Error(`streaks: ${res.statusCode} ${res.body}`);
  return res.json();
}

/**
 * A member signed up at `now`, the instant the test reads streaks at. Access tokens are checked for expiry against the
 * server's clock only, so the same token serves the plays set earlier on that clock.
 */
async function memberAt(now: string) {
  t.clock.set(ms(now));
  return t.signUp();
}

/** A completed on-demand play, started at `start` and ended `minutes` later (the clock moves to each). */
async function playFrom(token: string, start: string, workoutId: string, seconds: number, minutes: number) {
  t.clock.set(ms(start));
  const started = await t.call("GET", `/v2/workouts/start_session/${workoutId}`, { token });
  expect(started.statusCode, started.body).toBe(200);
  t.clock.set(ms(start) + minutes * 60_000);
  const sessionId = started.json().session_id as string;
  await sendWatch(t, token, watchEvents(workoutId, sessionId, 0, seconds, t.clock.now().getTime()));
  const ended = await t.call("POST", `/v2/workouts/end_session/${workoutId}`, {
    token,
    body: { session_id: started.json().session_id, workout_completed_positions: seconds },
  });
  expect(ended.json()).toMatchObject({ is_complete: true });
}

/** Completed sessions written straight into the database (a long history without thousands of HTTP plays). */
async function seedCompletions(userId: string, workoutId: string, starts: number[]) {
  await t.db
    .insertInto("workout_sessions")
    .values(
      starts.map((start) => ({
        user_id: userId,
        workout_id: workoutId,
        started_at: new Date(start),
        ended_at: new Date(start + 20 * 60_000),
        position: 1200,
        is_complete: true,
        completed_at: new Date(start + 20 * 60_000),
        minutes: 20,
      })),
    )
    .execute();
}

describe("GET /stats/v2/streaks", () => {
  it("needs a member and a time zone Intl knows", async () => {
    expectError(await t.call("GET", "/stats/v2/streaks"), 401);
    const m = await memberAt("2026-11-25T18:00:00Z");
    const bad = expectError(await t.call("GET", "/stats/v2/streaks?tz=Mars%2FOlympus", { token: m.token }), 400);
    expect(bad.text).toBe("tz must be a valid IANA time zone");
    expectError(await t.call("GET", `/stats/v2/streaks?tz=${"A".repeat(65)}`, { token: m.token }), 400);
    expectError(await t.call("GET", "/stats/v2/streaks?tz=", { token: m.token }), 400);
  });

  it("answers no streak for a new member, in UTC unless a zone is asked for", async () => {
    const m = await memberAt("2026-11-25T03:00:00Z");
    expect(await streaks(m.token)).toEqual({
      time_zone: "UTC",
      today: "2026-11-25",
      today_status: "open",
      daily: { current: 0, longest: 0, current_since: null },
      weekly: { current: 0, longest: 0 },
      milestones: { reached: [], next: { days: 7, remaining: 7 } },
    });
    // 03:00 UTC is still the evening before in Chicago.
    expect(await streaks(m.token, "?tz=America/Chicago")).toMatchObject({
      time_zone: "America/Chicago",
      today: "2026-11-24",
    });
  });

  it("counts a late-night workout for the day it started, in the member's zone", async () => {
    const m = await memberAt("2026-11-23T16:00:00Z"); // Mon 23 Nov 10:00 CST
    await playFrom(m.token, "2026-11-21T18:00:00Z", fx.workouts.medium, 1200, 21); // Sat 21 Nov 12:00 CST
    await playFrom(m.token, "2026-11-23T05:50:00Z", fx.workouts.long, 1800, 31); // Sun 22 Nov 23:50 CST → 00:21 Mon
    t.clock.set(ms("2026-11-23T16:00:00Z"));
    const chicago = await streaks(m.token, "?tz=America/Chicago");
    expect(chicago).toMatchObject({
      today: "2026-11-23",
      today_status: "open", // Monday has nothing yet: the streak runs to Sunday
      daily: { current: 2, longest: 2, current_since: "2026-11-21" },
      weekly: { current: 1, longest: 1 }, // Saturday and Sunday: one Monday-to-Sunday week
      milestones: { reached: [], next: { days: 7, remaining: 5 } },
    });
    // In UTC the same plays fall on Saturday and Monday: today done, Sunday missed.
    expect(await streaks(m.token, "?tz=UTC")).toMatchObject({
      today_status: "done",
      daily: { current: 1, longest: 1, current_since: "2026-11-23" },
      weekly: { current: 2, longest: 2 },
    });
  });

  it("counts attended live classes by their start, not pending or cancelled bookings", async () => {
    const m = await memberAt("2026-11-24T16:00:00Z"); // Tue 24 Nov 10:00 CST
    await attendLiveClass(t, m.user.id, new Date("2026-11-23T05:30:00Z"), 45); // Sun 22 Nov 23:30 CST
    await attendLiveClass(t, m.user.id, new Date("2026-11-24T01:00:00Z"), 45); // Mon 23 Nov 19:00 CST
    await attendLiveClass(t, m.user.id, new Date("2026-11-24T14:00:00Z"), 30, "pending");
    await attendLiveClass(t, m.user.id, new Date("2026-11-22T01:00:00Z"), 30, "standard cancel");
    expect(await streaks(m.token, "?tz=America/Chicago")).toMatchObject({
      today_status: "open",
      daily: { current: 2, longest: 2, current_since: "2026-11-22" },
    });
  });

  it("keeps a daily streak alive over a rest day of the enrolled calendar", async () => {
    // The fixture calendar: day 1 a workout, day 2 rest, day 3 a walk (a class to do: not a rest day).
    const plays = [
      "2026-11-15T18:00:00Z", // Sun 15 Nov
      "2026-11-16T18:00:00Z", // Mon 16 Nov (calendar day 1)
      "2026-11-18T18:00:00Z", // Wed 18 Nov (calendar day 3); Tue 17 is its rest day
    ];
    const enrolled = await memberAt("2026-11-18T22:00:00Z");
    const other = await t.signUp();
    for (const m of [enrolled, other]) {
      t.clock.set(ms("2026-11-16T15:00:00Z")); // Mon 16 Nov 09:00 CST
      if (m === enrolled) {
        const res = await t.call("POST", `/v2/workouts/calendars/${fx.calendar.id}/enroll`, { token: m.token });
        expect(res.statusCode, res.body).toBe(200);
      }
      for (const at of plays) {
        t.clock.set(ms(at));
        await playWorkout(t, m.token, fx.workouts.short, 480);
      }
    }
    t.clock.set(ms("2026-11-18T22:00:00Z"));
    expect(await streaks(enrolled.token, "?tz=America/Chicago")).toMatchObject({
      today_status: "done",
      daily: { current: 4, longest: 4, current_since: "2026-11-15" },
    });
    expect(await streaks(other.token, "?tz=America/Chicago")).toMatchObject({
      daily: { current: 1, longest: 2, current_since: "2026-11-18" },
    });
    // On the rest day itself, with nothing done, the streak stands and today says so.
    t.clock.set(ms("2026-11-17T20:00:00Z"));
    expect(await streaks(enrolled.token, "?tz=America/Chicago")).toMatchObject({
      today: "2026-11-17",
      today_status: "rest",
      daily: { current: 3, current_since: "2026-11-15" },
    });
  });

  it("counts days across the clocks going forward in London", async () => {
    const m = await memberAt("2026-03-30T12:00:00Z");
    await seedCompletions(m.user.id, fx.workouts.medium, [
      ms("2026-03-28T23:30:00Z"), // Sat 28 Mar 23:30 GMT
      ms("2026-03-29T22:30:00Z"), // Sun 29 Mar 23:30 BST
      ms("2026-03-29T23:30:00Z"), // Mon 30 Mar 00:30 BST
    ]);
    expect(await streaks(m.token, "?tz=Europe/London")).toMatchObject({
      today: "2026-03-30",
      today_status: "done",
      daily: { current: 3, longest: 3, current_since: "2026-03-28" },
    });
  });

  it("has no upper limit: 400 days in a row pass the 365-day milestone", async () => {
    const m = await memberAt("2026-11-25T20:00:00Z");
    const last = ms("2026-11-25T13:00:00Z");
    await seedCompletions(
      m.user.id,
      fx.workouts.medium,
      Array.from({ length: 400 }, (_, i) => last - i * DAY),
    );
    const s = await streaks(m.token, "?tz=America/Chicago");
    expect(s.daily).toEqual({ current: 400, longest: 400, current_since: "2025-10-22" });
    expect(s.milestones).toEqual({
      reached: [
        { days: 7, reached_on: "2025-10-28" },
        { days: 30, reached_on: "2025-11-20" },
        { days: 100, reached_on: "2026-01-29" },
        { days: 365, reached_on: "2026-10-21" },
      ],
      next: { days: 730, remaining: 330 },
    });
    expect(s.weekly.current).toBe(s.weekly.longest);
  });

  it("reads the zone saved in the member's preferences when none is asked for, and only the caller's records", async () => {
    const m = await memberAt("2026-11-23T16:00:00Z");
    await seedCompletions(m.user.id, fx.workouts.medium, [ms("2026-11-23T05:50:00Z")]); // Sun 22 Nov 23:50 CST
    const saved = await t.call("PUT", "/v2/user/attributes/preferences", {
      token: m.token,
      body: { time_zone: "America/Chicago" },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(await streaks(m.token)).toMatchObject({
      time_zone: "America/Chicago",
      today_status: "open",
      daily: { current: 1, current_since: "2026-11-22" },
    });
    // A zone asked for wins over the saved one; a saved zone Intl does not know is passed over for UTC.
    expect(await streaks(m.token, "?tz=UTC")).toMatchObject({ time_zone: "UTC", today_status: "done" });
    await t.call("PUT", "/v2/user/attributes/preferences", { token: m.token, body: { time_zone: "Nowhere/Else" } });
    expect(await streaks(m.token)).toMatchObject({ time_zone: "UTC" });

    const stranger = await t.signUp();
    expect(await streaks(stranger.token, "?tz=America/Chicago")).toMatchObject({
      daily: { current: 0, longest: 0 },
      weekly: { current: 0, longest: 0 },
    });
  });
});
