import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { TestClock } from "../../host/server/clock.js";
import { databaseKind, expectError, startTestApp, type TestApp } from "./harness.js";
import { addCard, current, DAY, renewals } from "./membership-helpers.js";

/**
 * The console's products and promo codes (/admin/v1): who may read and change them, a reprice that reaches existing
 * subscribers on its date (renewals before and after it on the test clock), a retired plan, and every promo code rule
 * as the member meets it in the funnel, with the last redemption under a cap raced by many members at once.
 */
const API = "/admin/v1";
/** Monday 1 March 2027, 15:00 UTC. */
const T0 = new Date("2027-03-01T15:00:00.000Z");

let t: TestApp;
let admin: string;
let editor: string;
let support: string;
let member: string;
let viewer: string;
let viewerAccount: { email: string; password: string };

/** Signs every operator in again: tests move the clock, and access tokens follow it. */
async function signInOperators() {
  admin = (await t.signIn("admin@demo.fitkit.dev")).token;
  editor = (await t.signIn("editor@demo.fitkit.dev")).token;
  support = (await t.signIn("support@demo.fitkit.dev")).token;
  member = (await t.signIn("member@demo.fitkit.dev")).token;
  viewer = (await t.signIn(viewerAccount.email, viewerAccount.password)).token;
}

beforeAll(async () => {
  t = await startTestApp({ clock: new TestClock(T0) });
  viewerAccount = await t.signUp();
  admin = (await t.signIn("admin@demo.fitkit.dev")).token;
  await ok(t.call("POST", `${API}/operators`, { token: admin, body: { email: viewerAccount.email, role: "viewer" } }));
}, 60_000);
beforeEach(signInOperators);
afterAll(() => t.close());

async function ok<T = Record<string, unknown>>(
  res: Promise<{ statusCode: number; body: string; json(): unknown }>,
): Promise<T> {
  const answer = await res;
  expect(answer.statusCode, answer.body).toBe(200);
  return answer.json() as T;
}

let serial = 0;
/** A fresh SKU, so each test sells its own plan. */
const newSku = (what: string) => `${what}_${(serial++).toString(36)}_${databaseKind}`;

/** Creates a $10 monthly plan on the sandbox (stripe) checkout, no trial. */
async function createPlan(overrides: Record<string, unknown> = {}) {
  const sku = newSku("plan");
  return ok<{ sku: string; unit_amount: number }>(
    t.call("POST", `${API}/products`, {
      token: admin,
      body: {
        sku,
        name: "Console Monthly",
        kind: "recurring",
        interval: 1,
        interval_type: "month",
        unit_amount: 1000,
        ...overrides,
      },
    }),
  );
}

const code = (what: string) => `${what}${(serial++).toString(36)}`.toUpperCase();

async function createCode(body: Record<string, unknown>) {
  return ok<{ code: string; times_redeemed: number }>(t.call("POST", `${API}/promo-codes`, { token: admin, body }));
}

/** A new member with a card on file (no membership yet). */
async function memberWithCard() {
  const m = await t.signUp();
  await addCard(t, m.token);
  return m;
}

const checkout = (token: string, sku: string, promo_codes: string[] = []) =>
  t.call("POST", "/v2/subscriptions/subs", { token, body: { sku, promo_codes } });

/** Signs the member in again after the clock moved (access tokens follow the clock). */
const again = async (m: { email: string; password: string }) => (await t.signIn(m.email, m.password)).token;

async function invoiceAmounts(userId: string) {
  const rows = await t.db
    .selectFrom("invoices")
    .select(["amount", "base_amount", "period_start"])
    .where("user_id", "=", userId)
    .where("status", "=", "paid")
    .orderBy("period_start")
    .execute();
  return rows.map((r) => r.amount);
}

async function lastAudit(recordId: string) {
  const res = await ok<{ items: { action: string; actor_email: string; before: unknown; after: unknown }[] }>(
    t.call("GET", `${API}/audit?record_id=${encodeURIComponent(recordId)}`, { token: admin }),
  );
  return res.items[0];
}

