import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "kysely";
import { databaseKind, startTestApp, type TestApp } from "./harness.js";
import { createClass, DAY, signUpMember } from "./studios-fixtures.js";

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

async function members(n: number): Promise<string[]> {
  const tokens: string[] = [];
  for (let i = 0; i < n; i += 10) {
    const batch = await Promise.all(Array.from({ length: Math.min(10, n - i) }, () => signUpMember(t)));
    tokens.push(...batch.map((m) => m.token));
  }
  return tokens;
}

const activeReservations = async (classId: string) =>
  Number(
    (
      await t.db
        .selectFrom("reservations")
        .select((eb) => eb.fn.countAll().as("n"))
        .where("class_id", "=", classId)
        .where("status", "<>", "standard cancel")
        .executeTakeFirstOrThrow()
    ).n,
  );

const bookedCount = async (classId: string) =>
  (await t.db.selectFrom("live_classes").select("booked").where("id", "=", classId).executeTakeFirstOrThrow()).booked;

describe(`racing for spots (${databaseKind})`, () => {
  it("gives the last spot to exactly one of 50 members booking at once; the 49 others get 400 'Class full'", async () => {
    const tokens = await members(50);
    const cls = await createClass(t, { startsIn: DAY, capacity: 10 });
    // Nine spots go first, one by one.
    for (const token of tokens.slice(0, 9)) {
      expect((await t.call("POST", "/studios/reservation/", { body: { class_id: cls.id }, token })).statusCode).toBe(
        200,
      );
    }
    const racers = await members(50);
    const answers = await Promise.all(
      racers.map((token) => t.call("POST", "/studios/reservation/", { body: { class_id: cls.id }, token })),
    );
    const codes = answers.map((a) => a.statusCode);
    expect(codes.filter((c) => c === 200)).toHaveLength(1);
    expect(codes.filter((c) => c === 400)).toHaveLength(49);
    for (const a of answers.filter((x) => x.statusCode === 400))
      expect(a.json()).toEqual({ statusCode: 400, message: "Class full", error: "Bad Request", code: "class_full" });
    expect(await bookedCount(cls.id)).toBe(10);
    expect(await activeReservations(cls.id)).toBe(10);
  });

  it("keeps one active reservation when one member books the same class ten times at once", async () => {
    const [token] = await members(1);
    const cls = await createClass(t, { startsIn: DAY, capacity: 20 });
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => t.call("POST", "/studios/reservation/", { body: { class_id: cls.id }, token })),
    );
    const codes = answers.map((a) => a.statusCode);
    expect(codes.filter((c) => c === 200)).toHaveLength(1);
    expect(codes.filter((c) => c === 400)).toHaveLength(9);
    expect(await bookedCount(cls.id)).toBe(1);
    expect(await activeReservations(cls.id)).toBe(1);
  });

  it("frees a spot once when one reservation is cancelled ten times at once", async () => {
    const [token] = await members(1);
    const cls = await createClass(t, { startsIn: DAY, capacity: 3 });
    const r = (await t.call("POST", "/studios/reservation/", { body: { class_id: cls.id }, token })).json();
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => t.call("POST", `/studios/reservation/${r.id}/cancel`, { token })),
    );
    const codes = answers.map((a) => a.statusCode);
    expect(codes.filter((c) => c === 200)).toHaveLength(1);
    expect(codes.filter((c) => c === 400)).toHaveLength(9);
    expect(await bookedCount(cls.id)).toBe(0);
  });

  it("never fails with a 500 when a member cancels and books the same class again at once", async () => {
    const [token] = await members(1);
    const cls = await createClass(t, { startsIn: DAY, capacity: 5 });
    let current = (await t.call("POST", "/studios/reservation/", { body: { class_id: cls.id }, token })).json()
      .id as string;
    for (let round = 0; round < 15; round++) {
      const [cancelled, booked] = await Promise.all([
        t.call("POST", `/studios/reservation/${current}/cancel`, { token }),
        t.call("POST", "/studios/reservation/", { body: { class_id: cls.id }, token }),
      ]);
      expect([200, 400]).toContain(cancelled.statusCode);
      expect([200, 400]).toContain(booked.statusCode);
      if (booked.statusCode === 200) current = booked.json().id;
      else if (cancelled.statusCode === 200)
        current = (await t.call("POST", "/studios/reservation/", { body: { class_id: cls.id }, token })).json().id;
    }
    expect(await activeReservations(cls.id)).toBe(1);
    expect(await bookedCount(cls.id)).toBe(1);
  });

  it("keeps every class's booked counter equal to its active reservations", async () => {
    const drift = await sql<{ id: string }>`
      select c.id from live_classes c
      left join reservations r on r.class_id = c.id and r.status <> 'standard cancel'
      group by c.id, c.booked having c.booked <> count(r.id)`.execute(t.db);
    expect(drift.rows).toEqual([]);
  });
});
