import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TestClock } from "../../host/server/clock.js";
import { expectError, startTestApp, type TestApp } from "./harness.js";
import { current, subscribedMember } from "./membership-helpers.js";

/**
 * The console's payments and refunds (/admin/v1/members/:userId/payments, …/refunds) on the sandbox provider: who may
 * see and refund, partial and full refunds, an over-refund refused, two racing refunds for the remainder (one wins),
 * access ended on request, the audit entry and the member's email.
 */
const API = "/admin/v1";
const MONTHLY = "1month_trial0-R-SB";
const T0 = new Date("2027-03-01T15:00:00.000Z");

let t: TestApp;
let admin: string;
let editor: string;
let support: string;
let viewer: string;
let member: string;

beforeAll(async () => {
  t = await startTestApp({ clock: new TestClock(T0) });
  admin = (await t.signIn("admin@demo.fitkit.dev")).token;
  editor = (await t.signIn("editor@demo.fitkit.dev")).token;
  support = (await t.signIn("support@demo.fitkit.dev")).token;
  member = (await t.signIn("member@demo.fitkit.dev")).token;
  const v = await t.signUp();
  const granted = await t.call("POST", `${API}/operators`, { token: admin, body: { email: v.email, role: "viewer" } });
  expect(granted.statusCode, granted.body).toBe(200);
  viewer = v.token;
}, 60_000);
afterAll(() => t.close());

interface Payment {
  invoice_id: string;
  amount: number;
  status: string;
  card: { brand: string; last4: string } | null;
  refunded: number;
  refundable: number;
  refunds: { amount: number; reason: string; source: string; ended_access: boolean; by: string | null }[];
}

const payments = async (userId: string, token = support) => {
  const res = await t.call("GET", `${API}/members/${userId}/payments`, { token });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ items: Payment[] }>().items;
};
const refund = (userId: string, invoiceId: string, body: Record<string, unknown>, token = support) =>
  t.call("POST", `${API}/members/${userId}/invoices/${invoiceId}/refunds`, { token, body });

async function outboxFor(email: string) {
  const res = await t.call("GET", "/dev/mail.json");
  return res
    .json<{ items: { to_address: string; subject: string; text_body: string }[] }>()
    .items.filter((m) => m.to_address === email);
}

describe("who may see payments and refund", () => {
  it("support and admins; editors, viewers and members 403; anonymous 401", async () => {
    const m = await subscribedMember(t, MONTHLY);
    const [paid] = await payments(m.user.id);
    for (const token of [editor, viewer, member]) {
      expectError(await t.call("GET", `${API}/members/${m.user.id}/payments`, { token }), 403);
      expectError(
        await refund(m.user.id, paid!.invoice_id, { amount: 100, reason: "x", endAccess: false }, token),
        403,
      );
    }
    expectError(await t.call("GET", `${API}/members/${m.user.id}/payments`), 401);
    expectError(await t.call("POST", `${API}/members/${m.user.id}/invoices/${paid!.invoice_id}/refunds`), 401);
    expect(await payments(m.user.id, admin)).toHaveLength(1);
    expect((await payments(m.user.id)).map((p) => p.refunded)).toEqual([0]);
  });
});

