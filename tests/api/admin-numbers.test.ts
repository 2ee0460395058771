import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TestClock } from "../../host/server/clock.js";
import type { IntervalNumbers, NumbersReport } from "../../host/server/services/numbers.js";
import { expectError, startTestApp, type TestApp } from "./harness.js";

/**
 * The console's numbers (/admin/v1/numbers): who may read them, and each figure against a small history written
 * below and computed by hand, by month and week in Chicago and in UTC; then the demo data's figures.
 */
const API = "/admin/v1";
/**
 * Thursday 15 April 2055, after the history below, so every class in it has run. The history is in 2055 (2027 plus
 * the calendar's 28-year cycle: the same weekdays), long after any day the demo data is seeded on, whatever the clock.
 */
const T0 = new Date("2055-04-15T17:00:00.000Z");
const CHICAGO = "America/Chicago";

let t: TestApp;
let admin: string;
let viewer: string;
let editor: string;
let support: string;
let member: string;

async function ok<T>(res: Promise<{ statusCode: number; body: string; json(): unknown }>): Promise<T> {
  const answer = await res;
  expect(answer.statusCode, answer.body).toBe(200);
  return answer.json() as T;
}

const numbers = (query: string, token = viewer) =>
  ok<NumbersReport>(t.call("GET", `${API}/numbers?${query}`, { token }));

beforeAll(async () => {
  t = await startTestApp({ clock: new TestClock(T0) });
  admin = (await t.signIn("admin@demo.fitkit.dev")).token;
  editor = (await t.signIn("editor@demo.fitkit.dev")).token;
  support = (await t.signIn("support@demo.fitkit.dev")).token;
  member = (await t.signIn("member@demo.fitkit.dev")).token;
  const someone = await t.signUp();
  await ok(t.call("POST", `${API}/operators`, { token: admin, body: { email: someone.email, role: "viewer" } }));
  viewer = someone.token;
}, 60_000);
afterAll(() => t.close());

describe("who may read the numbers", () => {
  const routes = [
    `${API}/numbers?interval=month`,
    `${API}/numbers.csv?interval=week`,
    `${API}/numbers/workouts?interval=month`,
  ];

  it("admins and viewers read them; editors, support and members are refused; anonymous callers must sign in", async () => {
    for (const url of routes) {
      expect((await t.call("GET", url, { token: admin })).statusCode, url).toBe(200);
      expect((await t.call("GET", url, { token: viewer })).statusCode, url).toBe(200);
      for (const token of [editor, support, member]) expectError(await t.call("GET", url, { token }), 403);
      expectError(await t.call("GET", url), 401);
    }
  });

  it("refuses ranges it cannot answer with a 400 saying why", async () => {
    const bad = async (query: string, message: RegExp) => {
      const res = await t.call("GET", `${API}/numbers?${query}`, { token: viewer });
      expectError(res, 400);
      expect(res.json<{ message: string }>().message).toMatch(message);
    };
    await bad("interval=day", /interval/);
    await bad("interval=week&from=2053-01-01&to=2055-03-01", /At most 105 weeks/);
    await bad("interval=month&from=2052-01-01&to=2055-03-01", /At most 24 months/);
    await bad("from=2055-03-02&to=2055-03-01", /from must not be after to/);
    await bad("from=2055-02-30", /from must be a date/);
    await bad("zone=Mars/Olympus_Mons", /zone must be an IANA time zone/);
    await bad("currency=usd", /currency/);
  });

  it("defaults to the last twelve months to today in UTC, on the server's clock", async () => {
    const report = await numbers("");
    expect(report).toMatchObject({ interval: "month", zone: "UTC", currency: "USD", to: "2055-04-15" });
    expect(report.intervals.map((i) => i.start)).toEqual([
      "2054-05-01",
      "2054-06-01",
      "2054-07-01",
      "2054-08-01",
      "2054-09-01",
      "2054-10-01",
      "2054-11-01",
      "2054-12-01",
      "2055-01-01",
      "2055-02-01",
      "2055-03-01",
      "2055-04-01",
    ]);
  });
});

