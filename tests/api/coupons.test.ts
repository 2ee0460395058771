import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { expectError, startTestApp, type TestApp } from "./harness.js";
import { current, DAY, renewals, subscribedMember } from "./membership-helpers.js";

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

const apply = (token: string, coupons: { provider: string; coupon_code: string; identifier: string }[]) =>
  t.call("POST", "/v2/subscriptions/subs/coupon-codes", { token, body: { coupons } });

describe("looking up a promo code", () => {
  it("answers the coupon of spec section 3, whatever the case of the code", async () => {
    const s = await t.signIn();
    const res = await t.call("GET", "/v2/subscriptions/coupon-codes/welcome20", { token: s.token });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ code: "WELCOME20", amount: 20, type: "percentage", is_active: true });
    expect(new Date(res.json().valid_until).getTime()).toBeGreaterThan(t.clock.now().getTime());
    expect((await t.call("GET", "/v2/subscriptions/coupon-codes/SAVE5", { token: s.token })).json()).toMatchObject({
      code: "SAVE5",
      amount: 500,
      type: "amount",
      is_active: true,
      valid_until: null,
    });
  });

  it.each(["EXPIRED10", "SOON10", "RETIRED"])("answers %s as not active", async (code) => {
    const s = await t.signIn();
    expect((await t.call("GET", `/v2/subscriptions/coupon-codes/${code}`, { token: s.token })).json()).toMatchObject({
      code,
      is_active: false,
    });
  });

  it("answers 404 with the spec's copy for an unknown code, 401 without a token", async () => {
    const s = await t.signIn();
    expect(
      expectError(await t.call("GET", "/v2/subscriptions/coupon-codes/NOPE", { token: s.token }), 404),
    ).toMatchObject({ message: "Invalid Promo Code", code: "promo_not_found" });
    expectError(await t.call("GET", "/v2/subscriptions/coupon-codes/WELCOME20"), 401);
  });
});

