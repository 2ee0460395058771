import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEFAULT_MAX_OPEN_BOOKINGS } from "../../src/domain/classes.js";
import { databaseKind, expectError, startTestApp, type TestApp } from "./harness.js";
import { createClass, DAY, HOUR, signUpMember } from "./studios-fixtures.js";

/** Generous: 20 bookings by one member at once on a loaded two-core machine, PostgreSQL included. */
const RACE_TIMEOUT_MS = 120_000;
const MEMBERSHIP_REQUIRED = "Booking live classes is part of a membership. Start or renew yours to book.";

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

const book = (classId: string, token: string) =>
  t.call("POST", "/studios/reservation/", { body: { class_id: classId }, token });
const join = (classId: string, token: string) => t.call("POST", `/studios/class/${classId}/waitlist`, { token });
const activeBookings = async (userId: string) =>
  Number(
    (
      await t.db
        .selectFrom("reservations")
        .select((eb) => eb.fn.countAll().as("n"))
        .where("user_id", "=", userId)
        .where("status", "<>", "standard cancel")
        .executeTakeFirstOrThrow()
    ).n,
  );

describe(`who may book live classes (${databaseKind})`, () => {
  it("refuses a signed-up account that never subscribed, and a lapsed or paused member, naming the membership", async () => {
    const cls = await createClass(t, { startsIn: DAY, capacity: 5 });
    const full = await createClass(t, { startsIn: 2 * DAY, capacity: 0 });
    const never = (await t.signUp()).token;
    const lapsed = (await t.signIn("lapsed@demo.fitkit.dev")).token;
    const paused = (await t.signIn("paused@demo.fitkit.dev")).token;
    for (const token of [never, lapsed, paused]) {
      expect(expectError(await book(cls.id, token), 403).text).toBe(MEMBERSHIP_REQUIRED);
      expect(expectError(await join(full.id, token), 403).text).toBe(MEMBERSHIP_REQUIRED);
    }
    const row = await t.db
      .selectFrom("live_classes")
      .select("booked")
      .where("id", "=", cls.id)
      .executeTakeFirstOrThrow();
    expect(row.booked).toBe(0);
  });

  it("books members of every kind: a digital plan, a trial, VIP and a studio membership", async () => {
    const cls = await createClass(t, { startsIn: DAY, capacity: 5 });
    for (const email of ["new@demo.fitkit.dev", "trial@demo.fitkit.dev", "studio@demo.fitkit.dev"]) {
      const res = await book(cls.id, (await t.signIn(email)).token);
      expect(res.statusCode, `${email}: ${res.body}`).toBe(200);
    }
    expect((await book(cls.id, (await signUpMember(t)).token)).statusCode).toBe(200);
  });
});

describe(`the default open-bookings limit (${databaseKind})`, () => {
  it("applies when the location sets none, and class and location answers state it", async () => {
    await t.db.updateTable("locations").set({ max_open_bookings: null }).where("id", "=", "live").execute();
    const m = await signUpMember(t);
    const classes: Awaited<ReturnType<typeof createClass>>[] = [];
    for (let i = 0; i <= DEFAULT_MAX_OPEN_BOOKINGS; i++)
      classes.push(await createClass(t, { startsIn: DAY + i * HOUR, capacity: 5 }));
    for (const cls of classes.slice(0, DEFAULT_MAX_OPEN_BOOKINGS))
      expect((await book(cls.id, m.token)).statusCode).toBe(200);
    const refused = expectError(await book(classes.at(-1)!.id, m.token), 400);
    expect(refused.text).toMatch(
      new RegExp(`^You can hold at most ${DEFAULT_MAX_OPEN_BOOKINGS} open bookings and waitlist places at .+\\.`),
    );
    const answer = await t.call("GET", "/studios/class?location=live&limit=2000", { token: m.token });
    const listed = (answer.json().items as { id: string; policy: { max_open_bookings: number } }[]).find(
      (c) => c.id === classes[0]!.id,
    );
    expect(listed?.policy.max_open_bookings).toBe(DEFAULT_MAX_OPEN_BOOKINGS);
  });

  it(
    "holds when one member books 20 classes at once: exactly the limit succeeds",
    async () => {
      await t.db.updateTable("locations").set({ max_open_bookings: null }).where("id", "=", "live").execute();
      const m = await signUpMember(t);
      const classes = await Promise.all(
        Array.from({ length: 20 }, (_, i) => createClass(t, { startsIn: 3 * DAY + i * HOUR, capacity: 5 })),
      );
      const answers = await Promise.all(classes.map((cls) => book(cls.id, m.token)));
      const codes = answers.map((a) => a.statusCode);
      expect(codes.filter((c) => c === 200)).toHaveLength(DEFAULT_MAX_OPEN_BOOKINGS);
      expect(codes.filter((c) => c === 400)).toHaveLength(20 - DEFAULT_MAX_OPEN_BOOKINGS);
      expect(await activeBookings(m.user.id)).toBe(DEFAULT_MAX_OPEN_BOOKINGS);
    },
    RACE_TIMEOUT_MS,
  );
});
