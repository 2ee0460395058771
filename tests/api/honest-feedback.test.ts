import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { expectError, startTestApp, type TestApp } from "./harness.js";
import { current, subscribedMember } from "./membership-helpers.js";

/** Issue 21: bad input gets a 400 that names the field and what is wrong, never a save or a generic failure. */

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

describe("billing address", () => {
  const good = { address1: "1 Main St", city: "Chicago", country: "USA", state: "IL", zip: "60601" };

  it.each([
    [{ city: "12345!!" }, "Wrong City"],
    [{ phone: "555" }, "phone must be a phone number of 10 to 15 digits"],
    [{ phone: "call me maybe" }, "phone must be a phone number of 10 to 15 digits"],
    [{ address1: "a".repeat(300) }, "address1 must be shorter than or equal to 100 characters"],
    [{ city: "B".repeat(61) }, "city must be shorter than or equal to 60 characters"],
  ])("refuses %j, naming the field, and saves nothing", async (override, message) => {
    const m = await subscribedMember(t, "1month_trial0-R-SB");
    const err = expectError(
      await t.call("PUT", `/v2/subscriptions/subs/billing-address/${m.sub.subscription_id}`, {
        token: m.token,
        body: { ...good, ...override },
      }),
      400,
    );
    expect(err.message).toEqual(message);
    expect((await current(t, m.token)).billing_address).toBeNull();
  });

  it("keeps accepting city names with spaces, dots and apostrophes and phones as people write them", async () => {
    const m = await subscribedMember(t, "1month_trial0-R-SB");
    const body = {
      ...good,
      city: "St. John's",
      country: "Canada",
      state: "NL",
      zip: "A1C 5M2",
      phone: "+1 (709) 555-0100",
    };
    const res = await t.call("PUT", `/v2/subscriptions/subs/billing-address/${m.sub.subscription_id}`, {
      token: m.token,
      body,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ city: "St. John's", phone: "+1 (709) 555-0100" });
  });
});

describe("cancel with Other", () => {
  it("asks for the explanation by name when it is missing or blank", async () => {
    const m = await subscribedMember(t, "1month_trial0-R-SB");
    for (const body of [{ reason: "other" }, { reason: "other", explanation: "   " }]) {
      const err = expectError(
        await t.call("POST", `/v2/subscriptions/subs/${m.sub.subscription_id}/cancel`, { token: m.token, body }),
        400,
      );
      expect(err.message).toBe("explanation should not be empty");
    }
    expect((await current(t, m.token)).state).not.toBe("canceled");
  });
});

describe("names", () => {
  it("refuses a 101-character name at sign-up and in the profile, naming the field", async () => {
    const long = "N".repeat(101);
    const signUp = expectError(
      await t.call("POST", "/api/auth/sign-up/email", {
        body: {
          email: `long-${Date.now()}@example.com`,
          password: "secret-123",
          given_name: long,
          family_name: "Doe",
          waiver_accepted: true,
        },
      }),
      400,
    );
    expect(signUp.message).toBe("given_name must be shorter than or equal to 100 characters");
    const m = await t.signUp();
    const profile = expectError(
      await t.call("PUT", "/user/v1/attribute/profile", { token: m.token, body: { family_name: long } }),
      400,
    );
    expect(profile.message).toBe("family_name must be at most 100 characters");
    const ok = await t.call("PUT", "/user/v1/attribute/profile", {
      token: m.token,
      body: { family_name: "N".repeat(100) },
    });
    expect(ok.statusCode, ok.body).toBe(200);
  });
});

describe("studio link", () => {
  it("says an unknown studio address is unknown (404) and a malformed one is not an email (400)", async () => {
    const m = await t.signUp();
    const unknown = expectError(
      await t.call("POST", "/v2/subscriptions/subs/marianatek/email-request/", {
        token: m.token,
        body: { email: "nobody@studio.fitkit.dev" },
      }),
      404,
    );
    expect(unknown.message).toBe(
      "We couldn’t find a studio unlimited membership for that email. Use the address you gave your studio.",
    );
    const malformed = expectError(
      await t.call("POST", "/v2/subscriptions/subs/marianatek/email-request/", {
        token: m.token,
        body: { email: "not-an-email" },
      }),
      400,
    );
    expect(malformed.message).toBe("email must be an email");
  });
});