describe("each figure from a known history", () => {
  const at = (iso: string) => new Date(iso);
  /** The demo data's memberships (all before 2055) are in every stock: read at the end of December 2054. */
  let base: IntervalNumbers;
  let workoutA: string;
  let workoutB: string;

  beforeAll(async () => {
    base = (await numbers(`interval=month&zone=${CHICAGO}&from=2054-12-01&to=2054-12-31`)).intervals[0]!;
    const db = t.db;
    const users: Record<string, string> = {};
    // a, b, f, g sign up in January; c, and d at 21:00 on 28 February in Chicago (already March in UTC); e in March.
    const signUps: Record<string, string> = {
      a: "2055-01-05T18:00:00Z",
      b: "2055-01-10T18:00:00Z",
      f: "2055-01-20T17:00:00Z",
      g: "2055-01-20T18:00:00Z",
      c: "2055-02-03T18:00:00Z",
      d: "2055-03-01T03:00:00Z",
      e: "2055-03-10T18:00:00Z",
    };
    for (const [who, when] of Object.entries(signUps)) {
      const { user } = await t.signUp();
      await db
        .updateTable("users")
        .set({ created_at: at(when) })
        .where("id", "=", user.id)
        .execute();
      users[who] = user.id;
    }
    const subs: Record<string, string> = {};
    const subscribe = async (who: string, sku: string, state: string, when: string) => {
      const row = await db
        .insertInto("subscriptions")
        .values({
          user_id: users[who]!,
          provider: "stripe",
          identifier: `sb_sub_numbers_${who}`,
          state: state as "active",
          sku: state === "vip" ? null : sku,
          name: sku,
          original_purchase_date: at(when),
          created_at: at(when),
          updated_at: at(when),
        })
        .returning("id")
        .executeTakeFirstOrThrow();
      subs[who] = row.id;
      await event(who, "created", null, state, when);
    };
    const event = async (
      who: string,
      action: string,
      from: string | null,
      to: string,
      when: string,
      details: object = {},
    ) =>
      db
        .insertInto("subscription_events")
        .values({
          subscription_id: subs[who]!,
          user_id: users[who]!,
          actor: "test",
          action,
          from_state: from,
          to_state: to,
          details: JSON.stringify(details),
          created_at: at(when),
        })
        .execute();
    const invoice = async (
      who: string,
      sku: string,
      status: "paid" | "failed",
      periodStart: string,
      when: string,
      amount: number,
      base_amount = amount,
    ) =>
      (
        await db
          .insertInto("invoices")
          .values({
            subscription_id: subs[who]!,
            user_id: users[who]!,
            sku,
            period_start: at(periodStart),
            period_end: at(periodStart),
            base_amount,
            discount_amount: base_amount - amount,
            amount,
            currency: "USD",
            discount_code: null,
            status,
            payment_id: null,
            created_at: at(when),
          })
          .returning("id")
          .executeTakeFirstOrThrow()
      ).id;
    const MONTHLY = "1month_trial0-R-SB"; // 1999 a month
    const ANNUAL = "12month_trial7"; // 9588 a year: 799 a month

    // a: monthly from 5 January; renewed 5 February; 5 March's renewal fails, recovered on 6 March.
    await subscribe("a", MONTHLY, "active", signUps.a!);
    const aJanuary = await invoice("a", MONTHLY, "paid", signUps.a!, signUps.a!, 1999);
    await event("a", "renewed", "active", "active", "2055-02-05T18:00:00Z");
    await invoice("a", MONTHLY, "paid", "2055-02-05T18:00:00Z", "2055-02-05T18:00:00Z", 1999);
    await invoice("a", MONTHLY, "failed", "2055-03-05T18:00:00Z", "2055-03-05T18:00:00Z", 1999);
    await event("a", "payment_failed", "active", "past_due", "2055-03-05T18:00:00Z");
    await invoice("a", MONTHLY, "paid", "2055-03-05T18:00:00Z", "2055-03-06T18:00:00Z", 1999);
    await event("a", "payment_recovered", "past_due", "active", "2055-03-06T18:00:00Z");
    // b: annual trial from 10 January, converted on 17 January.
    await subscribe("b", ANNUAL, "trial", signUps.b!);
    await invoice("b", ANNUAL, "paid", "2055-01-17T18:00:00Z", "2055-01-17T18:00:00Z", 9588);
    await event("b", "trial_converted", "trial", "active", "2055-01-17T18:00:00Z");
    // f: comped (vip) from 20 January.
    await subscribe("f", MONTHLY, "vip", signUps.f!);
    // g: monthly from 20 January; 20 February's renewal fails three times and the membership ends on 22 February.
    await subscribe("g", MONTHLY, "active", signUps.g!);
    await invoice("g", MONTHLY, "paid", signUps.g!, signUps.g!, 1999);
    for (const [day, from, to, action] of [
      ["20", "active", "past_due", "payment_failed"],
      ["21", "past_due", "past_due", "payment_failed"],
      ["22", "past_due", "expired", "expired_unpaid"],
    ] as const) {
      await invoice("g", MONTHLY, "failed", "2055-02-20T18:00:00Z", `2055-02-${day}T18:00:00Z`, 1999);
      await event("g", action, from, to, `2055-02-${day}T18:00:00Z`);
    }
    // c: monthly from 3 February, cancelled on 10 February (too expensive), ended on 3 March; refunded in full then.
    await subscribe("c", MONTHLY, "active", signUps.c!);
    const cFebruary = await invoice("c", MONTHLY, "paid", signUps.c!, signUps.c!, 1999);
    await event("c", "canceled", "active", "canceled", "2055-02-10T18:00:00Z", { reason: "too expensive" });
    await event("c", "expired", "canceled", "expired", "2055-03-03T18:00:00Z");
    // d: annual trial from 28 February 21:00 in Chicago, cancelled during the trial, ended 8 March unconverted.
    await subscribe("d", ANNUAL, "trial", signUps.d!);
    await event("d", "canceled", "trial", "canceled", "2055-03-02T18:00:00Z", { reason: "not using enough" });
    await event("d", "expired", "canceled", "expired", "2055-03-08T03:00:00Z");
    // e: monthly from 10 March at 1599 (400 off with a promo code).
    await subscribe("e", MONTHLY, "active", signUps.e!);
    await invoice("e", MONTHLY, "paid", signUps.e!, signUps.e!, 1599, 1999);

    // Refunds: 500 of a's January payment on 25 January; c's 1999 on 3 March.
    await db
      .insertInto("refunds")
      .values([
        {
          invoice_id: aJanuary,
          user_id: users.a!,
          amount: 500,
          currency: "USD",
          source: "console",
          reason: "charged twice",
          created_at: at("2055-01-25T18:00:00Z"),
        },
        {
          invoice_id: cFebruary,
          user_id: users.c!,
          amount: 1999,
          currency: "USD",
          source: "provider",
          reason: "requested",
          created_at: at("2055-03-03T18:00:00Z"),
        },
      ])
      .execute();

    // Plays: A done on 6 January; B left unfinished on 2 February; A done late on 28 February in Chicago (1 March
    // in UTC).
    const workouts = await db.selectFrom("workouts").select("id").orderBy("id").limit(2).execute();
    workoutA = workouts[0]!.id;
    workoutB = workouts[1]!.id;
    const play = (who: string, workout: string, started: string, completed: string | null) => ({
      user_id: users[who]!,
      workout_id: workout,
      started_at: at(started),
      is_complete: completed !== null,
      completed_at: completed ? at(completed) : null,
    });
    await db
      .insertInto("workout_sessions")
      .values([
        play("a", workoutA, "2055-01-06T18:00:00Z", "2055-01-06T18:30:00Z"),
        play("b", workoutB, "2055-02-02T18:00:00Z", null),
        play("b", workoutA, "2055-03-01T04:00:00Z", "2055-03-01T04:40:00Z"),
      ])
      .execute();

    // Live: a class on 15 February with 10 seats, 3 reservations (one cancelled), 2 waiting of whom 1 got a spot;
    // a cancelled class the same day counts for nothing.
    const trainer = (await db.selectFrom("trainers").select("id").orderBy("id").executeTakeFirstOrThrow()).id;
    const liveClass = (id: string, cancelled: boolean) => ({
      id,
      location_id: "chicago",
      trainer_id: trainer,
      class_type: "Strength",
      start_at: at("2055-02-15T18:00:00Z"),
      end_at: at("2055-02-15T19:00:00Z"),
      duration: 60,
      capacity: 10,
      cancelled_at: cancelled ? at("2055-02-14T18:00:00Z") : null,
      created_at: at("2055-02-01T18:00:00Z"),
    });
    await db
      .insertInto("live_classes")
      .values([liveClass("numbers-run", false), liveClass("numbers-cancelled", true)])
      .execute();
    const booked = at("2055-02-10T18:00:00Z");
    await db
      .insertInto("reservations")
      .values([
        { user_id: users.a!, class_id: "numbers-run", status: "pending", created_at: booked },
        { user_id: users.b!, class_id: "numbers-run", status: "check in", created_at: booked, checked_in_at: booked },
        {
          user_id: users.c!,
          class_id: "numbers-run",
          status: "standard cancel",
          created_at: booked,
          cancelled_at: booked,
        },
        { user_id: users.e!, class_id: "numbers-cancelled", status: "pending", created_at: booked },
      ])
      .execute();
    await db
      .insertInto("waitlist_entries")
      .values([
        { user_id: users.f!, class_id: "numbers-run", status: "promoted", created_at: booked, ended_at: booked },
        { user_id: users.g!, class_id: "numbers-run", status: "expired", created_at: booked, ended_at: booked },
      ])
      .execute();
  });

  /** The demo's stocks plus these. */
  const stocks = (active: number, paying: number, comped: number, trials: number, mrr: number) => ({
    active_members: base.active_members + active,
    paying_members: base.paying_members + paying,
    comped_members: base.comped_members + comped,
    trials: base.trials + trials,
    paused: base.paused,
    mrr: base.mrr + mrr,
    arr: (base.mrr + mrr) * 12,
  });

  it("by month in Chicago", async () => {
    const report = await numbers(`interval=month&zone=${CHICAGO}&from=2055-01-01&to=2055-03-31`);
    expect(report.intervals.map((i) => [i.start, i.end])).toEqual([
      ["2055-01-01", "2055-02-01"],
      ["2055-02-01", "2055-03-01"],
      ["2055-03-01", "2055-04-01"],
    ]);
    const [january, february, march] = report.intervals;
    const paying = base.paying_members;
    // End of January: a (1999), b (9588 / 12 = 799), g (1999) paying, f comped.
    expect(january).toMatchObject({
      ...stocks(4, 3, 1, 0, 1999 + 799 + 1999),
      sign_ups: 4,
      trials_started: 1,
      trials_ended: 1,
      trials_converted: 1,
      trial_conversion_rate: 1,
      churned_members: 0,
      member_churn_rate: paying ? 0 : null,
      churned_mrr: 0,
      cancel_reasons: [],
      refunds: 1,
      refunded_amount: 500,
      failed_payments: 0,
      plays: 1,
      completions: 1,
      completion_rate: 1,
      classes_run: 0,
      class_fill_rate: null,
    });
    // End of February: a, b, c (cancelled, paid to 3 March) paying; g ended unpaid; d in trial since 28 February.
    expect(february).toMatchObject({
      ...stocks(4, 3, 1, 1, 1999 + 799 + 1999),
      sign_ups: 2,
      trials_started: 1,
      trials_ended: 0,
      trial_conversion_rate: null,
      churned_members: 1,
      // 1 of the members paying at the start of February (the demo's and a, b, g).
      member_churn_rate: Math.round((1 / (paying + 3)) * 10_000) / 10_000,
      churned_mrr: 1999,
      revenue_churn_rate: Math.round((1999 / (base.mrr + 4797)) * 10_000) / 10_000,
      cancel_reasons: [{ reason: "payment_failed", count: 1 }],
      refunds: 0,
      failed_payments: 1,
      failed_amount: 1999,
      recovered_payments: 0,
      recovered_amount: 0,
      // B unfinished, and A at 22:00 on 28 February.
      plays: 2,
      completions: 1,
      completion_rate: 0.5,
      classes_run: 1,
      class_capacity: 10,
      class_bookings: 2,
      class_fill_rate: 0.2,
      waitlist_joined: 2,
      waitlist_promoted: 1,
      waitlist_conversion_rate: 0.5,
    });
    // End of March: a (recovered), b, e (1599 after the discount) paying; c ended; d's trial ended unconverted.
    expect(march).toMatchObject({
      ...stocks(4, 3, 1, 0, 1999 + 799 + 1599),
      sign_ups: 1,
      trials_started: 0,
      trials_ended: 1,
      trials_converted: 0,
      trial_conversion_rate: 0,
      churned_members: 1,
      member_churn_rate: Math.round((1 / (paying + 3)) * 10_000) / 10_000,
      churned_mrr: 1999,
      cancel_reasons: [{ reason: "too expensive", count: 1 }],
      refunds: 1,
      refunded_amount: 1999,
      failed_payments: 1,
      failed_amount: 1999,
      recovered_payments: 1,
      recovered_amount: 1999,
      plays: 0,
      completion_rate: null,
    });
  });

  it("puts an instant in the interval of the zone asked for: 28 February 21:00 in Chicago is March in UTC", async () => {
    const utc = await numbers("interval=month&zone=UTC&from=2055-02-01&to=2055-03-31");
    const [february, march] = utc.intervals;
    expect(february).toMatchObject({ sign_ups: 1, trials_started: 0, trials: base.trials, plays: 1, completions: 0 });
    expect(march).toMatchObject({ sign_ups: 2, trials_started: 1, plays: 1, completions: 1 });
  });

  it("by week: Monday to Sunday in the zone", async () => {
    const report = await numbers(`interval=week&zone=${CHICAGO}&from=2055-02-24&to=2055-03-07`);
    const [before, first] = report.intervals;
    expect([before!.start, first!.start, first!.end]).toEqual(["2055-02-22", "2055-03-01", "2055-03-08"]);
    // Week of 22 February: g ends unpaid (22 Feb), d signs up and starts a trial (28 Feb 21:00), A played.
    expect(before).toMatchObject({ sign_ups: 1, trials_started: 1, churned_members: 1, plays: 1, failed_payments: 0 });
    // Week of 1 March: c ends (3 Mar), d's trial ends unconverted (8 Mar 03:00 UTC is 7 Mar 21:00 in Chicago);
    // a, b paying, f comped (e starts on 10 March).
    expect(first).toMatchObject({
      churned_members: 1,
      trials_ended: 1,
      failed_payments: 1,
      recovered_payments: 1,
      refunds: 1,
      ...stocks(3, 2, 1, 0, 1999 + 799),
    });
  });

  it("answers the same numbers as CSV, one row per interval", async () => {
    const res = await t.call("GET", `${API}/numbers.csv?interval=month&zone=${CHICAGO}&from=2055-01-01&to=2055-03-31`, {
      token: viewer,
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toMatch(/^text\/csv/);
    expect(res.headers["content-disposition"]).toBe(
      'attachment; filename="fitkit-numbers-month-2055-01-01-2055-03-31.csv"',
    );
    const [head, ...rows] = res.body.trim().split("\r\n");
    const columns = head!.split(",");
    expect(columns.slice(0, 3)).toEqual(["start", "end", "active_members"]);
    expect(rows).toHaveLength(3);
    const march = Object.fromEntries(rows[2]!.split(",").map((v, i) => [columns[i], v]));
    expect(march).toMatchObject({
      start: "2055-03-01",
      mrr: String(base.mrr + 1999 + 799 + 1599),
      churned_members: "1",
      cancel_reasons: "too expensive=1",
      recovered_amount: "1999",
      currency: "USD",
      zone: CHICAGO,
    });
  });

  it("answers plays and completions per workout, most played first, a page at a time", async () => {
    const range = `zone=${CHICAGO}&from=2055-01-01&to=2055-03-31`;
    const all = await ok<{ items: unknown[]; total: number }>(
      t.call("GET", `${API}/numbers/workouts?${range}`, { token: viewer }),
    );
    expect(all.total).toBe(2);
    expect(all.items).toEqual([
      expect.objectContaining({ workout_id: workoutA, plays: 2, completions: 2, completion_rate: 1 }),
      expect.objectContaining({ workout_id: workoutB, plays: 1, completions: 0, completion_rate: 0 }),
    ]);
    const second = await ok<{ items: { workout_id: string }[]; total: number }>(
      t.call("GET", `${API}/numbers/workouts?${range}&limit=1&offset=1`, { token: viewer }),
    );
    expect(second).toMatchObject({ total: 2, items: [{ workout_id: workoutB }] });
  });
});

describe("the demo data's figures", () => {
  /**
   * From host/server/db/seed/membership.ts (demoSubscriptions): each demo membership has one "created" event at the
   * seed's time, in the state it is in. Counted at the end of the seed's month:
   * - active members: member (active), new (active), studio (active, linked studio membership), vip (comped) = 4;
   * - paying: member, new, studio = 3; comped: vip = 1; trials: trial = 1; paused: paused = 1 (lapsed: expired);
   * - MRR: member's last paid invoice 1999 a month + new's 9588 a year / 12 = 799 (studio is billed by the studio,
   *   no invoice here) = 2798; ARR = 2798 × 12 = 33576;
   * - trials started: trial = 1 (new was seeded after its trial); churn, refunds, failed payments: none.
   */
  it("match the values computed by hand from the seed files", async () => {
    const seeded = await t.db
      .selectFrom("subscription_events")
      .select((eb) => eb.fn.max("created_at").as("at"))
      .where("actor", "=", "system:seed")
      .executeTakeFirstOrThrow();
    const day = new Date(seeded.at).toISOString().slice(0, 10);
    const report = await numbers(`interval=month&from=${day}&to=${day}`);
    expect(report.intervals).toHaveLength(1);
    expect(report.intervals[0]).toMatchObject({
      active_members: 4,
      paying_members: 3,
      comped_members: 1,
      trials: 1,
      paused: 1,
      mrr: 2798,
      arr: 33_576,
      trials_started: 1,
      churned_members: 0,
      refunds: 0,
      failed_payments: 0,
    });
  });
});