describe("who may use products and promo codes", () => {
  /** Every route with what it needs: offers (admin and viewer read) or edit (admin only). */
  const routes = (): [string, string, "offers" | "edit", unknown?][] => [
    ["GET", `${API}/products`, "offers"],
    [
      "POST",
      `${API}/products`,
      "edit",
      {
        sku: "role-probe",
        name: "x",
        kind: "prepaid",
        interval: 1,
        interval_type: "month",
        unit_amount: 1,
        trial_days: 7,
      },
    ],
    [
      "POST",
      `${API}/products/no-such-sku/reprice`,
      "edit",
      { unit_amount: 100, existing_from: "2027-06-01T00:00:00Z" },
    ],
    ["POST", `${API}/products/no-such-sku/retire`, "edit"],
    ["GET", `${API}/promo-codes`, "offers"],
    ["POST", `${API}/promo-codes`, "edit", { code: "PROBE", type: "percentage", amount: 101 }],
    [
      "POST",
      `${API}/promo-codes/campaigns`,
      "edit",
      { campaign: "probe", prefix: "PROBE", count: 1, type: "percentage", amount: 101 },
    ],
    [
      "PUT",
      `${API}/promo-codes/NO-SUCH-CODE`,
      "edit",
      {
        is_active: true,
        valid_from: null,
        valid_until: null,
        max_redemptions: null,
        once_per_member: true,
        new_members_only: false,
        skus: [],
      },
    ],
  ];

  it("refuses anonymous callers with 401 and members with 403 on every route", async () => {
    for (const [method, url, , body] of routes()) {
      expectError(await t.call(method, url, { body }), 401);
      expect(expectError(await t.call(method, url, { body, token: member }), 403).text).toContain(
        "do not work for the company",
      );
    }
  });

  it("lets admins do everything, viewers read, and refuses editors and support with 403", async () => {
    const may = { admin: ["offers", "edit"], viewer: ["offers"], editor: [], support: [] } as const;
    const tokens = { admin, viewer, editor, support };
    for (const [role, areas] of Object.entries(may) as [keyof typeof may, readonly string[]][]) {
      for (const [method, url, area, body] of routes()) {
        const res = await t.call(method, url, { body, token: tokens[role] });
        // The probes' bodies are invalid or name nothing: a caller let through gets 200, 400 or 404, never 403.
        if (areas.includes(area))
          expect([200, 400, 404], `${role} ${method} ${url}: ${res.body}`).toContain(res.statusCode);
        else
          expect(expectError(res, 403).text, `${role} ${method} ${url}`).toMatch(
            area === "edit" ? "Only admins can change" : "Only admins and viewers can see",
          );
      }
    }
    expect((await ok<{ areas: string[] }>(t.call("GET", `${API}/me`, { token: viewer }))).areas).toEqual([
      "read",
      "numbers",
      "offers",
    ]);
  });
});