describe("refunds", () => {
  it("lists the invoice with its card, refunds part of it, then the rest; more than remains is refused", async () => {
    const m = await subscribedMember(t, MONTHLY);
    const [paid] = await payments(m.user.id);
    expect(paid).toMatchObject({
      amount: 1999,
      status: "paid",
      card: { brand: "visa", last4: "4242" },
      refundable: 1999,
      refunds: [],
    });

    const part = await refund(m.user.id, paid!.invoice_id, {
      amount: 500,
      reason: "Charged twice for March",
      endAccess: false,
    });
    expect(part.statusCode, part.body).toBe(200);
    expect(part.json()).toMatchObject({
      refunded: 500,
      refundable: 1499,
      refunds: [
        {
          amount: 500,
          reason: "Charged twice for March",
          source: "console",
          ended_access: false,
          by: "support@demo.fitkit.dev",
        },
      ],
    });
    // Access stays: the member is still active.
    expect(await current(t, m.token)).toMatchObject({ state: "active" });

    const over = expectError(
      await refund(m.user.id, paid!.invoice_id, { amount: 1500, reason: "too much", endAccess: false }),
      409,
    );
    expect(over.message).toBe("Only $14.99 of this payment remains to refund.");

    const rest = await refund(m.user.id, paid!.invoice_id, { amount: 1499, reason: "Goodwill", endAccess: false });
    expect(rest.json()).toMatchObject({ refunded: 1999, refundable: 0 });
    expect(
      expectError(await refund(m.user.id, paid!.invoice_id, { amount: 1, reason: "again", endAccess: false }), 409)
        .message,
    ).toBe("This payment has already been refunded in full.");

    // The provider recorded both; the audit log has both with before and after; the member was told each time.
    const charge = await t.db
      .selectFrom("payments")
      .select("refunded_amount")
      .where("user_id", "=", m.user.id)
      .executeTakeFirstOrThrow();
    expect(charge.refunded_amount).toBe(1999);
    const audit = await t.call("GET", `${API}/audit?record_type=invoice&record_id=${paid!.invoice_id}`, {
      token: admin,
    });
    expect(
      audit.json<{ items: { action: string; actor_email: string; before: unknown; after: unknown }[] }>().items,
    ).toEqual([
      expect.objectContaining({
        action: "invoice.refund",
        actor_email: "support@demo.fitkit.dev",
        before: expect.objectContaining({ refunded: 500 }),
        after: expect.objectContaining({ refunded: 1999, reason: "Goodwill" }),
      }),
      expect.objectContaining({
        action: "invoice.refund",
        before: expect.objectContaining({ refunded: 0 }),
        after: expect.objectContaining({ refunded: 500 }),
      }),
    ]);
    const mail = await outboxFor(m.email);
    expect(mail.map((x) => x.subject)).toEqual(
      expect.arrayContaining(["Your refund of $5.00", "Your refund of $14.99"]),
    );
  });

  it("two refunds racing for the remainder: one is made, the other refused", async () => {
    const m = await subscribedMember(t, MONTHLY);
    const [paid] = await payments(m.user.id);
    const answers = await Promise.all([
      refund(m.user.id, paid!.invoice_id, { amount: 1500, reason: "first", endAccess: false }),
      refund(m.user.id, paid!.invoice_id, { amount: 1500, reason: "second", endAccess: false }),
    ]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
    const [after] = await payments(m.user.id);
    expect(after).toMatchObject({ refunded: 1500, refundable: 499 });
    expect(after!.refunds).toHaveLength(1);
  });

  it("a refund that ends access ends the membership now", async () => {
    const m = await subscribedMember(t, MONTHLY);
    const [paid] = await payments(m.user.id);
    const res = await refund(m.user.id, paid!.invoice_id, {
      amount: 1999,
      reason: "Asked to leave",
      endAccess: true,
    });
    expect(res.json()).toMatchObject({ refunds: [{ ended_access: true }] });
    const token = (await t.signIn(m.email, m.password)).token;
    expect(await current(t, token)).toMatchObject({ state: "expired", is_active: false });
    expect((await outboxFor(m.email)).at(-1)?.text_body).toContain("Your membership has ended with this refund.");
  });

  it("bad input: a blank reason, a zero amount, another member's invoice, an unknown member, a failed invoice", async () => {
    const m = await subscribedMember(t, MONTHLY);
    const other = await subscribedMember(t, MONTHLY);
    const [paid] = await payments(m.user.id);
    expectError(await refund(m.user.id, paid!.invoice_id, { amount: 100, reason: "  ", endAccess: false }), 400);
    expectError(await refund(m.user.id, paid!.invoice_id, { amount: 0, reason: "x", endAccess: false }), 400);
    expectError(await refund(m.user.id, paid!.invoice_id, { amount: 100, reason: "x" }), 400);
    expectError(await refund(other.user.id, paid!.invoice_id, { amount: 100, reason: "x", endAccess: false }), 404);
    const nobody = "00000000-0000-4000-8000-000000000000";
    expectError(await t.call("GET", `${API}/members/${nobody}/payments`, { token: support }), 404);
    expectError(await t.call("GET", `${API}/members/not-a-uuid/payments`, { token: support }), 400);
    const sub = await t.db
      .selectFrom("subscriptions")
      .select("id")
      .where("user_id", "=", m.user.id)
      .executeTakeFirstOrThrow();
    const failed = await t.db
      .insertInto("invoices")
      .values({
        subscription_id: sub.id,
        user_id: m.user.id,
        sku: MONTHLY,
        period_start: T0,
        period_end: T0,
        base_amount: 1999,
        discount_amount: 0,
        amount: 1999,
        currency: "USD",
        status: "failed",
        created_at: T0,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    expectError(await refund(m.user.id, failed.id, { amount: 100, reason: "x", endAccess: false }), 409);
    expect((await payments(m.user.id)).find((p) => p.invoice_id === paid!.invoice_id)!.refunded).toBe(0);
  });
});
