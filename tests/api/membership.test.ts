import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { expectError, startTestApp, type TestApp } from "./harness.js";
import { addCard, claims, current, DAY, events, subscribedMember, tokenize, VISA_OK } from "./membership-helpers.js";

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

async function outboxFor(email: string) {
  const res = await t.call("GET", "/dev/mail.json");
  return res
    .json<{ items: { to_address: string; subject: string; text_body: string }[] }>()
    .items.filter((m) => m.to_address === email);
}

describe("products", () => {
  it("answers the spec's SKUs with repeated sku params, in the order asked", async () => {
    const res = await t.call("GET", "/subscriptions/v1/products?sku=12month_trial7&sku=1month_trial0-R-SB");
    expect(res.statusCode).toBe(200);
    expect(res.json().items).toEqual([
      {
        sku: "12month_trial7",
        name: "12 Month Digital Membership, 7-Day Free Trial",
        kind: "recurring",
        cost: { currency_amount: "95.88", unit_amount: 9588, currency: "USD" },
        subscription_details: { interval: 12, interval_type: "month", trial_days: 7 },
      },
      {
        sku: "1month_trial0-R-SB",
        name: "1 Month Digital Membership",
        kind: "recurring",
        cost: { currency_amount: "19.99", unit_amount: 1999, currency: "USD" },
        subscription_details: { interval: 1, interval_type: "month", trial_days: 0 },
      },
    ]);
  });

  it("answers one SKU and the other plan SKUs", async () => {
    const one = await t.call("GET", "/subscriptions/v1/products?sku=1month_trial7-R");
    expect(one.json().items).toMatchObject([
      { sku: "1month_trial7-R", cost: { unit_amount: 1999 }, subscription_details: { trial_days: 7 } },
    ]);
    const annual = await t.call("GET", "/subscriptions/v1/products?sku=12month_trial0");
    expect(annual.json().items).toMatchObject([
      { sku: "12month_trial0", cost: { unit_amount: 9588 }, subscription_details: { interval: 12, trial_days: 0 } },
    ]);
  });

  it("lists every product id of spec section 9 when no SKU is given", async () => {
    const items = (await t.call("GET", "/subscriptions/v1/products")).json().items as {
      sku: string;
      kind: string;
      subscription_details: { interval: number; interval_type: string; trial_days: number };
    }[];
    const trials = new Set(items.map((p) => p.subscription_details.trial_days));
    expect([0, 7, 14, 30, 60, 90].every((d) => trials.has(d))).toBe(true);
    const months = new Set(
      items.filter((p) => p.subscription_details.interval_type === "month").map((p) => p.subscription_details.interval),
    );
    expect([1, 2, 3, 4, 6, 12].every((n) => months.has(n))).toBe(true);
    expect(items.some((p) => p.subscription_details.interval_type === "week")).toBe(true);
    expect(
      items.some((p) => p.subscription_details.interval_type === "day" && p.subscription_details.interval === 2),
    ).toBe(true);
    expect(items.map((p) => p.sku)).toEqual(expect.arrayContaining(["kit", "lifetime", "3month_kit"]));
  });

  it("answers 400 naming unknown SKUs", async () => {
    const err = expectError(await t.call("GET", "/subscriptions/v1/products?sku=1month_trial0-R-SB&sku=nope"), 400);
    expect(err.message).toBe("Unknown SKU nope");
  });
});