describe("products", () => {
  it("creates a plan members can buy at once, audited, and refuses bad input with 400 and a taken SKU with 409", async () => {
    const plan = await createPlan({ trial_days: 0 });
    expect(plan).toMatchObject({
      unit_amount: 1000,
      currency: "USD",
      provider: "stripe",
      retired_at: null,
      prices: [],
    });
    expect(await lastAudit(plan.sku)).toMatchObject({
      action: "product.create",
      actor_email: "admin@demo.fitkit.dev",
      before: null,
      after: { sku: plan.sku, unit_amount: 1000 },
    });
    const m = await memberWithCard();
    expect(await ok(checkout(m.token, plan.sku))).toMatchObject({ last_invoice: { amount: 1000 } });

    const base = {
      sku: newSku("bad"),
      name: "Bad",
      kind: "recurring",
      interval: 1,
      interval_type: "month",
      unit_amount: 500,
    };
    for (const body of [
      { ...base, sku: "has spaces" },
      { ...base, unit_amount: -1 },
      { ...base, unit_amount: 12.5 },
      { ...base, interval: 0 },
      { ...base, interval_type: "year" },
      { ...base, kind: "lifetime" },
      { ...base, name: "   " },
      { ...base, kind: "prepaid", trial_days: 7 },
      { ...base, currency: "usd" },
      { ...base, surprise: true },
    ])
      expectError(await t.call("POST", `${API}/products`, { token: admin, body }), 400);
    expectError(await t.call("POST", `${API}/products`, { token: admin, body: { ...base, sku: plan.sku } }), 409);
    expect(await t.db.selectFrom("products").select("sku").where("sku", "=", base.sku).execute()).toEqual([]);
  });

  it("reprices for new subscribers now and for existing ones from the stated date: renewals before it keep the old price", async () => {
    const plan = await createPlan();
    t.clock.advance(60_000);
    const early = await memberWithCard();
    const first = await ok<{ subscription_id: string; expiration_date: string }>(checkout(early.token, plan.sku));
    expect(first.expiration_date).toBe(new Date(t.clock.now().getTime() + 31 * DAY).toISOString());
    t.clock.advance(60_000);

    // Existing subscribers keep $10.00 until 15 April; from then renewals charge $15.00.
    const keepUntil = new Date(T0.getTime() + 45 * DAY).toISOString();
    expectError(
      await t.call("POST", `${API}/products/${plan.sku}/reprice`, {
        token: admin,
        body: { unit_amount: 1500, existing_from: new Date(t.clock.now().getTime() - 1000).toISOString() },
      }),
      400,
    );
    const repriced = await ok(
      t.call("POST", `${API}/products/${plan.sku}/reprice`, {
        token: admin,
        body: { unit_amount: 1500, existing_from: keepUntil },
      }),
    );
    expect(repriced).toMatchObject({
      unit_amount: 1500,
      subscribers: 1,
      prices: [
        { unit_amount: 1000, new_from: null, existing_from: null },
        { unit_amount: 1500, new_from: t.clock.now().toISOString(), existing_from: keepUntil },
      ],
    });
    expect(await lastAudit(plan.sku)).toMatchObject({
      action: "product.reprice",
      before: { unit_amount: 1000 },
      after: { unit_amount: 1500, existing_from: keepUntil },
    });

    // A new subscriber pays the new price at once.
    const late = await memberWithCard();
    expect(await ok(checkout(late.token, plan.sku))).toMatchObject({ last_invoice: { amount: 1500 } });
    // The early member's next renewal (1 April, before the date) still shows and charges $10.00.
    expect((await current(t, early.token)).next_renewal).toMatchObject({ amount: 1000 });
    t.clock.set(new Date(first.expiration_date).getTime() + 1000);
    await renewals(t);
    const afterFirst = await current(t, await again(early));
    expect(afterFirst).toMatchObject({ state: "active", last_invoice: { amount: 1000 } });
    // The renewal on 1 May is after the date: $15.00, shown ahead and charged.
    expect(afterFirst.next_renewal).toMatchObject({ amount: 1500 });
    t.clock.set(new Date(afterFirst.expiration_date).getTime() + 1000);
    await renewals(t);
    expect(await current(t, await again(early))).toMatchObject({ state: "active", last_invoice: { amount: 1500 } });
    expect(await invoiceAmounts(early.user.id)).toEqual([1000, 1000, 1500]);
    // The member who joined at $15.00 renewed on 1 April (before the date) at $15.00.
    expect(await invoiceAmounts(late.user.id)).toEqual([1500, 1500]);

    await signInOperators();
    const later = new Date(t.clock.now().getTime() + 30 * DAY).toISOString();
    expect(
      expectError(
        await t.call("POST", `${API}/products/${plan.sku}/reprice`, {
          token: admin,
          body: { unit_amount: 1500, existing_from: later },
        }),
        400,
      ).message,
    ).toBe(`${plan.sku} costs 1500 already`);
    for (const body of [
      { unit_amount: 1600, existing_from: keepUntil },
      { unit_amount: -5, existing_from: later },
      { unit_amount: 900, existing_from: "next month" },
      { unit_amount: 900 },
    ])
      expectError(await t.call("POST", `${API}/products/${plan.sku}/reprice`, { token: admin, body }), 400);
    expectError(
      await t.call("POST", `${API}/products/no_such_plan/reprice`, {
        token: admin,
        body: { unit_amount: 900, existing_from: later },
      }),
      404,
    );
  });

  it("retires a plan: no new subscriptions or plan changes to it, existing subscribers keep renewing", async () => {
    const plan = await createPlan();
    const other = await createPlan();
    const kept = await memberWithCard();
    const sub = await ok<{ expiration_date: string }>(checkout(kept.token, plan.sku));
    const retired = await ok(t.call("POST", `${API}/products/${plan.sku}/retire`, { token: admin, body: {} }));
    expect(retired).toMatchObject({ retired_at: t.clock.now().toISOString(), subscribers: 1 });
    expect(await lastAudit(plan.sku)).toMatchObject({
      action: "product.retire",
      before: { retired_at: null },
      after: { retired_at: t.clock.now().toISOString() },
    });
    expectError(await t.call("POST", `${API}/products/${plan.sku}/retire`, { token: admin, body: {} }), 400);

    const newcomer = await memberWithCard();
    expect(expectError(await checkout(newcomer.token, plan.sku), 400).message).toBe("This plan is no longer available");
    expect(
      expectError(await t.call("GET", `/v2/subscriptions/subs/quote?sku=${plan.sku}`, { token: newcomer.token }), 400)
        .message,
    ).toBe("This plan is no longer available");
    // A subscriber of another plan cannot move onto it.
    const mover = await memberWithCard();
    const moving = await ok<{ subscription_id: string }>(checkout(mover.token, other.sku));
    expect(
      expectError(
        await t.call("PUT", "/v2/subscriptions/subs/plan", {
          token: mover.token,
          body: { subscription_id: moving.subscription_id, sku: plan.sku },
        }),
        400,
      ).message,
    ).toBe("This plan is no longer available");

    t.clock.set(new Date(sub.expiration_date).getTime() + 1000);
    await renewals(t);
    expect(await current(t, await again(kept))).toMatchObject({
      state: "active",
      sku: plan.sku,
      last_invoice: { amount: 1000 },
    });
  });
});

