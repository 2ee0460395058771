import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { expectError, startTestApp, type TestApp } from "./harness.js";
import { createClass, HOUR, signUpMember } from "./studios-fixtures.js";
import { API, firstTrainer, ok, OWNER, oneOff, STAFF, T0 } from "./studio-admin-fixtures.js";
import { TestClock } from "../../host/server/clock.js";

/**
 * Staff of one location can do nothing to another: every staff route, called by Chicago's staff on New York's
 * location, class, template or reservation, is refused with 403 in the contract's error shape and changes nothing;
 * a member who is not staff is refused the same way. The owner of both is let through.
 */
let t: TestApp;
let staff: string;
let owner: string;
let member: string;
let nyClass: string;
let endedNyClass: string;
let nyReservation: string;
let nyTemplate: string;
let trainerId: string;

beforeAll(async () => {
  t = await startTestApp({ clock: new TestClock(T0) });
  staff = (await t.signIn(STAFF)).token;
  owner = (await t.signIn(OWNER)).token;
  const m = await signUpMember(t);
  member = m.token;
  trainerId = (await firstTrainer(t)).id;
  nyClass = (await createClass(t, { startsIn: 10 * 60_000, location: "new-york", capacity: 5 })).id;
  endedNyClass = (await createClass(t, { startsIn: -2 * HOUR, location: "new-york", capacity: 5 })).id;
  nyReservation = (
    await ok<{ id: string }>(t.call("POST", "/studios/reservation/", { token: member, body: { class_id: nyClass } }))
  ).id;
  nyTemplate = (
    await t.db
      .selectFrom("schedule_templates")
      .select("id")
      .where("location_id", "=", "new-york")
      .orderBy("id")
      .executeTakeFirstOrThrow()
  ).id;
}, 60_000);
afterAll(() => t.close());

const policy = {
  booking_window_days: 3,
  late_cancel_minutes: 60,
  auto_book_cutoff_minutes: 30,
  max_open_bookings: 2,
  waitlist_capacity: 1,
};

/** Every staff route, aimed at New York. */
const routes = (): [string, string, unknown?][] => [
  ["GET", `${API}/locations/new-york/classes`],
  ["POST", `${API}/locations/new-york/classes`, oneOff(trainerId, { date: "2027-03-10" })],
  ["PATCH", `${API}/classes/${nyClass}`, { class_type: "Hijacked" }],
  ["PUT", `${API}/classes/${nyClass}/capacity`, { capacity: 9 }],
  ["POST", `${API}/classes/${nyClass}/cancel`, { reason: "no" }],
  ["GET", `${API}/classes/${nyClass}/roster`],
  ["POST", `${API}/classes/${nyClass}/roster/${nyReservation}/check-in`],
  ["POST", `${API}/classes/${endedNyClass}/roster/${nyReservation}/no-show`],
  ["GET", `${API}/locations/new-york/templates`],
  [
    "POST",
    `${API}/locations/new-york/templates`,
    {
      weekdays: [1],
      start_time: "22:00",
      duration: 30,
      class_type: "Late",
      trainer_id: trainerId,
      capacity: 5,
      room: "Other",
    },
  ],
  ["PATCH", `${API}/templates/${nyTemplate}`, { capacity: 2 }],
  ["DELETE", `${API}/templates/${nyTemplate}`],
  ["GET", `${API}/locations/new-york/numbers`],
  ["GET", `${API}/locations/new-york/policy`],
  ["PUT", `${API}/locations/new-york/policy`, policy],
];

async function snapshot() {
  return {
    cls: await t.db.selectFrom("live_classes").selectAll().where("id", "=", nyClass).executeTakeFirstOrThrow(),
    reservation: await t.db
      .selectFrom("reservations")
      .selectAll()
      .where("id", "=", nyReservation)
      .executeTakeFirstOrThrow(),
    template: await t.db
      .selectFrom("schedule_templates")
      .selectAll()
      .where("id", "=", nyTemplate)
      .executeTakeFirstOrThrow(),
    classes: await t.db
      .selectFrom("live_classes")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .where("location_id", "=", "new-york")
      .executeTakeFirstOrThrow(),
    templates: await t.db
      .selectFrom("schedule_templates")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .where("location_id", "=", "new-york")
      .executeTakeFirstOrThrow(),
    policy: await t.db.selectFrom("locations").selectAll().where("id", "=", "new-york").executeTakeFirstOrThrow(),
  };
}