describe("applying promo codes", () => {
  it("discounts the next invoice, rounding percentages to the cent, and the renewal uses it once", async () => {
    const m = await subscribedMember(t, "1month_trial0-R-SB");
    const id = m.sub.subscription_id;
    const res = await apply(m.token, [{ provider: "stripe", coupon_code: "take15", identifier: id }]);
    expect(res.statusCode, res.body).toBe(200);
    // 15 % of $19.99 is $2.9985: $3.00 off, $16.99 to pay.
    expect(res.json()).toEqual({
      success: true,
      items: [
        {
          provider: "stripe",
          coupon_code: "take15",
          identifier: id,
          subscription_id: id,
          success: true,
          base_price: 1999,
          discount: 300,
          total_price: 1699,
          currency: "USD",
        },
      ],
    });
    expect(await current(t, m.token)).toMatchObject({
      discount_codes: ["TAKE15"],
      next_renewal: { amount: 1699, discount_code: "TAKE15" },
    });

    t.clock.set(new Date(m.sub.expiration_date).getTime() + 1000);
    await renewals(t);
    const token = (await t.signIn(m.email, m.password)).token;
    const after = await current(t, token);
    expect(after).toMatchObject({
      last_invoice: { amount: 1699, discount_code: "TAKE15" },
      discount: 0,
      total_price: 1999,
      discount_codes: [],
    });
    const invoice = await t.db
      .selectFrom("invoices")
      .selectAll()
      .where("subscription_id", "=", id)
      .orderBy("created_at", "desc")
      .executeTakeFirstOrThrow();
    expect(invoice).toMatchObject({ base_amount: 1999, discount_amount: 300, amount: 1699, currency: "USD" });
  });

  it("rounds half a cent up (12.5 % of $19.99 is $2.49875 → $2.50)", async () => {
    const m = await subscribedMember(t, "1month_trial0-R-SB");
    const res = await apply(m.token, [
      { provider: "stripe", coupon_code: "EIGHTH", identifier: m.sub.subscription_id },
    ]);
    expect(res.json().items[0]).toMatchObject({ discount: 250, total_price: 1749 });
  });

  it("applies a list in order and never goes below zero", async () => {
    const m = await subscribedMember(t, "1month_trial0-R-SB");
    const id = m.sub.subscription_id;
    const res = await apply(m.token, [
      { provider: "stripe", coupon_code: "WELCOME20", identifier: id },
      { provider: "stripe", coupon_code: "SAVE5", identifier: id },
    ]);
    // $19.99 − 20 % ($4.00) = $15.99, − $5.00 = $10.99.
    expect(res.json().items.map((i: { total_price: number }) => i.total_price)).toEqual([1099, 1099]);
    const more = await apply(m.token, [{ provider: "stripe", coupon_code: "BIGSAVE", identifier: id }]);
    expect(more.json().items[0]).toMatchObject({ discount: 1999, total_price: 0 });

    // A free period is still renewed, charging nothing.
    t.clock.set(new Date(m.sub.expiration_date).getTime() + 1000);
    await renewals(t);
    const token = (await t.signIn(m.email, m.password)).token;
    expect(await current(t, token)).toMatchObject({
      state: "active",
      last_invoice: { amount: 0, status: "paid", discount_code: "WELCOME20,SAVE5,BIGSAVE" },
    });
  });

  it("a trial's first charge carries the discount, on the annual plan too", async () => {
    const m = await subscribedMember(t, "12month_trial7");
    const res = await apply(m.token, [{ provider: "stripe", coupon_code: "FREEMONTH", identifier: m.sub.identifier }]);
    expect(res.json().items[0]).toMatchObject({ base_price: 9588, discount: 9588, total_price: 0 });
  });

  it("fails every invalid code in one answer and applies none of the list", async () => {
    const m = await subscribedMember(t, "1month_trial0-R-SB");
    const id = m.sub.subscription_id;
    const res = await apply(m.token, [
      { provider: "stripe", coupon_code: "WELCOME20", identifier: id },
      { provider: "stripe", coupon_code: "EXPIRED10", identifier: id },
      { provider: "stripe", coupon_code: "SOON10", identifier: id },
      { provider: "stripe", coupon_code: "RETIRED", identifier: id },
      { provider: "stripe", coupon_code: "NOSUCH", identifier: id },
      { provider: "recharge", coupon_code: "SAVE5", identifier: id },
    ]);
    expect(expectError(res, 400)).toMatchObject({
      message: [
        "Invalid Promo Code EXPIRED10",
        "Invalid Promo Code SOON10",
        "Invalid Promo Code RETIRED",
        "Invalid Promo Code NOSUCH",
        "Invalid Promo Code SAVE5",
      ],
      // One code for the list, naming every refused code for a client that says it in another language.
      code: "promo_codes_refused",
      values: { promo_codes: "EXPIRED10, SOON10, RETIRED, NOSUCH, SAVE5" },
    });
    expect(await current(t, m.token)).toMatchObject({ discount: 0, discount_codes: [] });
    // WELCOME20 was not used up by the failed list.
    expect((await apply(m.token, [{ provider: "stripe", coupon_code: "WELCOME20", identifier: id }])).statusCode).toBe(
      200,
    );
  });

  it("a single failing code answers the plain copy with the code", async () => {
    const m = await subscribedMember(t, "1month_trial0-R-SB");
    expect(
      expectError(
        await apply(m.token, [{ provider: "stripe", coupon_code: "NOSUCH", identifier: m.sub.subscription_id }]),
        400,
      ),
    ).toMatchObject({ message: "Invalid Promo Code NOSUCH", code: "promo_invalid", values: { promo_code: "NOSUCH" } });
  });

  it("recharge subscriptions take codes through the recharge path", async () => {
    const m = await subscribedMember(t, "1month_trial7-R");
    const id = m.sub.subscription_id;
    expectError(await apply(m.token, [{ provider: "stripe", coupon_code: "SAVE5", identifier: id }]), 400);
    expect(
      (await apply(m.token, [{ provider: "recharge", coupon_code: "SAVE5", identifier: id }])).json().items[0],
    ).toMatchObject({ total_price: 1499 });
  });

  it("a code is single use per member, also on a later subscription", async () => {
    const m = await subscribedMember(t, "1month_trial0-R-SB");
    const id = m.sub.subscription_id;
    expect((await apply(m.token, [{ provider: "stripe", coupon_code: "SAVE5", identifier: id }])).statusCode).toBe(200);
    expect(
      expectError(await apply(m.token, [{ provider: "stripe", coupon_code: "save5", identifier: id }]), 400).message,
    ).toBe("Invalid Promo Code save5");
    expect(
      expectError(
        await apply(m.token, [
          { provider: "stripe", coupon_code: "TAKE15", identifier: id },
          { provider: "stripe", coupon_code: "TAKE15", identifier: id },
        ]),
        400,
      ).message,
    ).toBe("Invalid Promo Code TAKE15");
    // Another member may still use it.
    const other = await subscribedMember(t, "1month_trial0-R-SB");
    expect(
      (await apply(other.token, [{ provider: "stripe", coupon_code: "SAVE5", identifier: other.sub.subscription_id }]))
        .statusCode,
    ).toBe(200);
  });

  it("two concurrent uses of one code by one member: exactly one wins", async () => {
    const m = await subscribedMember(t, "1month_trial0-R-SB");
    const id = m.sub.subscription_id;
    const results = await Promise.all(
      Array.from({ length: 6 }, () =>
        apply(m.token, [{ provider: "stripe", coupon_code: "WELCOME20", identifier: id }]),
      ),
    );
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 400, 400, 400, 400, 400]);
    const rows = await t.db.selectFrom("coupon_redemptions").selectAll().where("user_id", "=", m.user.id).execute();
    expect(rows).toHaveLength(1);
    expect(await current(t, m.token)).toMatchObject({ discount: 400, total_price: 1599 });
  });

  it("answers 404 for another member's subscription and 400 for a malformed list", async () => {
    const owner = await subscribedMember(t, "1month_trial0-R-SB");
    const other = await subscribedMember(t, "1month_trial0-R-SB");
    expectError(
      await apply(other.token, [{ provider: "stripe", coupon_code: "TAKE15", identifier: owner.sub.subscription_id }]),
      404,
    );
    expectError(await apply(other.token, []), 400);
    expectError(
      await apply(other.token, [{ provider: "paypal", coupon_code: "TAKE15", identifier: other.sub.subscription_id }]),
      400,
    );
    expectError(
      await t.call("POST", "/v2/subscriptions/subs/coupon-codes", {
        token: other.token,
        body: { coupons: [{ coupon_code: "TAKE15" }] },
      }),
      400,
    );
    expect(
      await t.db
        .selectFrom("coupon_redemptions")
        .select("code")
        .where("user_id", "in", [owner.user.id, other.user.id])
        .execute(),
    ).toEqual([]);
  });

  it("codes do not apply to memberships that do not renew", async () => {
    const m = await subscribedMember(t, "3month_prepaid");
    expectError(
      await apply(m.token, [{ provider: "stripe", coupon_code: "TAKE15", identifier: m.sub.subscription_id }]),
      400,
    );
  });
});

