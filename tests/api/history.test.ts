import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { expectError, startTestApp, type TestApp } from "./harness.js";
import { signUpMember } from "./studios-fixtures.js";
import { activityFixture, attendLiveClass, playWorkout, type ActivityFixture } from "./activity-fixtures.js";

let t: TestApp;
let fx: ActivityFixture;
beforeAll(async () => {
  t = await startTestApp();
  fx = await activityFixture(t);
});
afterAll(() => t.close());

const MONDAY = Date.parse("2026-11-16T10:00:00.000Z");
const DAY = 86_400_000;
const get = async (token: string, url: string) => {
  const res = await t.call("GET", url, { token });
  if (res.statusCode !== 200) throw new Error(`${url}: ${res.statusCode} ${res.body}`);
  return res.json();
};

/**
 * A member with: Monday a completed 30-min workout, Tuesday an unfinished play, Wednesday an attended 45-min live
 * class, a pending booking.
 */
async function activeMember() {
  const m = await t.signUp();
  t.clock.set(MONDAY);
  await playWorkout(t, m.token, fx.workouts.long, 1800);
  t.clock.set(MONDAY + DAY);
  await playWorkout(t, m.token, fx.workouts.medium, 300);
  const live = await attendLiveClass(t, m.user.id, new Date(MONDAY + 2 * DAY), 45);
  await attendLiveClass(t, m.user.id, new Date(MONDAY + 4 * DAY), 30, "pending");
  await attendLiveClass(t, m.user.id, new Date(MONDAY + 3 * DAY), 30, "standard cancel");
  t.clock.set(MONDAY + 5 * DAY);
  return { ...m, live };
}

describe("history", () => {
  it("lists on-demand plays and, with includeLvs, attended live classes, newest first", async () => {
    const m = await activeMember();
    const all = await get(m.token, "/v2/workouts/history?includeLvs=true");
    expect(all.total).toBe(3);
    expect(
      all.items.map((i: { type: string; workout_id: string; is_completed: boolean }) => [
        i.type,
        i.workout_id,
        i.is_completed,
      ]),
    ).toEqual([
      ["live", m.live, true],
      ["on_demand", fx.workouts.medium, false],
      ["on_demand", fx.workouts.long, true],
    ]);
    const [live, unfinished, done] = all.items;
    expect(live).toMatchObject({
      completed_at: new Date(MONDAY + 2 * DAY).toISOString(),
      workout: { id: m.live, name: "Live Sculpt", duration: 45, live: true },
    });
    expect(unfinished.completed_at).toBeNull();
    expect(done).toMatchObject({
      completed_at: new Date(MONDAY).toISOString(),
      workout: {
        id: fx.workouts.long,
        slug: fx.workouts.long,
        name: "Long Sculpt",
        duration: 30,
        video: { duration: 1800 },
      },
    });
    const onDemand = await get(m.token, "/v2/workouts/history");
    expect(onDemand.items.map((i: { type: string }) => i.type)).toEqual(["on_demand", "on_demand"]);
  });

  it("filters by completion and by date range (dates or instants)", async () => {
    const m = await activeMember();
    const completed = await get(m.token, "/v2/workouts/history?includeLvs=true&is_completed=true");
    expect(completed.items.map((i: { workout_id: string }) => i.workout_id)).toEqual([m.live, fx.workouts.long]);
    const unfinished = await get(m.token, "/v2/workouts/history?includeLvs=true&is_completed=false");
    expect(unfinished.items.map((i: { workout_id: string }) => i.workout_id)).toEqual([fx.workouts.medium]);
    const tuesday = await get(
      m.token,
      "/v2/workouts/history?includeLvs=true&starting_at=2026-11-17&ending_at=2026-11-17",
    );
    expect(tuesday.items.map((i: { workout_id: string }) => i.workout_id)).toEqual([fx.workouts.medium]);
    const fromTuesday = await get(
      m.token,
      `/v2/workouts/history?includeLvs=true&starting_at=${new Date(MONDAY + DAY).toISOString()}`,
    );
    expect(fromTuesday.total).toBe(2);
    const untilMonday = await get(
      m.token,
      `/v2/workouts/history?includeLvs=true&ending_at=${new Date(MONDAY).toISOString()}`,
    );
    expect(untilMonday.items.map((i: { workout_id: string }) => i.workout_id)).toEqual([fx.workouts.long]);
  });

  it("pages with limit and skip and reports the total", async () => {
    const m = await activeMember();
    const page = await get(m.token, "/v2/workouts/history?includeLvs=true&limit=1&skip=1");
    expect(page).toMatchObject({ total: 3, items: [{ workout_id: fx.workouts.medium }] });
    expect(await get(m.token, "/v2/workouts/history?includeLvs=true&limit=1&skip=10")).toEqual({ total: 3, items: [] });
  });

  it("never shows another member's history", async () => {
    await activeMember();
    const other = await t.signUp();
    expect(await get(other.token, "/v2/workouts/history?includeLvs=true")).toEqual({ items: [], total: 0 });
    expectError(await t.call("GET", "/v2/workouts/history"), 401);
  });

  it.each([
    "starting_at=yesterday",
    "ending_at=2026-13-45",
    "starting_at=2026-02-30",
    "starting_at=0000-01-01",
    "ending_at=0000-01-01T00:00:00Z",
    "limit=0",
    "limit=abc",
    "skip=100000000000000000000",
    "is_completed=maybe",
    "tz=Mars/Olympus",
    "starting_at=2026-01-01%00",
  ])("rejects %s with 400", async (query) => {
    const { token } = await t.signUp();
    expectError(await t.call("GET", `/v2/workouts/history?${query}`, { token }), 400);
  });
});

