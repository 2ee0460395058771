import type { BillingProvider } from "../billing/provider.js";
import type { Clock } from "../clock.js";
import type { Db } from "../db/index.js";
import { conflict, notFound } from "../errors.js";
import { recordAudit } from "./audit.js";
import { money as formatMoney } from "./customer-notifications.js";
import { queueMail } from "./mail.js";
import type { Actor } from "./operator-access.js";
import { transition } from "./subscription-store.js";
import { type Answer, exactObject } from "../schemas.js";

const string = { type: "string" } as const;
const integer = { type: "integer" } as const;
const dateTime = { type: "string", format: "date-time" } as const;
const nullableDateTime = { type: ["string", "null"], format: "date-time" } as const;

/** A refund as the console lists it under its payment. */
const refundSchema = exactObject({
  id: string,
  amount: integer,
  currency: string,
  reason: string,
  source: { type: "string", enum: ["console", "provider"] },
  ended_access: { type: "boolean" },
  by: { type: ["string", "null"], description: "the operator's email; null for a refund made at the provider" },
  created_at: dateTime,
});

/**
 * One invoice of a member's with its charge's card and what has been refunded of it; `refundable` is what a refund
 * may still return (0 for a failed or free invoice).
 */
export const paymentSchema = exactObject({
  invoice_id: string,
  created_at: dateTime,
  description: string,
  period_start: dateTime,
  period_end: dateTime,
  amount: integer,
  currency: string,
  status: { type: "string", enum: ["paid", "failed", "requires_action"] },
  card: {
    anyOf: [exactObject({ brand: string, last4: string }), { type: "null" }],
  },
  decline_code: { type: ["string", "null"] },
  refunded: integer,
  refundable: integer,
  disputed_at: nullableDateTime,
  refunds: { type: "array", items: refundSchema },
});
export type PaymentView = Answer<typeof paymentSchema>;

/** Live states whose access a refund can end. */
const LIVE = ["trial", "active", "canceled", "past_due", "paused", "prepaid"] as const;

async function requireMember(db: Db, userId: string) {
  const user = await db
    .selectFrom("users")
    .select(["id", "email", "given_name"])
    .where("id", "=", userId)
    .executeTakeFirst();
  if (!user) throw notFound("No member has this id.");
  return user;
}

/** A member's invoices, newest first, each with its card (brand and last four only) and its refunds. */
export async function listMemberPayments(db: Db, userId: string): Promise<PaymentView[]> {
  await requireMember(db, userId);
  const invoices = await db
    .selectFrom("invoices as i")
    .innerJoin("products as p", "p.sku", "i.sku")
    .leftJoin("payments as py", "py.id", "i.payment_id")
    .leftJoin("payment_methods as pm", "pm.id", "py.payment_method_id")
    .select([
      "i.id",
      "i.created_at",
      "p.name",
      "i.period_start",
      "i.period_end",
      "i.amount",
      "i.currency",
      "i.status",
      "i.disputed_at",
      "py.status as payment_status",
      "py.decline_code",
      "py.card_brand",
      "py.card_last4",
      "pm.brand",
      "pm.last4",
    ])
    .where("i.user_id", "=", userId)
    .orderBy("i.created_at", "desc")
    .orderBy("i.id")
    .execute();
  const refunds = await db
    .selectFrom("refunds as r")
    .leftJoin("users as u", "u.id", "r.created_by")
    .select([
      "r.id",
      "r.invoice_id",
      "r.amount",
      "r.currency",
      "r.reason",
      "r.source",
      "r.ended_access",
      "r.created_at",
      "u.email",
    ])
    .where("r.user_id", "=", userId)
    .orderBy("r.created_at")
    .orderBy("r.id")
    .execute();
  return invoices.map((i) => {
    const own = refunds.filter((r) => r.invoice_id === i.id);
    const refunded = own.reduce((sum, r) => sum + r.amount, 0);
    const brand = i.card_brand ?? i.brand;
    const last4 = i.card_last4 ?? i.last4;
    return {
      invoice_id: i.id,
      created_at: i.created_at,
      description: i.name,
      period_start: i.period_start,
      period_end: i.period_end,
      amount: i.amount,
      currency: i.currency,
      status: i.payment_status === "requires_action" ? "requires_action" : i.status,
      card: brand && last4 ? { brand, last4 } : null,
      decline_code: i.decline_code ?? null,
      refunded,
      refundable: i.status === "paid" ? Math.max(0, i.amount - refunded) : 0,
      disputed_at: i.disputed_at,
      refunds: own.map((r) => ({
        id: r.id,
        amount: r.amount,
        currency: r.currency,
        reason: r.reason,
        source: r.source,
        ended_access: r.ended_access,
        by: r.email ?? null,
        created_at: r.created_at,
      })),
    };
  });
}

