import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { expectError, startTestApp, type TestApp } from "./harness.js";
import { activityFixture, attendLiveClass, playWorkout, type ActivityFixture } from "./activity-fixtures.js";

let t: TestApp;
let fx: ActivityFixture;
beforeAll(async () => {
  t = await startTestApp();
  fx = await activityFixture(t);
});
afterAll(() => t.close());

interface Challenge {
  id: string;
  slug: string;
  start_time: string;
  end_time: string;
  workout_target: number;
  joined: boolean;
  workouts: { workout_id: string; workout_type: string; week: number }[];
  progress: { on_demand: number; live: number; completed: number; is_complete: boolean };
}

/** Moves the clock and answers a fresh token (access tokens expire when the clock jumps). */
async function at(member: { email: string; password: string }, instant: string) {
  t.clock.set(Date.parse(instant));
  return (await t.signIn(member.email, member.password)).token;
}

async function fall(token: string): Promise<Challenge> {
  const res = await t.call("GET", "/v2/workouts/challenges", { token });
  expect(res.statusCode).toBe(200);
  return (res.json().items as Challenge[]).find((c) => c.id === "fall-2022")!;
}

const videoSeconds = async (workoutId: string) =>
  (await t.db.selectFrom("workouts").select("video_duration").where("id", "=", workoutId).executeTakeFirstOrThrow())
    .video_duration;

describe("the fall 2022 challenge", () => {
  it("is 12 workouts, 19 September to 23 October 2022, complete at 12", async () => {
    const m = await t.signUp();
    const c = await fall(m.token);
    expect(c).toMatchObject({
      slug: "fall-2022",
      start_time: "2022-09-19T00:00:00.000Z",
      end_time: "2022-10-23T23:59:59.999Z",
      workout_target: 12,
    });
    expect(c.workouts).toHaveLength(12);
    expect(c.workouts.every((w) => ["on_demand", "live"].includes(w.workout_type))).toBe(true);
    expect(new Set(c.workouts.map((w) => w.week))).toEqual(new Set([1, 2, 3, 4, 5]));
  });

  it("counts listed workouts and 10+ minute substitutes completed in the window, on-demand and live apart", async () => {
    const m = await t.signUp();
    let token = await at(m, "2022-09-20T12:00:00Z");
    expect(
      (await t.call("PUT", "/user/v1/attribute/challenges", { token, body: { challenges: ["fall-2022"] } })).json(),
    ).toEqual({ challenges: ["fall-2022"] });
    const listed = (await fall(token)).workouts[0]!.workout_id;
    const listedLength = await videoSeconds(listed);

    await playWorkout(t, token, listed, listedLength); // listed: counts
    await playWorkout(t, token, fx.workouts.quarter, 900); // 15 minutes: substitutes
    await playWorkout(t, token, fx.workouts.short, 480); // 8 minutes, not listed: does not count
    await playWorkout(t, token, fx.workouts.long, 600); // not completed: does not count
    await attendLiveClass(t, m.user.id, new Date("2022-09-21T17:00:00Z"), 45); // attended live class: counts as live
    await attendLiveClass(t, m.user.id, new Date("2022-09-22T17:00:00Z"), 5); // too short to substitute
    await attendLiveClass(t, m.user.id, new Date("2022-09-23T17:00:00Z"), 45, "pending"); // booked, not attended

    const c = await fall(token);
    expect(c.joined).toBe(true);
    expect(c.progress).toEqual({ on_demand: 2, live: 1, completed: 3, is_complete: false });
    token = await at(m, "2022-10-01T00:00:00Z");
    const mine = (await t.call("GET", "/v2/workouts/challenges/mine", { token })).json().items as Challenge[];
    expect(mine.map((x) => x.id)).toEqual(["fall-2022"]);
    expect(mine[0]!.progress.completed).toBe(3);
  });

  it("counts only inside the window, both end days included", async () => {
    const m = await t.signUp();
    for (const instant of [
      "2022-09-18T23:59:59Z",
      "2022-09-19T00:00:00Z",
      "2022-10-23T23:59:00Z",
      "2022-10-24T00:00:00Z",
    ]) {
      await playWorkout(t, await at(m, instant), fx.workouts.quarter, 900);
    }
    expect((await fall(await at(m, "2022-11-01T00:00:00Z"))).progress).toMatchObject({ on_demand: 2, completed: 2 });
  });

  it("is complete when workouts done reach workout_target, and one more changes nothing but the count", async () => {
    const m = await t.signUp();
    const token = await at(m, "2022-10-03T08:00:00Z");
    for (let i = 0; i < 11; i++) await playWorkout(t, token, fx.workouts.quarter, 900);
    expect((await fall(token)).progress).toEqual({ on_demand: 11, live: 0, completed: 11, is_complete: false });
    await playWorkout(t, token, fx.workouts.medium, 1200);
    expect((await fall(token)).progress).toEqual({ on_demand: 12, live: 0, completed: 12, is_complete: true });
    await playWorkout(t, token, fx.workouts.medium, 1200);
    expect((await fall(token)).progress).toMatchObject({ completed: 13, is_complete: true });
  });

  it("is current only while it runs", async () => {
    const m = await t.signUp();
    const during = (
      await t.call("GET", "/v2/workouts/challenges?current=true", { token: await at(m, "2022-10-01T00:00:00Z") })
    ).json().items as Challenge[];
    expect(during.map((c) => c.id)).toContain("fall-2022");
    const after = (
      await t.call("GET", "/v2/workouts/challenges?current=true", { token: await at(m, "2022-10-24T00:00:00Z") })
    ).json().items as Challenge[];
    expect(after.map((c) => c.id)).not.toContain("fall-2022");
  });
});