describe("stats", () => {
  it("counts live and on-demand completions and their minutes, the same in both stats calls", async () => {
    const m = await activeMember();
    const stats = await get(m.token, "/v2/workouts/workout_stats");
    expect(stats).toMatchObject({ total_lvs: 1, total_on_demand: 1, totalOnDemand: 1, total_minutes: 75 });
    expect(await get(m.token, "/stats/v2/workouts")).toEqual({
      data: { stats: { total_completed: 2, total_minutes: 75, total_on_demand: 1, total_lvs: 1 } },
    });
  });

  it("lists the days with a completion and their workouts (the home week strip)", async () => {
    const m = await activeMember();
    const week = await get(m.token, "/v2/workouts/workout_stats?startDate=2026-11-16&endDate=2026-11-22");
    expect(week.by_day).toEqual([
      {
        date: "2026-11-16",
        on_demand: 1,
        lvs: 0,
        total: 1,
        minutes: 30,
        workouts: [
          {
            workout_id: fx.workouts.long,
            name: "Long Sculpt",
            type: "on_demand",
            completed_at: new Date(MONDAY).toISOString(),
            minutes: 30,
          },
        ],
      },
      {
        date: "2026-11-18",
        on_demand: 0,
        lvs: 1,
        total: 1,
        minutes: 45,
        workouts: [
          {
            workout_id: m.live,
            name: "Live Sculpt",
            type: "live",
            completed_at: new Date(MONDAY + 2 * DAY).toISOString(),
            minutes: 45,
          },
        ],
      },
    ]);
    const tuesdayOn = await get(m.token, "/v2/workouts/workout_stats?startDate=2026-11-17&endDate=2026-11-22");
    expect(tuesdayOn).toMatchObject({ total_lvs: 1, total_on_demand: 0, total_minutes: 45 });
    // Days follow the member's time zone: 10:00 UTC Monday is already Tuesday on Kiritimati (UTC+14).
    const kiritimati = await get(
      m.token,
      "/v2/workouts/workout_stats?startDate=2026-11-17&endDate=2026-11-17&tz=Pacific/Kiritimati",
    );
    expect(kiritimati.by_day.map((d: { date: string }) => d.date)).toEqual(["2026-11-17"]);
    expect(kiritimati.total_on_demand).toBe(1);
  });

  it("adds exactly 1 and the workout's minutes per completion, and nothing for an unfinished play", async () => {
    const m = await activeMember();
    const before = (await get(m.token, "/stats/v2/workouts")).data.stats;
    await playWorkout(t, m.token, fx.workouts.quarter, 100);
    expect((await get(m.token, "/stats/v2/workouts")).data.stats).toEqual(before);
    await playWorkout(t, m.token, fx.workouts.quarter, 900);
    expect((await get(m.token, "/stats/v2/workouts")).data.stats).toEqual({
      ...before,
      total_completed: before.total_completed + 1,
      total_on_demand: before.total_on_demand + 1,
      total_minutes: before.total_minutes + 15,
    });
    const history = await get(m.token, "/v2/workouts/history?is_completed=true");
    expect(history.items[0]).toMatchObject({ workout_id: fx.workouts.quarter, is_completed: true });
  });

  it("answers zeros for a member with nothing done, and refuses bad dates", async () => {
    const { token } = await t.signUp();
    expect(await get(token, "/v2/workouts/workout_stats")).toMatchObject({
      total_lvs: 0,
      total_on_demand: 0,
      total_minutes: 0,
      by_day: [],
    });
    expectError(await t.call("GET", "/v2/workouts/workout_stats?startDate=soon", { token }), 400);
    expectError(await t.call("GET", "/stats/v2/workouts"), 401);
  });
});

describe("live classes attended through the studios API", () => {
  it("count as completed live workouts in history, stats and the current challenge once checked in", async () => {
    t.clock.set(Date.now());
    const m = await signUpMember(t);
    const start = new Date(t.clock.now().getTime() + 10 * 60_000);
    const classId = `fx-live-${start.getTime()}`;
    await t.db
      .insertInto("live_classes")
      .values({
        id: classId,
        location_id: "live",
        class_type: "Strength & Sculpt",
        start_at: start,
        end_at: new Date(start.getTime() + 45 * 60_000),
        duration: 45,
        capacity: 10,
      })
      .execute();
    const booked = await t.call("POST", "/studios/reservation/", { token: m.token, body: { class_id: classId } });
    expect(booked.statusCode).toBe(200);
    const current = async () =>
      ((await get(m.token, "/v2/workouts/challenges?current=true")).items as { progress: { live: number } }[])[0]!; // the seeded running challenge
    const before = await current();
    // Booked, not attended: nothing counts yet.
    expect((await get(m.token, "/stats/v2/workouts")).data.stats.total_lvs).toBe(0);
    const checkin = await t.call("POST", `/studios/reservation/${booked.json().id}/checkin/`, { token: m.token });
    expect(checkin.statusCode).toBe(200);
    expect((await get(m.token, "/stats/v2/workouts")).data.stats).toEqual({
      total_completed: 1,
      total_minutes: 45,
      total_on_demand: 0,
      total_lvs: 1,
    });
    const history = await get(m.token, "/v2/workouts/history?includeLvs=true");
    expect(history.items).toMatchObject([
      { type: "live", workout_id: classId, is_completed: true, workout: { name: "Strength & Sculpt", duration: 45 } },
    ]);
    expect((await current()).progress.live).toBe(before.progress.live + 1);
  });
});