/** The route pattern of each entry of `routes()`, in the same order. */
const PATTERNS: [string, string][] = [
  ["GET", "/locations/:location/classes"],
  ["POST", "/locations/:location/classes"],
  ["PATCH", "/classes/:id"],
  ["PUT", "/classes/:id/capacity"],
  ["POST", "/classes/:id/cancel"],
  ["GET", "/classes/:id/roster"],
  ["POST", "/classes/:id/roster/:reservation/check-in"],
  ["POST", "/classes/:id/roster/:reservation/no-show"],
  ["GET", "/locations/:location/templates"],
  ["POST", "/locations/:location/templates"],
  ["PATCH", "/templates/:id"],
  ["DELETE", "/templates/:id"],
  ["GET", "/locations/:location/numbers"],
  ["GET", "/locations/:location/policy"],
  ["PUT", "/locations/:location/policy"],
];
const cases = PATTERNS.map(([method, pattern], i) => [i, method, pattern] as const);

describe("another location's staff", () => {
  it("the list below holds every staff route the plugin registers that touches a location", () => {
    for (const [method, pattern] of PATTERNS) {
      expect(t.app.hasRoute({ method, url: `${API}${pattern}` }), `${method} ${pattern}`).toBe(true);
    }
    expect(routes().map(([method]) => method)).toEqual(PATTERNS.map(([method]) => method));
  });

  it.each(cases)("route %i (%s %s) is refused to Chicago's staff with 403 and changes nothing", async (i) => {
    const [method, path, body] = routes()[i]!;
    const before = await snapshot();
    const res = await t.call(method, path, { token: staff, body });
    const error = expectError(res, 403);
    expect(error).toMatchObject({
      statusCode: 403,
      error: "Forbidden",
      message: "You are not staff at this location.",
    });
    expect(await snapshot()).toEqual(before);
  });

  it.each(cases)("route %i (%s %s) is refused to a member who is not staff", async (i) => {
    const [method, path, body] = routes()[i]!;
    const before = await snapshot();
    expectError(await t.call(method, path, { token: member, body }), 403);
    expect(await snapshot()).toEqual(before);
  });

  it.each(cases)("route %i (%s %s) is refused without a token (401)", async (i) => {
    const [method, path, body] = routes()[i]!;
    expectError(await t.call(method, path, { body }), 401);
  });

  it("lets the owner of New York through on the same calls", async () => {
    await ok(t.call("GET", `${API}/locations/new-york/classes`, { token: owner }));
    await ok(t.call("GET", `${API}/classes/${nyClass}/roster`, { token: owner }));
    await ok(t.call("PUT", `${API}/classes/${nyClass}/capacity`, { token: owner, body: { capacity: 9 } }));
    await ok(t.call("POST", `${API}/classes/${nyClass}/roster/${nyReservation}/check-in`, { token: owner }));
    await ok(t.call("GET", `${API}/locations/new-york/numbers`, { token: owner }));
    await ok(t.call("PUT", `${API}/locations/new-york/policy`, { token: owner, body: policy }));
  });

  it("answers 404 for what does not exist, before any role question", async () => {
    expectError(await t.call("GET", `${API}/locations/nowhere/policy`, { token: staff }), 404);
    expectError(await t.call("PUT", `${API}/classes/nope/capacity`, { token: staff, body: { capacity: 3 } }), 404);
    expectError(await t.call("DELETE", `${API}/templates/nope`, { token: staff }), 404);
    expectError(
      await t.call("PUT", `${API}/locations/chicago/policy`, { token: staff, body: { ...policy, x: 1 } }),
      400,
    );
  });
});