describe("demo members' subscriptions drive their claims", () => {
  it.each([
    ["member", { provider: "stripe", state: "active", sku: "1month_trial0-R-SB", base_price: 1999, is_active: true }],
    ["new", { provider: "stripe", state: "active", sku: "12month_trial7", base_price: 9588, is_active: true }],
    ["trial", { provider: "stripe", state: "trial", display_state: "active", is_active: true }],
    ["vip", { state: "vip", display_state: "active", is_active: true }],
    ["paused", { provider: "recharge", state: "paused", is_active: false }],
    ["lapsed", { state: "expired", display_state: "canceled", is_active: false, cancel_reason: "too expensive" }],
    [
      "studio",
      { provider: "marianatek", state: "active", managed_by: "studio", entitlements: ["digital", "studio_unlimited"] },
    ],
  ])("%s", async (who, expected) => {
    const s = await t.signIn(`${who}@demo.fitkit.dev`);
    expect(await current(t, s.token)).toMatchObject({ user_id: s.user.id, ...expected });
    const all = await t.call("GET", "/v2/subscriptions/subs/all", { token: s.token });
    expect(all.json().items).toHaveLength(1);
  });

  it("the unentitled member has none: 404 and an empty list", async () => {
    const s = await t.signIn("unentitled@demo.fitkit.dev");
    expectError(await t.call("GET", "/v2/subscriptions/subs", { token: s.token }), 404);
    expect((await t.call("GET", "/v2/subscriptions/subs/all", { token: s.token })).json()).toEqual({ items: [] });
  });

  it("the demo member shows a card, next payment and last invoice", async () => {
    const s = await t.signIn();
    const sub = await current(t, s.token);
    expect(sub).toMatchObject({
      payment_method: { brand: "visa", last4: "4242", exp_month: 4 },
      next_renewal: { amount: 1999, sku: "1month_trial0-R-SB", period_start: sub.expiration_date },
      last_invoice: { amount: 1999, status: "paid" },
      total_price: 1999,
      discount: 0,
    });
  });
});

describe("payment method", () => {
  it("setup answers a client secret; the sandbox card form turns 4242… into a payment method; setdefault answers the card", async () => {
    const m = await t.signUp();
    const setup = await t.call("POST", "/commerce/v1/payment/setup", { token: m.token });
    expect(setup.json()).toEqual({ client_secret: expect.stringMatching(/^seti_\w+_secret_\w+$/) });
    const year = t.clock.now().getUTCFullYear() + 3;
    const pm = await t.call("POST", "/commerce/v1/sandbox/payment-methods", {
      body: { client_secret: setup.json().client_secret, number: VISA_OK, exp_month: 11, exp_year: year, cvc: "123" },
    });
    expect(pm.json()).toEqual({ payment_method_id: expect.stringMatching(/^pm_/) });
    const card = await t.call("POST", "/commerce/v1/payment/setdefault", {
      token: m.token,
      body: { payment_method_id: pm.json().payment_method_id },
    });
    expect(card.json()).toEqual({ brand: "visa", exp_month: 11, exp_year: year, last4: "4242" });
    expect((await t.call("GET", "/commerce/v1/payment/default", { token: m.token })).json()).toEqual(card.json());
    const stored = await t.db.selectFrom("payment_methods").selectAll().where("user_id", "=", m.user.id).execute();
    expect(JSON.stringify(stored)).not.toContain("4242424242424242");
  });

  it("replacing the card updates what the subscription shows", async () => {
    const m = await subscribedMember(t, "1month_trial0-R-SB");
    await addCard(t, m.token, "5555 5555 5555 4444");
    expect((await current(t, m.token)).payment_method).toMatchObject({ brand: "mastercard", last4: "4444" });
  });

  it.each([
    [{ number: "4242 4242 4242 4241" }, "Your card number is invalid.", { number: "invalid" }],
    [{ exp_year: 2020 }, "Your card has expired.", { exp: "expired" }],
    [{ cvc: "12" }, "Your card's security code is invalid.", { cvc: "invalid" }],
    [{ client_secret: "seti_x_secret_y" }, "client_secret is invalid or expired", undefined],
    [{ exp_month: 13 }, "exp_month must not be greater than 12", undefined],
  ])("the card form refuses %j", async (override, message, fields) => {
    const m = await t.signUp();
    const { client_secret } = (await t.call("POST", "/commerce/v1/payment/setup", { token: m.token })).json();
    const body = {
      client_secret,
      number: VISA_OK,
      exp_month: 4,
      exp_year: t.clock.now().getUTCFullYear() + 1,
      cvc: "123",
      ...override,
    };
    const refused = expectError(await t.call("POST", "/commerce/v1/sandbox/payment-methods", { body }), 400);
    expect(refused.message).toBe(message);
    // A card problem names its field, for a card form that says it in the member's language.
    if (fields) expect(refused).toMatchObject({ code: "card_invalid", values: fields });
  });

  it("a setup secret expires after an hour", async () => {
    const m = await t.signUp();
    const { client_secret } = (await t.call("POST", "/commerce/v1/payment/setup", { token: m.token })).json();
    t.clock.advance(61 * 60_000);
    expectError(
      await t.call("POST", "/commerce/v1/sandbox/payment-methods", {
        body: {
          client_secret,
          number: VISA_OK,
          exp_month: 4,
          exp_year: t.clock.now().getUTCFullYear() + 1,
          cvc: "123",
        },
      }),
      400,
    );
  });

  it("another member's payment method, an unknown one, or no body → 4xx", async () => {
    const a = await t.signUp();
    const b = await t.signUp();
    const pm = await tokenize(t, a.token);
    expectError(
      await t.call("POST", "/commerce/v1/payment/setdefault", { token: b.token, body: { payment_method_id: pm } }),
      404,
    );
    expectError(
      await t.call("POST", "/commerce/v1/payment/setdefault", {
        token: b.token,
        body: { payment_method_id: "pm_nope" },
      }),
      404,
    );
    expectError(await t.call("POST", "/commerce/v1/payment/setdefault", { token: b.token, body: {} }), 400);
    expectError(await t.call("POST", "/commerce/v1/payment/setup"), 401);
  });
});