describe("promo codes", () => {
  it("creates percent and amount codes, audited, listed with their redemption counts; refuses bad input", async () => {
    const percent = code("HALF");
    const made = await createCode({ code: percent.toLowerCase(), type: "percentage", amount: 50, max_redemptions: 3 });
    expect(made).toMatchObject({
      code: percent,
      type: "percentage",
      amount: 50,
      duration: "once",
      max_redemptions: 3,
      times_redeemed: 0,
      once_per_member: true,
      new_members_only: false,
      skus: [],
      campaign: null,
    });
    expect(await lastAudit(percent)).toMatchObject({ action: "promo.create", before: null, after: { code: percent } });
    const amount = code("FIVE");
    await createCode({ code: amount, type: "amount", amount: 500, duration: "forever" });

    const plan = await createPlan();
    const m = await memberWithCard();
    expect(await ok(checkout(m.token, plan.sku, [percent]))).toMatchObject({
      last_invoice: { amount: 500, discount_code: percent },
    });
    const listed = await ok<{ items: { code: string; times_redeemed: number }[]; total: number }>(
      t.call("GET", `${API}/promo-codes?q=${percent.toLowerCase()}`, { token: viewer }),
    );
    expect(listed).toMatchObject({ total: 1, items: [{ code: percent, times_redeemed: 1 }] });

    for (const body of [
      { code: code("P"), type: "percentage", amount: 150 },
      { code: code("P"), type: "percentage", amount: 12.345 },
      { code: code("P"), type: "percentage", amount: 0 },
      { code: code("A"), type: "amount", amount: 12.5 },
      { code: code("R"), type: "amount", amount: 100, duration: "repeating" },
      { code: code("R"), type: "amount", amount: 100, duration: "once", duration_periods: 3 },
      {
        code: code("W"),
        type: "amount",
        amount: 100,
        valid_from: "2027-05-01T00:00:00Z",
        valid_until: "2027-04-01T00:00:00Z",
      },
      { code: code("S"), type: "amount", amount: 100, skus: ["no_such_plan"] },
      { code: code("C"), type: "amount", amount: 100, max_redemptions: 0 },
      { code: "has space", type: "amount", amount: 100 },
      { code: code("T"), type: "free", amount: 100 },
    ])
      expectError(await t.call("POST", `${API}/promo-codes`, { token: admin, body }), 400);
    expectError(
      await t.call("POST", `${API}/promo-codes`, { token: admin, body: { code: amount, type: "amount", amount: 1 } }),
      409,
    );
  });

  it("honours the validity window with the spec's message", async () => {
    const plan = await createPlan();
    const now = t.clock.now().getTime();
    const later = code("LATER");
    await createCode({
      code: later,
      type: "amount",
      amount: 200,
      valid_from: new Date(now + DAY).toISOString(),
      valid_until: new Date(now + 3 * DAY).toISOString(),
    });
    const m = await memberWithCard();
    expect(expectError(await checkout(m.token, plan.sku, [later]), 400).message).toBe(`Invalid Promo Code ${later}`);
    t.clock.advance(2 * DAY);
    const token = await again(m);
    expect(await ok(checkout(token, plan.sku, [later]))).toMatchObject({ last_invoice: { amount: 800 } });
    t.clock.advance(2 * DAY);
    const n = await memberWithCard();
    expect(expectError(await checkout(n.token, plan.sku, [later]), 400).message).toBe(`Invalid Promo Code ${later}`);
  });

  it("stops at its cap with a clear message; the lookup shows it inactive and an edit cannot go below the count", async () => {
    const plan = await createPlan();
    const capped = code("TWO");
    await createCode({ code: capped, type: "percentage", amount: 10, max_redemptions: 2 });
    for (let i = 0; i < 2; i++) await ok(checkout((await memberWithCard()).token, plan.sku, [capped]));
    const third = await memberWithCard();
    const refused = `Promo code ${capped} has been fully redeemed`;
    expect(expectError(await checkout(third.token, plan.sku, [capped]), 400)).toMatchObject({
      message: refused,
      code: "promo_fully_redeemed",
      values: { promo_code: capped },
    });
    expect(
      expectError(
        await t.call("GET", `/v2/subscriptions/subs/quote?sku=${plan.sku}&promo_code=${capped}`, {
          token: third.token,
        }),
        400,
      ).message,
    ).toBe(refused);
    expect(
      (await ok(t.call("GET", `/v2/subscriptions/coupon-codes/${capped}`, { token: third.token }))).is_active,
    ).toBe(false);

    const rules = {
      is_active: true,
      valid_from: null,
      valid_until: null,
      once_per_member: true,
      new_members_only: false,
      skus: [],
    };
    expect(
      expectError(
        await t.call("PUT", `${API}/promo-codes/${capped}`, { token: admin, body: { ...rules, max_redemptions: 1 } }),
        400,
      ).message,
    ).toBe("max_redemptions cannot be below the 2 redemptions made already");
    const raised = await ok(
      t.call("PUT", `${API}/promo-codes/${capped}`, { token: admin, body: { ...rules, max_redemptions: 3 } }),
    );
    expect(raised).toMatchObject({ max_redemptions: 3, times_redeemed: 2 });
    expect(await lastAudit(capped)).toMatchObject({
      action: "promo.update",
      before: { max_redemptions: 2 },
      after: { max_redemptions: 3 },
    });
    expect(await ok(checkout(third.token, plan.sku, [capped]))).toMatchObject({ last_invoice: { amount: 900 } });
  });

  it("is once per member unless the code says otherwise", async () => {
    const plan = await createPlan();
    const once = code("ONCE");
    const reusable = code("AGAIN");
    await createCode({ code: once, type: "amount", amount: 100 });
    await createCode({ code: reusable, type: "amount", amount: 100, once_per_member: false });
    const m = await memberWithCard();
    const sub = await ok<{ subscription_id: string; expiration_date: string }>(
      checkout(m.token, plan.sku, [once, reusable]),
    );
    await ok(
      t.call("POST", `/v2/subscriptions/subs/${sub.subscription_id}/cancel`, {
        token: m.token,
        body: { reason: "too expensive" },
      }),
    );
    t.clock.set(new Date(sub.expiration_date).getTime() + 1000);
    await renewals(t);
    const token = await again(m);
    expect(expectError(await checkout(token, plan.sku, [once]), 400).message).toBe(`Invalid Promo Code ${once}`);
    expect(await ok(checkout(token, plan.sku, [reusable]))).toMatchObject({ last_invoice: { amount: 900 } });
  });

  it("keeps new-members-only codes for members who never had a membership", async () => {
    const plan = await createPlan();
    const welcome = code("NEW");
    await createCode({ code: welcome, type: "percentage", amount: 25, new_members_only: true });
    const fresh = await memberWithCard();
    expect(await ok(checkout(fresh.token, plan.sku, [welcome]))).toMatchObject({ last_invoice: { amount: 750 } });

    const existing = await memberWithCard();
    const sub = await ok<{ subscription_id: string }>(checkout(existing.token, plan.sku));
    const refused = `Promo code ${welcome} is for new members only`;
    const res = await t.call("POST", "/v2/subscriptions/subs/coupon-codes", {
      token: existing.token,
      body: { coupons: [{ provider: "stripe", coupon_code: welcome, identifier: sub.subscription_id }] },
    });
    expect(expectError(res, 400)).toMatchObject({ message: refused, code: "promo_new_members_only" });
  });

  it("discounts only the plans it is restricted to", async () => {
    const monthly = await createPlan();
    const other = await createPlan();
    const only = code("ONLY");
    await createCode({ code: only, type: "amount", amount: 300, skus: [monthly.sku] });
    const m = await memberWithCard();
    expect(expectError(await checkout(m.token, other.sku, [only]), 400)).toMatchObject({
      message: `Promo code ${only} does not apply to this plan`,
      code: "promo_other_plan",
      values: { promo_code: only },
    });
    expect(await ok(checkout(m.token, monthly.sku, [only]))).toMatchObject({ last_invoice: { amount: 700 } });
  });

  it("discounts once, for N paid periods, or forever", async () => {
    const plan = await createPlan();
    const codes = { once: code("ONE"), repeating: code("TWICE"), forever: code("ALWAYS") };
    await createCode({ code: codes.once, type: "amount", amount: 100 });
    await createCode({
      code: codes.repeating,
      type: "amount",
      amount: 100,
      duration: "repeating",
      duration_periods: 2,
    });
    await createCode({ code: codes.forever, type: "amount", amount: 100, duration: "forever" });
    const members = [];
    for (const c of Object.values(codes)) {
      const m = await memberWithCard();
      await ok(checkout(m.token, plan.sku, [c]));
      members.push(m);
    }
    for (let i = 0; i < 3; i++) {
      t.clock.advance(32 * DAY);
      await renewals(t);
    }
    expect(await Promise.all(members.map((m) => invoiceAmounts(m.user.id)))).toEqual([
      [900, 1000, 1000, 1000],
      [900, 900, 1000, 1000],
      [900, 900, 900, 900],
    ]);
    expect((await current(t, await again(members[2]!))).next_renewal).toMatchObject({ amount: 900 });
    expect((await current(t, await again(members[1]!))).next_renewal).toMatchObject({ amount: 1000 });
  });

  it("generates a campaign of unique random codes, listed with counts; all or none", async () => {
    const campaign = `Spring ${databaseKind} ${serial++}`;
    const made = await ok<{ campaign: string; codes: string[] }>(
      t.call("POST", `${API}/promo-codes/campaigns`, {
        token: admin,
        body: { campaign, prefix: "spring", count: 40, type: "percentage", amount: 30, max_redemptions: 1 },
      }),
    );
    expect(made.codes).toHaveLength(40);
    expect(new Set(made.codes).size).toBe(40);
    for (const c of made.codes) expect(c).toMatch(/^SPRING-[A-HJ-KM-NP-Z2-9]{8}$/);
    const plan = await createPlan();
    await ok(checkout((await memberWithCard()).token, plan.sku, [made.codes[0]!]));
    const listed = await ok<{
      items: { code: string; times_redeemed: number; campaign: string }[];
      total: number;
      campaigns: { campaign: string; codes: number; redemptions: number }[];
    }>(t.call("GET", `${API}/promo-codes?campaign=${encodeURIComponent(campaign)}&limit=100`, { token: admin }));
    expect(listed.total).toBe(40);
    expect(listed.items.find((i) => i.code === made.codes[0])).toMatchObject({ times_redeemed: 1, campaign });
    expect(listed.campaigns).toContainEqual({ campaign, codes: 40, redemptions: 1 });
    expect(await lastAudit(campaign)).toMatchObject({
      action: "promo.campaign",
      after: { count: 40, prefix: "SPRING" },
    });

    expectError(
      await t.call("POST", `${API}/promo-codes/campaigns`, {
        token: admin,
        body: { campaign, prefix: "again", count: 2, type: "amount", amount: 100 },
      }),
      409,
    );
    for (const body of [
      { campaign: "Zero", prefix: "ZERO", count: 0, type: "amount", amount: 100 },
      { campaign: "Many", prefix: "MANY", count: 1001, type: "amount", amount: 100 },
      { campaign: "Dash", prefix: "DA-SH", count: 2, type: "amount", amount: 100 },
      { campaign: "Pct", prefix: "PCT", count: 2, type: "percentage", amount: 101 },
    ])
      expectError(await t.call("POST", `${API}/promo-codes/campaigns`, { token: admin, body }), 400);
    expect(
      await t.db
        .selectFrom("coupons")
        .select("code")
        .where("campaign", "in", ["Zero", "Many", "Dash", "Pct"])
        .execute(),
    ).toEqual([]);
  });
});

