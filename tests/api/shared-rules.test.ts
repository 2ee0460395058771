/**
 * One table per rule of src/domain that the server enforces: each case is fed to the shared rule (what the app and the
 * widgets show) and to the server over HTTP, and both must give the case's answer, so the two cannot drift apart.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { zipMatchesState } from "../../src/domain/us-zip.js";
import {
  addressProblemMessage,
  addressProblems,
  type AddressCountry,
  type AddressField,
  type AddressInput,
} from "../../src/domain/billing-address.js";
import { canEnterClass } from "../../src/domain/classes.js";
import { displayState, isSubscriptionActive } from "../../src/domain/membership.js";
import type { SubscriptionProvider, SubscriptionState } from "../../host/server/db/tables/membership.js";
import { expectError, startTestApp, type TestApp } from "./harness.js";
import { current, DAY, subscribedMember } from "./membership-helpers.js";
import { at, createClass, MINUTE, signUpMember } from "./studios-fixtures.js";

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

describe("membership state: display state and active (spec §4)", () => {
  // provider, state, expiration (days from now; null: none) → display state, active
  const cases: [SubscriptionProvider, SubscriptionState, number | null, string, boolean][] = [
    ["stripe", "active", 30, "active", true],
    ["stripe", "active", null, "active", false],
    ["stripe", "trial", 7, "active", true],
    ["stripe", "trial", -1, "active", false],
    ["stripe", "canceled", 30, "canceled", true],
    ["stripe", "canceled", -30, "canceled", false],
    ["stripe", "expired", 30, "canceled", false],
    ["stripe", "expired", -30, "canceled", false],
    ["stripe", "paused", 30, "active", false],
    ["stripe", "past_due", -1, "past_due", false],
    ["stripe", "prepaid", 30, "active", true],
    ["stripe", "prepaid", -30, "prepaid", false],
    ["stripe", "vip", 30, "active", true],
    ["recharge", "active", -30, "active", true],
    ["recharge", "trial", 30, "active", true],
    ["recharge", "past_due", 30, "active", false],
    ["recharge", "paused", null, "paused", false],
    ["recharge", "canceled", 30, "canceled", true],
    ["recharge", "canceled", -30, "canceled", false],
    ["apple", "active", null, "active", true],
    ["apple", "expired", 30, "canceled", false],
    ["google", "trial", -30, "active", true],
    ["google", "paused", 30, "active", false],
    ["marianatek", "active", 30, "active", true],
    ["marianatek", "vip", -30, "vip", false],
  ];

  it("the shared rule and GET /v2/subscriptions/subs/all answer every case alike", async () => {
    const now = t.clock.now();
    const expiry = (days: number | null) => (days === null ? null : new Date(now.getTime() + days * DAY));
    // One member per case: a member holds one billable subscription at a time.
    for (const [provider, state, days, shown, active] of cases) {
      const m = await signUpMember(t);
      const sub = { provider, state, expiration_date: expiry(days) };
      const inserted = await t.db
        .insertInto("subscriptions")
        .values({
          ...sub,
          user_id: m.user.id,
          identifier: `case-${m.user.id}`,
          sku: null,
          name: "Case",
          original_purchase_date: now,
        })
        .returning("id")
        .executeTakeFirstOrThrow();
      const res = await t.call("GET", "/v2/subscriptions/subs/all", { token: m.token });
      expect(res.statusCode, res.body).toBe(200);
      // The case's own subscription: the fixture's member holds a VIP one too, at times in the same millisecond.
      const served = (
        res.json().items as { subscription_id: string; display_state: string; is_active: boolean }[]
      ).find((item) => item.subscription_id === inserted.id);
      const label = `${provider} ${state} ${days}`;
      expect([displayState(sub, now.getTime()), isSubscriptionActive(sub, now.getTime())], label).toEqual([
        shown,
        active,
      ]);
      expect([served?.display_state, served?.is_active], label).toEqual([shown, active]);
    }
  });
});

describe("class entry window: 15 minutes before start until the end (spec §5)", () => {
  // ms from the class's start (a 30-minute class) → enterable
  const cases: [string, number, boolean][] = [
    ["an hour before", -60 * MINUTE, false],
    ["15 minutes and 1 ms before", -15 * MINUTE - 1, false],
    ["15 minutes before", -15 * MINUTE, true],
    ["at the start", 0, true],
    ["1 ms before the end", 30 * MINUTE - 1, true],
    ["at the end", 30 * MINUTE, false],
  ];

  it.each(cases)("%s: the shared rule, the video-call link and check-in agree", async (_, offset, enterable) => {
    const member = await signUpMember(t);
    const cls = await createClass(t, { startsIn: 2 * DAY, minutes: 30, zoomLink: "https://zoom.example/j/1" });
    const booked = await t.call("POST", "/studios/reservation/", { body: { class_id: cls.id }, token: member.token });
    expect(booked.statusCode, booked.body).toBe(200);
    const instant = cls.start.getTime() + offset;
    expect(canEnterClass({ start_date: cls.start.toISOString(), end_date: cls.end.toISOString() }, instant)).toBe(
      enterable,
    );
    await at(t, instant, member, async (token) => {
      const list = await t.call("GET", "/studios/reservation?history=true", { token });
      const mine = list.json().items.find((r: { id: string }) => r.id === booked.json().id);
      expect(mine.class_data.zoom_link ?? null).toBe(enterable ? "https://zoom.example/j/1" : null);
      const checkIn = await t.call("POST", `/studios/reservation/${booked.json().id}/checkin/`, { token });
      if (enterable) expect(checkIn.statusCode, checkIn.body).toBe(200);
      else expectError(checkIn, 400);
    });
  });
});

describe("billing address (spec §3, §5)", () => {
  const good = { address1: "1 Main St", city: "Chicago", country: "USA" as const, state: "IL", zip: "60601" };
  const ca = { address1: "100 King St W", city: "Toronto", country: "Canada" as const, state: "ON", zip: "M5X 1A9" };
  // address → the fields the rule finds wrong (none: it saves)
  const cases: [string, AddressInput & { country: AddressCountry }, AddressField[]][] = [
    ["a US address", good, []],
    ["ZIP 99999 in Illinois (Alaska's range)", { ...good, zip: "99999" }, ["zip"]],
    ["a New York ZIP in Illinois", { ...good, zip: "10001" }, ["zip"]],
    ["the state by its name, any case", { ...good, state: "illinois", zip: "62701" }, []],
    ["New York's ZIP inside Connecticut's range (Fishers Island)", { ...good, state: "NY", zip: "06390" }, []],
    ["a state the table does not know: the format only", { ...good, state: "Ill.", zip: "99999" }, []],
    ["a ZIP+4", { ...good, zip: "60601-1234" }, []],
    ["a short ZIP", { ...good, zip: "6060" }, ["zip"]],
    ["a Canadian postcode in the US", { ...good, zip: "M5X 1A9" }, ["zip"]],
    ["a Canadian address", ca, []],
    ["a Canadian postcode without its space, lower case", { ...ca, zip: "m5x1a9" }, []],
    ["a postcode starting with D (no such district)", { ...ca, zip: "D5X 1A9" }, ["zip"]],
    ["a postcode with O in the last part", { ...ca, zip: "M5X 1O9" }, ["zip"]],
    ["a US ZIP in Canada", { ...ca, zip: "60601" }, ["zip"]],
    ["a blank city", { ...good, city: "  " }, ["city"]],
    ["a city of digits", { ...good, city: "60601" }, ["city"]],
    ["St. John's", { ...ca, city: "St. John's", state: "NL", zip: "A1C 5M2" }, []],
    ["no address1", { ...good, address1: " " }, ["address1"]],
    ["no state", { ...ca, state: "" }, ["state"]],
    ["a short phone", { ...good, phone: "555 0100" }, ["phone"]],
    ["a phone", { ...good, phone: "+1 (312) 555-0100" }, []],
    ["an over-long address1", { ...good, address1: "x".repeat(101) }, ["address1"]],
    ["a bad zip and city", { ...good, zip: "1", city: "" }, ["zip", "city"]],
  ];

  it("the shared rule and PUT /v2/subscriptions/subs/billing-address answer every case alike", async () => {
    const m = await subscribedMember(t, "1month_trial0-R-SB");
    const url = `/v2/subscriptions/subs/billing-address/${m.sub.subscription_id}`;
    for (const [label, address, wrong] of cases) {
      const found = addressProblems(address, address.country, zipMatchesState);
      expect(Object.keys(found).sort(), label).toEqual([...wrong].sort());
      const res = await t.call("PUT", url, { token: m.token, body: address });
      if (!wrong.length) {
        expect(res.statusCode, `${label}: ${res.body}`).toBe(200);
        continue;
      }
      const message = expectError(res, 400).message;
      const expected = wrong.map((field) => addressProblemMessage(field, found[field]!));
      expect([message].flat().sort(), label).toEqual(expected.sort());
    }
    expect((await current(t, m.token)).billing_address).toMatchObject({ city: "Chicago", zip: "60601" });
  });
});
