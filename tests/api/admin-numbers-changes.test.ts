import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TestClock } from "../../host/server/clock.js";
import { forgetNumbersDays } from "../../host/server/services/numbers-days.js";
import type { IntervalNumbers, NumbersReport, WorkoutNumbers } from "../../host/server/services/numbers.js";
import { startTestApp, type TestApp } from "./harness.js";

/**
 * The console's numbers follow the history: the figures are kept per day (services/numbers-days.ts), and a play, a
 * refund, a state change or an invoice changed after a read shows in the next read, in every interval it moves, as
 * a rebuild from the whole history would say. The history is in June 2057, long after any day the demo data is seeded
 * on, whatever the clock.
 */
const API = "/admin/v1";
const T0 = new Date("2057-06-15T17:00:00.000Z");
const CHICAGO = "America/Chicago";
const MONTHLY = "1month_trial0-R-SB"; // 1999 a month

let t: TestApp;
let viewer: string;

async function ok<T>(res: Promise<{ statusCode: number; body: string; json(): unknown }>): Promise<T> {
  const answer = await res;
  expect(answer.statusCode, answer.body).toBe(200);
  return answer.json() as T;
}
const report = (query: string) => ok<NumbersReport>(t.call("GET", `${API}/numbers?${query}`, { token: viewer }));
const june = async (zone = CHICAGO): Promise<IntervalNumbers> =>
  (await report(`interval=month&zone=${zone}&from=2057-06-01&to=2057-06-30`)).intervals[0]!;
const playsOf = async (workoutId: string) => {
  const { items } = await ok<{ items: WorkoutNumbers[] }>(
    t.call("GET", `${API}/numbers/workouts?zone=${CHICAGO}&from=2057-06-01&to=2057-06-30&limit=100`, {
      token: viewer,
    }),
  );
  return items.find((i) => i.workout_id === workoutId) ?? null;
};

beforeAll(async () => {
  t = await startTestApp({ clock: new TestClock(T0) });
  viewer = (await t.signIn("admin@demo.fitkit.dev")).token;
}, 60_000);
afterAll(() => t.close());

