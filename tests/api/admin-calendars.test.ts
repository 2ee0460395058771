import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TestClock } from "../../host/server/clock.js";
import { consolePeople, ok, publishedWorkoutIds } from "./console-people.js";
import { expectError, startTestApp, type TestApp } from "./harness.js";

/**
 * Workout calendars in the console (/admin/v1/calendars): a draft is no member's, publishing lists it and opens it to
 * enrol, editing reorders its days, retiring closes it to new members while those enrolled keep it; every write is
 * audited. Each role is tried on every route.
 */
const API = "/admin/v1";
const T0 = new Date("2027-03-01T15:00:00.000Z");

let t: TestApp;
let admin: string;
let editor: string;
let support: string;
let viewer: string;
let member: string;
let workoutIds: string[];

beforeAll(async () => {
  t = await startTestApp({ clock: new TestClock(T0), config: { searchIndexBuild: "at-start" } });
  ({ admin, editor, support, viewer, member } = await consolePeople(t));
  workoutIds = await publishedWorkoutIds(t, 2);
}, 60_000);
afterAll(() => t.close());

type Calendar = {
  id: string;
  status: string;
  enrolled: number;
  days: { day: number; kind: string; workout_id: string | null }[];
};

const body = (overrides: Record<string, unknown> = {}) => ({
  name: "Spring Month",
  slug: "spring-month",
  description: "Four weeks, five days a week.",
  image_url: "",
  days: [
    { kind: "workout", workout_id: workoutIds[0] },
    { kind: "rest", workout_id: null },
    { kind: "workout", workout_id: workoutIds[1] },
  ],
  ...overrides,
});

/** The calendars a member is listed (signed in) and the public list, by slug. */
const memberList = async () =>
  (await ok<{ data: { slug: string }[] }>(t.call("GET", "/tsapi/workout_calendars", { token: member }))).data.map(
    (c) => c.slug,
  );
const publicList = async () =>
  (await ok<{ items: { slug: string }[] }>(t.call("GET", "/tsapi/workout_calendars/ids"))).items.map((c) => c.slug);
const enroll = (token: string, id: string) => t.call("POST", `/v2/workouts/calendars/${id}/enroll`, { token });

describe("who may change calendars", () => {
  const routes = (): [string, string, "read" | "catalogue", unknown?][] => [
    ["GET", `${API}/calendars`, "read"],
    ["GET", `${API}/calendars/nothing-here`, "read"],
    // A body the schema accepts with an unknown workout: a write let through is refused (400), nothing made.
    [
      "POST",
      `${API}/calendars`,
      "catalogue",
      body({ slug: "role-probe", days: [{ kind: "workout", workout_id: "nope" }] }),
    ],
    ["PUT", `${API}/calendars/nothing-here`, "catalogue", body()],
    ["POST", `${API}/calendars/nothing-here/publish`, "catalogue"],
    ["POST", `${API}/calendars/nothing-here/retire`, "catalogue"],
  ];

  it("refuses anonymous callers (401) and members without a company role (403) on every route", async () => {
    for (const [method, url, , b] of routes()) {
      expectError(await t.call(method, url, { body: b }), 401);
      expect(expectError(await t.call(method, url, { body: b, token: member }), 403).text).toContain(
        "do not work for the company",
      );
    }
  });

  it("lets admins and editors write, and every role read; support and viewers are refused writes", async () => {
    const may = { admin: ["read", "catalogue"], editor: ["read", "catalogue"], support: ["read"], viewer: ["read"] };
    const tokens = { admin, editor, support, viewer };
    for (const [role, areas] of Object.entries(may) as [keyof typeof may, string[]][])
      for (const [method, url, area, b] of routes()) {
        const res = await t.call(method, url, { body: b, token: tokens[role] });
        if (areas.includes(area))
          expect([200, 400, 404, 409], `${role} ${method} ${url}: ${res.body}`).toContain(res.statusCode);
        else expect(expectError(res, 403).text).toContain("Only admins and editors");
      }
    expectError(await t.call("GET", `${API}/calendars/role-probe`, { token: admin }), 404);
  });
});