export interface RefundInput {
  amount: number;
  reason: string;
  endAccess: boolean;
}

export interface RefundDeps {
  db: Db;
  clock: Clock;
  billing: BillingProvider;
  publicUrl: string;
}

/**
 * Refunds part or all of a paid invoice through the payment provider, from the console: recorded in `refunds`,
 * audited and told to the member in one transaction; with `endAccess` the membership the invoice paid for ends now.
 * The invoice row is locked first, so two refunds at once are decided one after the other and never return more than
 * was paid (the second sees the first's row).
 */
export async function refundInvoice(
  deps: RefundDeps,
  actor: Actor,
  userId: string,
  invoiceId: string,
  input: RefundInput,
): Promise<PaymentView> {
  const { db, clock, billing } = deps;
  const now = clock.now();
  const user = await requireMember(db, userId);
  await db.transaction().execute(async (trx) => {
    const invoice = await trx
      .selectFrom("invoices")
      .selectAll()
      .where("id", "=", invoiceId)
      .where("user_id", "=", userId)
      .forUpdate()
      .executeTakeFirst();
    if (!invoice) throw notFound("This member has no such invoice.");
    if (invoice.status !== "paid" || !invoice.payment_id || invoice.amount === 0)
      throw conflict("Nothing was charged for this invoice: there is nothing to refund.");
    const { refunded } = await trx
      .selectFrom("refunds")
      .select((eb) => eb.fn.coalesce(eb.fn.sum<number>("amount"), eb.lit(0)).as("refunded"))
      .where("invoice_id", "=", invoice.id)
      .executeTakeFirstOrThrow();
    const remaining = invoice.amount - Number(refunded);
    if (input.amount > remaining)
      throw conflict(
        remaining === 0
          ? "This payment has already been refunded in full."
          : `Only ${formatMoney(remaining, invoice.currency)} of this payment remains to refund.`,
      );
    const { providerRefundId } = await billing.refund(trx, {
      userId,
      paymentId: invoice.payment_id,
      amount: input.amount,
      currency: invoice.currency,
      reason: input.reason,
      idempotencyKey: `fitkit-refund-${invoice.id}-${Number(refunded)}-${input.amount}`,
    });
    const refund = await trx
      .insertInto("refunds")
      .values({
        invoice_id: invoice.id,
        user_id: userId,
        amount: input.amount,
        currency: invoice.currency,
        provider_refund_id: providerRefundId,
        source: "console",
        reason: input.reason,
        ended_access: input.endAccess,
        created_by: actor.id,
        created_at: now,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    let endedSubscription: string | null = null;
    if (input.endAccess) {
      const sub = await trx
        .selectFrom("subscriptions")
        .selectAll()
        .where("id", "=", invoice.subscription_id)
        .forUpdate()
        .executeTakeFirstOrThrow();
      const ended = await transition(
        trx,
        sub,
        [...LIVE],
        { state: "expired", expiration_date: now, next_attempt_at: null },
        { actor: `system:console:${actor.email}`, action: "refunded_ended", details: { refund_id: refund.id } },
        now,
      );
      endedSubscription = ended ? sub.id : null;
    }
    await recordAudit(trx, actor, now, {
      action: "invoice.refund",
      record: { type: "invoice", id: invoice.id },
      before: { member: userId, amount: invoice.amount, refunded: Number(refunded) },
      after: {
        member: userId,
        amount: invoice.amount,
        refunded: Number(refunded) + input.amount,
        refund_id: refund.id,
        reason: input.reason,
        ended_access: input.endAccess,
        ...(endedSubscription ? { ended_subscription: endedSubscription } : {}),
      },
    });
    const amount = formatMoney(input.amount, invoice.currency);
    await queueMail(trx, {
      to: user.email,
      subject: `Your refund of ${amount}`,
      text:
        `Hi ${user.given_name},\n\nWe have refunded ${amount} to your card. It usually shows within 5 to 10 days.\n` +
        (endedSubscription ? "\nYour membership has ended with this refund.\n" : "") +
        `\nYour membership: ${deps.publicUrl}/account/membership\n`,
    });
  });
  const payments = await listMemberPayments(db, userId);
  return payments.find((p) => p.invoice_id === invoiceId)!;
}
