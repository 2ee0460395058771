import type { Db } from "../db/index.js";
import { transition, type Actor } from "./subscription-store.js";

/**
 * A charge that had failed or waited for the member's authentication has now succeeded (the member confirmed it, or
 * Stripe says so): its payment and invoice are paid, and the past-due membership that invoice was for is active again
 * for the invoice's period. Answers whether a membership was restored. Runs in the caller's transaction.
 */
export async function settleSucceededPayment(trx: Db, paymentId: string, actor: Actor, now: Date) {
  await trx
    .updateTable("payments")
    .set({ status: "succeeded", decline_code: null })
    .where("id", "=", paymentId)
    .execute();
  const invoice = await trx
    .updateTable("invoices")
    .set({ status: "paid" })
    .where("payment_id", "=", paymentId)
    .returningAll()
    .executeTakeFirst();
  if (!invoice) return false;
  const sub = await trx
    .selectFrom("subscriptions")
    .selectAll()
    .where("id", "=", invoice.subscription_id)
    .forUpdate()
    .executeTakeFirst();
  // Only the period the membership is waiting on restores it (an older invoice paid late changes no state).
  if (!sub || sub.state !== "past_due" || sub.expiration_date?.getTime() !== invoice.period_start.getTime())
    return false;
  const restored = await transition(
    trx,
    sub,
    ["past_due"],
    {
      state: "active",
      current_period_start: invoice.period_start,
      expiration_date: invoice.period_end,
      renewal_attempts: 0,
      next_attempt_at: null,
    },
    {
      actor,
      action: "payment_recovered",
      details: { invoice_id: invoice.id, amount: invoice.amount },
    },
    now,
  );
  return !!restored;
}