describe("calendars", () => {
  it("keeps a draft from members, publishes it, reorders its days, retires it while its members keep it", async () => {
    const draft = await ok<Calendar>(t.call("POST", `${API}/calendars`, { token: editor, body: body() }));
    expect(draft).toMatchObject({ id: "spring-month", status: "draft", enrolled: 0 });
    expect(draft.days.map((d) => d.day)).toEqual([1, 2, 3]);
    expect(await memberList()).not.toContain("spring-month");
    expect(await publicList()).not.toContain("spring-month");
    expectError(await t.call("GET", "/tsapi/workout_calendars/spring-month"), 404);
    expectError(await enroll(member, "spring-month"), 404);

    await ok(t.call("POST", `${API}/calendars/spring-month/publish`, { token: editor }));
    expect(await memberList()).toContain("spring-month");
    expect(await publicList()).toContain("spring-month");
    await ok(enroll(member, "spring-month"));

    // The last workout day moved to day 1: members read the days in the order sent.
    const reordered = [body().days[2], body().days[0], body().days[1]];
    await ok(t.call("PUT", `${API}/calendars/spring-month`, { token: admin, body: body({ days: reordered }) }));
    const shown = await ok<{ days: { day: number; workout_id: string | null; kind: string }[] }>(
      t.call("GET", "/tsapi/workout_calendars/spring-month"),
    );
    expect(shown.days.map((d) => [d.day, d.kind, d.workout_id])).toEqual([
      [1, "workout", workoutIds[1]],
      [2, "workout", workoutIds[0]],
      [3, "rest", null],
    ]);

    await ok(t.call("POST", `${API}/calendars/spring-month/retire`, { token: editor }));
    expect(await publicList()).not.toContain("spring-month");
    // Its member keeps it (listed, its page, their plan); nobody else may join it.
    expect(await memberList()).toContain("spring-month");
    await ok(t.call("GET", "/tsapi/workout_calendars/spring-month"));
    const mine = await ok<{ data: { slug: string }[] }>(
      t.call("GET", "/v2/workouts/calendars/mine", { token: member }),
    );
    expect(mine.data.map((c) => c.slug)).toContain("spring-month");
    await ok(enroll(member, "spring-month")); // enrolling again keeps the enrolment
    const other = (await t.signUp()).token;
    expect(
      (await ok<{ data: { slug: string }[] }>(t.call("GET", "/tsapi/workout_calendars", { token: other }))).data.map(
        (c) => c.slug,
      ),
    ).not.toContain("spring-month");
    expect(expectError(await enroll(other, "spring-month"), 409).text).toContain("closed to new members");
    expect((await ok<Calendar>(t.call("GET", `${API}/calendars/spring-month`, { token: viewer }))).enrolled).toBe(1);

    const log = (
      await ok<{ items: { action: string; before: Calendar | null; after: Calendar }[] }>(
        t.call("GET", `${API}/audit?record_type=calendar&record_id=spring-month`, { token: admin }),
      )
    ).items;
    expect(log.map((e) => e.action)).toEqual([
      "calendar.retire",
      "calendar.update",
      "calendar.publish",
      "calendar.create",
    ]);
    expect(log[1]!.before!.days.map((d) => d.workout_id)).toEqual([workoutIds[0], null, workoutIds[1]]);
    expect(log[1]!.after.days.map((d) => d.workout_id)).toEqual([workoutIds[1], workoutIds[0], null]);
  });

  it("refuses a workout day without its workout, an unknown workout, a taken slug, publishing an empty calendar", async () => {
    const logged = (await t.db.selectFrom("audit_log").select("id").execute()).length;
    const post = (b: Record<string, unknown>) => t.call("POST", `${API}/calendars`, { token: editor, body: b });
    expect(
      expectError(await post(body({ slug: "no-workout", days: [{ kind: "workout", workout_id: null }] })), 400).text,
    ).toContain("Day 1 is a workout day without its workout");
    expect(
      expectError(await post(body({ slug: "ghost", days: [{ kind: "walk", workout_id: "ghost-walk" }] })), 400).text,
    ).toContain('Unknown workout "ghost-walk"');
    expectError(await post(body({ slug: "bad-kind", days: [{ kind: "nap", workout_id: null }] })), 400);
    expectError(await post(body({ slug: "Not A Slug" })), 400);
    expectError(await post(body({ slug: "blank", name: "  " })), 400);
    expect((await t.db.selectFrom("audit_log").select("id").execute()).length).toBe(logged);

    await ok(post(body({ slug: "empty-month", days: [] })));
    expect(expectError(await post(body({ slug: "empty-month" })), 409).text).toContain("empty-month");
    expect(
      expectError(await t.call("POST", `${API}/calendars/empty-month/publish`, { token: editor }), 400).text,
    ).toContain("without days");
    const listed = await ok<{ items: { id: string; status: string; total_days: number }[] }>(
      t.call("GET", `${API}/calendars`, { token: support }),
    );
    expect(listed.items.find((c) => c.id === "empty-month")).toMatchObject({ status: "draft", total_days: 0 });
  });
});