describe(`the last redemption under a cap (${databaseKind})`, () => {
  it("goes to exactly one of 30 members checking out at once; the others get the cap's message", async () => {
    const plan = await createPlan();
    const last = code("LAST");
    await createCode({ code: last, type: "percentage", amount: 20, max_redemptions: 10 });
    for (let i = 0; i < 9; i++) await ok(checkout((await memberWithCard()).token, plan.sku, [last]));
    const racers = [];
    for (let i = 0; i < 30; i += 10)
      racers.push(...(await Promise.all(Array.from({ length: 10 }, () => memberWithCard()))));
    const answers = await Promise.all(racers.map((m) => checkout(m.token, plan.sku, [last])));
    const codes = answers.map((a) => a.statusCode);
    expect(codes.filter((c) => c === 200)).toHaveLength(1);
    expect(codes.filter((c) => c === 400)).toHaveLength(29);
    for (const a of answers.filter((x) => x.statusCode === 400))
      expect(a.json()).toEqual({
        statusCode: 400,
        error: "Bad Request",
        message: `Promo code ${last} has been fully redeemed`,
        code: "promo_fully_redeemed",
        values: { promo_code: last },
      });
    const coupon = await t.db
      .selectFrom("coupons")
      .select("times_redeemed")
      .where("code", "=", last)
      .executeTakeFirstOrThrow();
    expect(coupon.times_redeemed).toBe(10);
    const redemptions = await t.db
      .selectFrom("coupon_redemptions")
      .select((eb) => eb.fn.countAll().as("n"))
      .where("code", "=", last)
      .executeTakeFirstOrThrow();
    expect(Number(redemptions.n)).toBe(10);
    // The 29 who lost bought nothing: each checkout is all or nothing.
    const losers = racers.filter((_, i) => answers[i]!.statusCode === 400).map((m) => m.user.id);
    expect(await t.db.selectFrom("subscriptions").select("id").where("user_id", "in", losers).execute()).toEqual([]);
  });
});