describe("the single-coupon flow: apply, then change the plan with the code", () => {
  it("applies the code and schedules the twelve-month variant, discounting its first invoice", async () => {
    const m = await subscribedMember(t, "1month_trial0-R-SB");
    const id = m.sub.subscription_id;
    expect((await apply(m.token, [{ provider: "stripe", coupon_code: "WELCOME20", identifier: id }])).statusCode).toBe(
      200,
    );
    const res = await t.call("PUT", "/v2/subscriptions/subs/plan", {
      token: m.token,
      body: { subscription_id: id, sku: "12month_trial7", stripe_promo_code: "WELCOME20" },
    });
    expect(res.statusCode, res.body).toBe(200);
    // $95.88 − 20 % ($19.18) = $76.70.
    expect(res.json()).toMatchObject({
      scheduled_change: { sku: "12month_trial7" },
      base_price: 9588,
      discount: 1918,
      total_price: 7670,
      next_renewal: { amount: 7670, discount_code: "WELCOME20" },
    });
  });

  it("staying on the current plan with a promo code applies the code and schedules nothing", async () => {
    const m = await subscribedMember(t, "1month_trial0-R-SB");
    const id = m.sub.subscription_id;
    expect((await apply(m.token, [{ provider: "stripe", coupon_code: "TAKE15", identifier: id }])).statusCode).toBe(
      200,
    );
    const res = await t.call("PUT", "/v2/subscriptions/subs/plan", {
      token: m.token,
      body: {
        subscription_id: id,
        sku: "1month_trial0-R-SB",
        product_id: "1month_trial0-R-SB",
        stripe_promo_code: "TAKE15",
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ scheduled_change: null, total_price: 1699 });
    expect(
      (await t.db.selectFrom("subscription_events").select("action").where("subscription_id", "=", id).execute()).map(
        (e) => e.action,
      ),
    ).toEqual(["created"]);
  });

  it("a promo code sent only with the plan change is redeemed there; an invalid one changes nothing", async () => {
    const m = await subscribedMember(t, "1month_trial0-R-SB");
    const id = m.sub.subscription_id;
    const bad = await t.call("PUT", "/v2/subscriptions/subs/plan", {
      token: m.token,
      body: { subscription_id: id, sku: "12month_trial7", stripe_promo_code: "EXPIRED10" },
    });
    expect(expectError(bad, 400).message).toBe("Invalid Promo Code EXPIRED10");
    expect((await current(t, m.token)).scheduled_change).toBeNull();
    const ok = await t.call("PUT", "/v2/subscriptions/subs/plan", {
      token: m.token,
      body: { subscription_id: id, sku: "12month_trial7", stripe_promo_code: "SAVE5" },
    });
    expect(ok.json()).toMatchObject({ total_price: 9088, discount_codes: ["SAVE5"] });
  });
});

describe("validity dates follow the clock", () => {
  it("a code becomes usable on its start date and unusable after its end", async () => {
    const now = t.clock.now().getTime();
    await t.db
      .insertInto("coupons")
      .values({
        code: "WINDOW",
        type: "percentage",
        percent_off: 10,
        amount_off: null,
        valid_from: new Date(now + 10 * DAY),
        valid_until: new Date(now + 20 * DAY),
      })
      .execute();
    const m = await subscribedMember(t, "1month_trial0-R-SB");
    const id = m.sub.subscription_id;
    expectError(await apply(m.token, [{ provider: "stripe", coupon_code: "WINDOW", identifier: id }]), 400);
    t.clock.advance(11 * DAY);
    const token = (await t.signIn(m.email, m.password)).token;
    expect((await t.call("GET", "/v2/subscriptions/coupon-codes/WINDOW", { token })).json()).toMatchObject({
      is_active: true,
    });
    expect((await apply(token, [{ provider: "stripe", coupon_code: "WINDOW", identifier: id }])).statusCode).toBe(200);
    t.clock.advance(10 * DAY);
    const later = (await t.signIn(m.email, m.password)).token;
    expect((await t.call("GET", "/v2/subscriptions/coupon-codes/WINDOW", { token: later })).json()).toMatchObject({
      is_active: false,
    });
    const other = await subscribedMember(t, "1month_trial0-R-SB");
    expectError(
      await apply(other.token, [{ provider: "stripe", coupon_code: "WINDOW", identifier: other.sub.subscription_id }]),
      400,
    );
  });
});