describe("the numbers after the history changes", () => {
  it("count a play started through the app in the next read, its completion, and nothing once it is gone", async () => {
    const workout = (
      await t.db
        .selectFrom("workouts")
        .select("id")
        .where("type", "=", "workout")
        .orderBy("id")
        .executeTakeFirstOrThrow()
    ).id;
    const before = await june();
    expect(await playsOf(workout)).toBeNull();

    const member = await t.signUp();
    const started = await ok<{ session_id: string }>(
      t.call("GET", `/v2/workouts/start_session/${workout}`, { token: member.token }),
    );
    expect(await june()).toMatchObject({ plays: before.plays + 1, completions: before.completions });
    expect(await playsOf(workout)).toMatchObject({ plays: 1, completions: 0, completion_rate: 0 });

    await t.db
      .updateTable("workout_sessions")
      .set({ is_complete: true, completed_at: new Date("2057-06-15T17:40:00Z") })
      .where("id", "=", started.session_id)
      .execute();
    expect(await june()).toMatchObject({ plays: before.plays + 1, completions: before.completions + 1 });
    expect(await playsOf(workout)).toMatchObject({ plays: 1, completions: 1, completion_rate: 1 });

    // The member's account is erased: the play goes with it.
    await t.db.deleteFrom("users").where("id", "=", member.user.id).execute();
    expect(await june()).toMatchObject({ plays: before.plays, completions: before.completions });
    expect(await playsOf(workout)).toBeNull();
  });

  it("follow a membership's state changes, a refund and an invoice corrected after the fact", async () => {
    const before = await june();
    const { user } = await t.signUp();
    await t.db
      .updateTable("users")
      .set({ created_at: new Date("2057-06-02T18:00:00Z") })
      .where("id", "=", user.id)
      .execute();
    const subscription = (
      await t.db
        .insertInto("subscriptions")
        .values({
          user_id: user.id,
          provider: "stripe",
          identifier: "sb_sub_numbers_changes",
          state: "active",
          sku: MONTHLY,
          name: "Monthly",
          original_purchase_date: new Date("2057-06-02T18:00:00Z"),
          created_at: new Date("2057-06-02T18:00:00Z"),
          updated_at: new Date("2057-06-02T18:00:00Z"),
        })
        .returning("id")
        .executeTakeFirstOrThrow()
    ).id;
    const event = (action: string, from: string | null, to: string, when: string) =>
      t.db
        .insertInto("subscription_events")
        .values({
          subscription_id: subscription,
          user_id: user.id,
          actor: "test",
          action,
          from_state: from,
          to_state: to,
          created_at: new Date(when),
        })
        .execute();
    const invoice = (
      await t.db
        .insertInto("invoices")
        .values({
          subscription_id: subscription,
          user_id: user.id,
          sku: MONTHLY,
          period_start: new Date("2057-06-02T18:00:00Z"),
          period_end: new Date("2057-07-02T18:00:00Z"),
          base_amount: 1999,
          discount_amount: 0,
          amount: 1999,
          currency: "USD",
          status: "paid",
          created_at: new Date("2057-06-02T18:00:00Z"),
        })
        .returning("id")
        .executeTakeFirstOrThrow()
    ).id;
    await event("created", null, "active", "2057-06-02T18:00:00Z");
    expect(await june()).toMatchObject({
      sign_ups: before.sign_ups + 1,
      active_members: before.active_members + 1,
      paying_members: before.paying_members + 1,
      mrr: before.mrr + 1999,
    });

    await t.db
      .insertInto("refunds")
      .values({
        invoice_id: invoice,
        user_id: user.id,
        amount: 500,
        currency: "USD",
        source: "console",
        reason: "charged twice",
        created_at: new Date("2057-06-10T18:00:00Z"),
      })
      .execute();
    await event("expired", "active", "expired", "2057-06-12T18:00:00Z");
    const ended = await june();
    expect(ended).toMatchObject({
      refunds: before.refunds + 1,
      refunded_amount: before.refunded_amount + 500,
      active_members: before.active_members,
      paying_members: before.paying_members,
      mrr: before.mrr,
      churned_members: before.churned_members + 1,
      churned_mrr: before.churned_mrr + 1999,
    });
    expect(ended.cancel_reasons).toContainEqual({ reason: "not_given", count: 1 });

    // An invoice corrected after the fact changes the MRR the membership had when it ended.
    await t.db.updateTable("invoices").set({ amount: 1599 }).where("id", "=", invoice).execute();
    expect(await june()).toMatchObject({ churned_mrr: before.churned_mrr + 1599 });

    // The state change taken back: the membership is paying again at the month's end.
    await t.db
      .deleteFrom("subscription_events")
      .where("subscription_id", "=", subscription)
      .where("action", "=", "expired")
      .execute();
    expect(await june()).toMatchObject({
      churned_members: before.churned_members,
      paying_members: before.paying_members + 1,
      mrr: before.mrr + 1599,
    });
  });

  it("count a product's price interval changed later in every MRR its invoices gave", async () => {
    const before = await june();
    const monthly = await t.db
      .selectFrom("products")
      .select("interval")
      .where("sku", "=", MONTHLY)
      .executeTakeFirstOrThrow();
    // The membership above pays 1599 on this product, and the demo's member 1999.
    await t.db
      .updateTable("products")
      .set({ interval: monthly.interval * 2 })
      .where("sku", "=", MONTHLY)
      .execute();
    try {
      expect((await june()).mrr).toBe(before.mrr - Math.round((1599 + 1999) / 2));
    } finally {
      await t.db.updateTable("products").set({ interval: monthly.interval }).where("sku", "=", MONTHLY).execute();
    }
    expect((await june()).mrr).toBe(before.mrr);
  });

  it("put an instant on its local day in a zone read for the first time, a quarter-hour offset included", async () => {
    const { user } = await t.signUp();
    const workout = (await t.db.selectFrom("workouts").select("id").orderBy("id").executeTakeFirstOrThrow()).id;
    const beforeJuly = (await report("interval=month&zone=UTC&from=2057-07-01&to=2057-07-31")).intervals[0]!;
    // 18:20 UTC on 30 June is 00:05 on 1 July in Kathmandu (UTC+5:45).
    await t.db
      .insertInto("workout_sessions")
      .values({ user_id: user.id, workout_id: workout, started_at: new Date("2057-06-30T18:20:00Z") })
      .execute();
    const kathmandu = await report("interval=month&zone=Asia/Kathmandu&from=2057-06-01&to=2057-07-31");
    const utc = await report("interval=month&zone=UTC&from=2057-06-01&to=2057-07-31");
    expect(kathmandu.intervals[1]!.plays).toBe(utc.intervals[1]!.plays + 1);
    expect(kathmandu.intervals[0]!.plays).toBe(utc.intervals[0]!.plays - 1);
    expect(utc.intervals[1]!.plays).toBe(beforeJuly.plays);
  });

  it("say, kept up to date, what a rebuild from the whole history says", async () => {
    const queries = [
      `interval=month&zone=${CHICAGO}&from=2056-08-01&to=2058-07-31`,
      "interval=week&zone=UTC&from=2057-01-01&to=2057-12-31",
      "interval=month&zone=Asia/Kathmandu&from=2057-01-01&to=2057-12-31",
    ];
    const kept = await Promise.all(queries.map(report));
    const workouts = await ok(
      t.call("GET", `${API}/numbers/workouts?zone=${CHICAGO}&from=2057-06-10&to=2057-07-20`, { token: viewer }),
    );
    await forgetNumbersDays(t.db);
    expect(await Promise.all(queries.map(report))).toEqual(kept);
    expect(
      await ok(
        t.call("GET", `${API}/numbers/workouts?zone=${CHICAGO}&from=2057-06-10&to=2057-07-20`, { token: viewer }),
      ),
    ).toEqual(workouts);
  });
});