describe("the current challenge", () => {
  it("runs today, so the demo shows progress, and the demo member has joined it", async () => {
    t.clock.set(Date.now());
    const { token } = await t.signIn();
    const current = (await t.call("GET", "/v2/workouts/challenges?current=true", { token })).json()
      .items as Challenge[];
    expect(current).toHaveLength(1);
    expect(current[0]).toMatchObject({ joined: true, workout_target: 12 });
    expect(current[0]!.workouts).toHaveLength(12);
    expect(current[0]!.progress.completed).toBeGreaterThan(0);
    expect(current[0]!.progress.on_demand + current[0]!.progress.live).toBe(current[0]!.progress.completed);
  });
});

describe("joining through the challenges attribute", () => {
  it("is idempotent and per member", async () => {
    t.clock.set(Date.now());
    const a = await t.signUp();
    const b = await t.signUp();
    const { token } = await t.signIn();
    const current = (
      (await t.call("GET", "/v2/workouts/challenges?current=true", { token })).json().items as Challenge[]
    )[0]!;
    const put = () =>
      t.call("PUT", "/user/v1/attribute/challenges", { token: a.token, body: { challenges: [current.id] } });
    expect((await put()).json()).toEqual({ challenges: [current.id] });
    expect((await put()).json()).toEqual({ challenges: [current.id] });
    expect((await t.call("GET", "/user/v1/attribute/challenges", { token: a.token })).json()).toEqual({
      challenges: [current.id],
    });
    expect((await t.call("GET", "/user/v1/attribute/challenges", { token: b.token })).json()).toEqual({
      challenges: [],
    });
    expect((await t.call("GET", "/v2/workouts/challenges/mine", { token: b.token })).json()).toEqual({ items: [] });
    // Leaving is writing the list without it.
    expect(
      (await t.call("PUT", "/user/v1/attribute/challenges", { token: a.token, body: { challenges: [] } })).json(),
    ).toEqual({ challenges: [] });
  });

  it("refuses unknown challenges (404), newly joining an ended one (400) and malformed bodies (400)", async () => {
    t.clock.set(Date.now());
    const { token } = await t.signUp();
    expectError(
      await t.call("PUT", "/user/v1/attribute/challenges", { token, body: { challenges: ["no-such-challenge"] } }),
      404,
    );
    const ended = expectError(
      await t.call("PUT", "/user/v1/attribute/challenges", { token, body: { challenges: ["fall-2022"] } }),
      400,
    );
    expect(ended.text).toContain("has ended");
    expectError(
      await t.call("PUT", "/user/v1/attribute/challenges", { token, body: { challenges: "fall-2022" } }),
      400,
    );
    expectError(await t.call("PUT", "/user/v1/attribute/challenges", { token, body: {} }), 400);
    expectError(await t.call("GET", "/v2/workouts/challenges?current=true"), 401);
  });

  it("keeps a challenge joined while it ran after it ends", async () => {
    const m = await t.signUp();
    let token = await at(m, "2022-10-20T00:00:00Z");
    await t.call("PUT", "/user/v1/attribute/challenges", { token, body: { challenges: ["fall-2022"] } });
    token = await at(m, "2023-01-01T00:00:00Z");
    expect(
      (await t.call("PUT", "/user/v1/attribute/challenges", { token, body: { challenges: ["fall-2022"] } })).statusCode,
    ).toBe(200);
  });
});
