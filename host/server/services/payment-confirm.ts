import type { BillingProvider } from "../billing/provider.js";
import type { Clock } from "../clock.js";
import type { Db } from "../db/index.js";
import { conflict, HttpError, notFound } from "../errors.js";
import { nameWithoutTrial } from "./membership-rules.js";
import { settleSucceededPayment } from "./payment-recovery.js";
import type { Answer } from "../schemas.js";

export interface ConfirmDeps {
  db: Db;
  clock: Clock;
  billing: BillingProvider;
  /** The hosted app, where the bank's authentication page sends the member back to. */
  publicUrl: string;
}

/**
 * The renewal charge a past-due membership waits on, which the member's bank wants them to authenticate: `plan` is the
 * membership's plan name, `retry_at` the day it lapses unless this payment (or another) is made.
 */
export const paymentToConfirmSchema = {
  type: "object",
  properties: {
    payment_id: { type: "string" },
    amount: { type: "integer", description: "In cents" },
    currency: { type: "string" },
    plan: { type: "string" },
    card: {
      type: ["object", "null"],
      properties: { brand: { type: "string" }, last4: { type: "string" } },
      required: ["brand", "last4"],
    },
    created_at: { type: "string", format: "date-time" },
    retry_at: { type: ["string", "null"], format: "date-time" },
  },
  required: ["payment_id", "amount", "currency", "plan", "card", "created_at", "retry_at"],
} as const;
type PaymentToConfirm = Answer<typeof paymentToConfirmSchema>;

const NOTHING_TO_CONFIRM = {
  message: "There is no payment waiting for your confirmation.",
  code: "no_payment_to_confirm",
} as const;

/** The page the bank's authentication sends the member back to. */
const confirmPageUrl = (publicUrl: string, paymentId: string) =>
  `${publicUrl}/account/membership/confirm?payment=${encodeURIComponent(paymentId)}`;

/**
 * The member's newest charge waiting for authentication (requires_action) for the very period their past-due
 * membership is waiting on; an older one, or one for a membership that is active again, is not asked for.
 */
export async function paymentToConfirm(db: Db, userId: string, paymentId?: string) {
  let query = db
    .selectFrom("payments as p")
    .innerJoin("invoices as i", "i.payment_id", "p.id")
    .innerJoin("subscriptions as s", "s.id", "i.subscription_id")
    .select([
      "p.id",
      "p.amount",
      "p.currency",
      "p.card_brand",
      "p.card_last4",
      "p.created_at",
      "s.name",
      "s.next_attempt_at",
    ])
    .where("p.user_id", "=", userId)
    .where("p.status", "=", "requires_action")
    .where("s.state", "=", "past_due")
    .whereRef("s.expiration_date", "=", "i.period_start");
  if (paymentId) query = query.where("p.id", "=", paymentId);
  const row = await query.orderBy("p.created_at", "desc").limit(1).executeTakeFirst();
  if (!row) return undefined;
  return {
    payment_id: row.id,
    amount: row.amount,
    currency: row.currency,
    plan: nameWithoutTrial(row.name),
    card: row.card_brand && row.card_last4 ? { brand: row.card_brand, last4: row.card_last4 } : null,
    created_at: row.created_at,
    retry_at: row.next_attempt_at,
  } satisfies PaymentToConfirm;
}

/**
 * The member confirms a charge their bank wanted authenticated. With the sandbox the confirmation is the
 * authentication; with Stripe the first call answers the bank's page to send the member to and the call made on the
 * way back (`returned`) reads how it went. A succeeded charge pays its invoice and restores the membership at once,
 * in one transaction (a concurrent confirmation or Stripe's payment_intent.succeeded finds it done).
 *
 * Refusals: 404 `no_payment_to_confirm` (not the member's, or nothing waits on it), 409 `payment_already_made` (it
 * was paid meanwhile), 402 `payment_not_confirmed` (the bank refused, with the decline code in `values`).
 */
export async function confirmPayment(
  deps: ConfirmDeps,
  userId: string,
  paymentId: string,
  returned: boolean,
): Promise<{ status: "succeeded" } | { status: "requires_action"; redirect_url: string }> {
  const { db, billing } = deps;
  const waiting = await paymentToConfirm(db, userId, paymentId);
  if (!waiting) {
    const own = await db
      .selectFrom("payments")
      .select("status")
      .where("id", "=", paymentId)
      .where("user_id", "=", userId)
      .executeTakeFirst();
    if (own?.status === "succeeded")
      throw conflict({ message: "This payment has already been made.", code: "payment_already_made" });
    throw notFound(NOTHING_TO_CONFIRM);
  }
  const result = await billing.confirmPayment(db, {
    userId,
    paymentId,
    returnUrl: confirmPageUrl(deps.publicUrl, paymentId),
    returned,
  });
  if (result.status === "requires_action") return { status: "requires_action", redirect_url: result.redirectUrl };
  if (result.status === "failed") {
    await db
      .updateTable("payments")
      .set({ decline_code: result.declineCode })
      .where("id", "=", paymentId)
      .where("status", "=", "requires_action")
      .execute();
    throw new HttpError(402, {
      message: "Your bank did not confirm this payment. Try again, or update your card.",
      code: "payment_not_confirmed",
      values: { decline_code: result.declineCode },
    });
  }
  const now = deps.clock.now();
  await db.transaction().execute(async (trx) => {
    await trx.selectFrom("payments").select("id").where("id", "=", paymentId).forUpdate().executeTakeFirst();
    await settleSucceededPayment(trx, paymentId, `member:${userId}`, now);
  });
  return { status: "succeeded" };
}

/** 404 `no_payment_to_confirm` when nothing waits for the member's confirmation. */
export async function paymentToConfirmOrThrow(db: Db, userId: string) {
  const waiting = await paymentToConfirm(db, userId);
  if (!waiting) throw notFound(NOTHING_TO_CONFIRM);
  return waiting;
}