describe("billing address", () => {
  const good = {
    address1: "1 Main St",
    address2: "Apt 2",
    city: "Chicago",
    country: "USA",
    phone: "+1 312 555 0100",
    state: "IL",
    zip: "60601",
  };

  it("saves a US and a Canadian address and shows it on the subscription", async () => {
    const m = await subscribedMember(t, "1month_trial0-R-SB");
    const url = `/v2/subscriptions/subs/billing-address/${m.sub.subscription_id}`;
    const res = await t.call("PUT", url, { token: m.token, body: { ...good, subscriptionId: m.sub.subscription_id } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual(good);
    const ca = await t.call("PUT", url, {
      token: m.token,
      body: { address1: "100 King St W", city: "Toronto", country: "Canada", state: "ON", zip: "m5x1a9" },
    });
    expect(ca.json()).toMatchObject({ country: "Canada", zip: "M5X 1A9", address2: "" });
    expect((await current(t, m.token)).billing_address).toMatchObject({ city: "Toronto", zip: "M5X 1A9" });
  });

  it.each([
    [{ zip: "6060" }, "Wrong Zip Code"],
    [{ zip: "M5X 1A9" }, "Wrong Zip Code"],
    [{ country: "Canada", zip: "60601" }, "Wrong Zip Code"],
    [{ zip: "" }, "Wrong Zip Code"],
    [{ city: "  " }, "Wrong City"],
    [{ city: undefined }, "Wrong City"],
    [{ city: "", zip: "1" }, ["Wrong Zip Code", "Wrong City"]],
    [{ country: "Mexico" }, "country must be one of the following values: USA, Canada"],
    [{ state: undefined }, "state should not be empty"],
    [{ extra: 1 }, "property extra should not exist"],
  ])("refuses %j with the spec's message", async (override, message) => {
    const m = await subscribedMember(t, "1month_trial0-R-SB");
    const body = { ...good, ...override } as Record<string, unknown>;
    for (const k of Object.keys(body)) if (body[k] === undefined) delete body[k];
    const err = expectError(
      await t.call("PUT", `/v2/subscriptions/subs/billing-address/${m.sub.subscription_id}`, { token: m.token, body }),
      400,
    );
    expect(err.message).toEqual(message);
    expect((await current(t, m.token)).billing_address).toBeNull();
  });

  it("answers 404 for an unknown subscription", async () => {
    const m = await t.signUp();
    expectError(
      await t.call("PUT", "/v2/subscriptions/subs/billing-address/nope", { token: m.token, body: good }),
      404,
    );
  });
});

describe("studio unlimited link", () => {
  it("emails a confirmation link; confirming links the studio membership and its entitlements", async () => {
    const m = await t.signUp();
    const req = await t.call("POST", "/v2/subscriptions/subs/marianatek/email-request/", {
      token: m.token,
      body: { email: " Unlimited@Studio.fitkit.dev " },
    });
    expect(req.statusCode, req.body).toBe(200);
    expect(req.json()).toEqual({
      success: true,
      message: "Email sent, please check your inbox",
      email: "unlimited@studio.fitkit.dev",
    });
    const mail = (await outboxFor("unlimited@studio.fitkit.dev")).at(0);
    const token = mail?.text_body.match(/studio_link=([\w-]+)/)?.[1];
    expect(token).toBeTruthy();

    const link = await t.call("POST", "/v2/subscriptions/subs/create-marianatek", { token: m.token, body: { token } });
    expect(link.statusCode, link.body).toBe(200);
    expect(link.json()).toMatchObject({
      provider: "marianatek",
      identifier: "unlimited@studio.fitkit.dev",
      state: "active",
      entitlements: ["digital", "studio_unlimited"],
      managed_by: "studio",
    });
    expect(await claims(t, m.token)).toMatchObject({ entitlements: '["digital","studio_unlimited"]' });
    expect((await events(t, link.json().subscription_id)).map((e) => e.action)).toEqual(["studio_linked"]);

    // The link is single use, and that studio membership now belongs to this member.
    expect(
      expectError(
        await t.call("POST", "/v2/subscriptions/subs/create-marianatek", { token: m.token, body: { token } }),
        400,
      ).message,
    ).toBe("Unknown error occurred. Please try again in a few minutes.");
    const other = await t.signUp();
    expectError(
      await t.call("POST", "/v2/subscriptions/subs/marianatek/email-request/", {
        token: other.token,
        body: { email: "unlimited@studio.fitkit.dev" },
      }),
      409,
    );
  });

  it("is not allowed while the digital membership is active, trial or paused, or cancelled but still valid", async () => {
    for (const who of ["member", "trial", "paused"]) {
      const s = await t.signIn(`${who}@demo.fitkit.dev`);
      const err = expectError(
        await t.call("POST", "/v2/subscriptions/subs/marianatek/email-request/", {
          token: s.token,
          body: { email: "unlimited@studio.fitkit.dev" },
        }),
        409,
      );
      expect(err.message).toBe("There was an error sending the email, please try again!");
    }
    const m = await subscribedMember(t, "1month_trial0-R-SB");
    await t.call("POST", `/v2/subscriptions/subs/${m.sub.subscription_id}/cancel`, {
      token: m.token,
      body: { reason: "too expensive" },
    });
    expectError(
      await t.call("POST", "/v2/subscriptions/subs/marianatek/email-request/", {
        token: m.token,
        body: { email: "unlimited@studio.fitkit.dev" },
      }),
      409,
    );
  });

  it("the lapsed member may link; the rule is checked again on confirming", async () => {
    const until = new Date(t.clock.now().getTime() + 90 * DAY);
    await t.db
      .insertInto("studio_memberships")
      .values([
        { email: "lapsed-link@studio.fitkit.dev", name: "Studio Unlimited (Chicago)", valid_until: until },
        { email: "second@studio.fitkit.dev", name: "Studio Unlimited (Chicago)", valid_until: until },
      ])
      .execute();
    const s = await t.signIn("lapsed@demo.fitkit.dev");
    expectError(
      await t.call("POST", "/v2/subscriptions/subs/marianatek/email-request/", {
        token: s.token,
        body: { email: "ended@studio.fitkit.dev" },
      }),
      404,
    );
    expect(
      (
        await t.call("POST", "/v2/subscriptions/subs/marianatek/email-request/", {
          token: s.token,
          body: { email: "lapsed-link@studio.fitkit.dev" },
        })
      ).statusCode,
    ).toBe(200);
    const lapsedToken = (await outboxFor("lapsed-link@studio.fitkit.dev"))
      .at(0)
      ?.text_body.match(/studio_link=([\w-]+)/)?.[1];
    expect(
      (
        await t.call("POST", "/v2/subscriptions/subs/create-marianatek", {
          token: s.token,
          body: { token: lapsedToken },
        })
      ).statusCode,
    ).toBe(200);
    const c = await claims(t, s.token);
    expect(c).toMatchObject({ entitlements: '["digital","studio_unlimited"]' });
    expect(c).not.toHaveProperty("unentitled_status");

    const m = await t.signUp();
    await t.call("POST", "/v2/subscriptions/subs/marianatek/email-request/", {
      token: m.token,
      body: { email: "second@studio.fitkit.dev" },
    });
    const token = (await outboxFor("second@studio.fitkit.dev")).at(0)?.text_body.match(/studio_link=([\w-]+)/)?.[1];
    // Meanwhile the member subscribed digitally: confirming is refused.
    await addCard(t, m.token);
    await t.call("POST", "/v2/subscriptions/subs", { token: m.token, body: { sku: "1month_trial0-R-SB" } });
    expect(
      expectError(
        await t.call("POST", "/v2/subscriptions/subs/create-marianatek", { token: m.token, body: { token } }),
        409,
      ).message,
    ).toBe("Unknown error occurred. Please try again in a few minutes.");
  });

  it("refuses unknown studio addresses, bad emails, unknown or expired links, another member's link", async () => {
    const m = await t.signUp();
    expect(
      expectError(
        await t.call("POST", "/v2/subscriptions/subs/marianatek/email-request/", {
          token: m.token,
          body: { email: "nobody@studio.fitkit.dev" },
        }),
        404,
      ).message,
    ).toBe("We couldn’t find a studio unlimited membership for that email. Use the address you gave your studio.");
    expect(
      expectError(
        await t.call("POST", "/v2/subscriptions/subs/marianatek/email-request/", {
          token: m.token,
          body: { email: "nope" },
        }),
        400,
      ).message,
    ).toBe("email must be an email");
    expectError(
      await t.call("POST", "/v2/subscriptions/subs/create-marianatek", { token: m.token, body: { token: "nope" } }),
      404,
    );
    expectError(await t.call("POST", "/v2/subscriptions/subs/create-marianatek", { token: m.token, body: {} }), 400);

    const requester = await t.signUp();
    await t.db
      .insertInto("studio_memberships")
      .values({
        email: "race@studio.fitkit.dev",
        name: "Studio Unlimited (Chicago)",
        valid_until: new Date(t.clock.now().getTime() + 90 * DAY),
      })
      .execute();
    await t.call("POST", "/v2/subscriptions/subs/marianatek/email-request/", {
      token: requester.token,
      body: { email: "race@studio.fitkit.dev" },
    });
    const token = (await outboxFor("race@studio.fitkit.dev")).at(0)?.text_body.match(/studio_link=([\w-]+)/)?.[1];
    expectError(
      await t.call("POST", "/v2/subscriptions/subs/create-marianatek", { token: m.token, body: { token } }),
      404,
    );
    t.clock.advance(25 * 3_600_000);
    const fresh = (await t.signIn(requester.email, requester.password)).token;
    expectError(
      await t.call("POST", "/v2/subscriptions/subs/create-marianatek", { token: fresh, body: { token } }),
      400,
    );
  });
});

describe("customer notifications", () => {
  it.each([
    ["update_payment_method", "Update your payment method"],
    ["subscription_summary", "Your membership"],
  ])("%s emails the member", async (type, subject) => {
    const m = await subscribedMember(t, "1month_trial0-R-SB");
    const res = await t.call("POST", `/v2/subscriptions/customers/notifications/${type}`, { token: m.token });
    expect(res.json()).toEqual({ success: true });
    const mail = (await outboxFor(m.email)).find((x) => x.subject === subject);
    expect(mail?.text_body).toContain("/account/membership");
    if (type === "subscription_summary") expect(mail?.text_body).toContain("$19.99");
  });

  it("answers 400 for an unknown type and 404 without a subscription", async () => {
    const m = await t.signUp();
    expectError(await t.call("POST", "/v2/subscriptions/customers/notifications/spam", { token: m.token }), 400);
    expectError(
      await t.call("POST", "/v2/subscriptions/customers/notifications/subscription_summary", { token: m.token }),
      404,
    );
  });
});
