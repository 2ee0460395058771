import type Stripe from "stripe";
import type { Clock } from "../clock.js";
import type { Db } from "../db/index.js";
import { recordAudit } from "../services/audit.js";
import { money } from "../services/customer-notifications.js";
import { confirmEmail } from "../services/dunning.js";
import { queueMail } from "../services/mail.js";
import type { Actor } from "../services/operator-access.js";
import { settleSucceededPayment } from "../services/payment-recovery.js";

/** The events fitkit acts on; Stripe may send others (they are answered 200 and ignored). */
const HANDLED_EVENTS = [
  "payment_intent.succeeded",
  "payment_intent.payment_failed",
  "payment_intent.requires_action",
  "charge.refunded",
  "charge.dispute.created",
  "payment_method.automatically_updated",
  "payment_method.detached",
] as const;

/** Who writes what Stripe reported, in the audit log. */
const STRIPE: Actor = { id: null, email: "stripe" };

export interface WebhookDeps {
  db: Db;
  clock: Clock;
  api: Stripe;
  publicUrl: string;
}

const idOf = (ref: string | { id: string } | null | undefined) => (typeof ref === "string" ? ref : (ref?.id ?? null));

/**
 * Applies one verified Stripe event. Stripe may deliver events late, twice or out of order, so the object the event
 * names is read again from Stripe's API (its state now, not the payload's), and the event's id is written in the same
 * transaction as its effect: a redelivery finds it and changes nothing.
 */
export async function handleStripeEvent(deps: WebhookDeps, event: Stripe.Event): Promise<void> {
  if (!(HANDLED_EVENTS as readonly string[]).includes(event.type)) return;
  const objectId = (event.data.object as { id: string }).id;
  const effect = await readEffect(deps, event.type as (typeof HANDLED_EVENTS)[number], objectId);
  const now = deps.clock.now();
  await deps.db.transaction().execute(async (trx) => {
    const first = await trx
      .insertInto("stripe_events")
      .values({ id: event.id, type: event.type, handled_at: now })
      .onConflict((oc) => oc.column("id").doNothing())
      .returning("id")
      .executeTakeFirst();
    if (!first) return;
    await effect(trx, now);
  });
}

type Effect = (trx: Db, now: Date) => Promise<void>;

/** Reads the event's object from Stripe (outside the transaction) and answers what to do with it. */
async function readEffect(deps: WebhookDeps, type: (typeof HANDLED_EVENTS)[number], id: string): Promise<Effect> {
  const { api } = deps;
  switch (type) {
    case "payment_intent.succeeded":
    case "payment_intent.payment_failed":
    case "payment_intent.requires_action":
      return intentEffect(deps, await api.paymentIntents.retrieve(id));
    case "charge.refunded": {
      const charge = await api.charges.retrieve(id);
      const refunds = await api.refunds.list({ charge: id, limit: 100 });
      return refundsEffect(idOf(charge.payment_intent), refunds.data);
    }
    case "charge.dispute.created": {
      const dispute = await api.disputes.retrieve(id);
      const intent =
        idOf((dispute as { payment_intent?: string | { id: string } | null }).payment_intent) ??
        idOf((await api.charges.retrieve(idOf(dispute.charge)!)).payment_intent);
      return disputeEffect(deps, dispute, intent);
    }
    case "payment_method.automatically_updated":
    case "payment_method.detached":
      return cardEffect(await api.paymentMethods.retrieve(id));
  }
}

/**
 * A PaymentIntent's state now: succeeded pays its invoice and restores a past-due membership waiting on it; failed and
 * requires_action are kept on the payment (the console shows them, the dunning reads the decline code), and a charge
 * waiting for authentication emails the member to confirm it (by saving the card again).
 */
function intentEffect(deps: WebhookDeps, intent: Stripe.PaymentIntent): Effect {
  return async (trx, now) => {
    const payment = await trx
      .selectFrom("payments as p")
      .innerJoin("users as u", "u.id", "p.user_id")
      .select(["p.id", "p.status", "u.email", "u.given_name"])
      .where("p.id", "=", intent.id)
      .forUpdate()
      .executeTakeFirst();
    if (!payment) return; // not a charge of ours
    if (intent.status === "succeeded") {
      await settleSucceededPayment(trx, intent.id, "system:stripe", now);
      return;
    }
    const waiting = intent.status === "requires_action";
    const error = intent.last_payment_error;
    await trx
      .updateTable("payments")
      .set({
        status: waiting ? "requires_action" : "failed",
        decline_code: waiting ? "authentication_required" : (error?.decline_code ?? error?.code ?? "generic_decline"),
      })
      .where("id", "=", intent.id)
      .where("status", "<>", "succeeded")
      .execute();
    if (waiting && payment.status !== "requires_action") {
      await queueMail(trx, confirmEmail(deps.publicUrl, payment));
    }
  };
}

/**
 * Every refund of the charge, as Stripe lists it now: one made in Stripe's dashboard appears with source 'provider';
 * one the console made is already there by its provider_refund_id and is not recorded twice. The invoice row is
 * locked, so a console refund still committing is waited for.
 */
function refundsEffect(intentId: string | null, refunds: Stripe.Refund[]): Effect {
  return async (trx, now) => {
    if (!intentId) return;
    const invoice = await trx
      .selectFrom("invoices")
      .select(["id", "user_id", "currency"])
      .where("payment_id", "=", intentId)
      .forUpdate()
      .executeTakeFirst();
    if (!invoice) return;
    for (const refund of refunds) {
      if (refund.status !== "succeeded" && refund.status !== "pending") continue;
      const added = await trx
        .insertInto("refunds")
        .values({
          invoice_id: invoice.id,
          user_id: invoice.user_id,
          amount: refund.amount,
          currency: invoice.currency,
          provider_refund_id: refund.id,
          source: "provider",
          reason: refund.reason ? `Refunded in Stripe (${refund.reason})` : "Refunded in Stripe",
          created_at: new Date(refund.created ? refund.created * 1000 : now.getTime()),
        })
        .onConflict((oc) => oc.column("provider_refund_id").doNothing())
        .returning("id")
        .executeTakeFirst();
      if (added) {
        await recordAudit(trx, STRIPE, now, {
          action: "invoice.refund",
          record: { type: "invoice", id: invoice.id },
          before: null,
          after: { member: invoice.user_id, refund_id: added.id, amount: refund.amount, source: "provider" },
        });
      }
    }
  };
}

/** A chargeback: the invoice is flagged (the console shows it) and every admin is emailed. */
function disputeEffect(deps: WebhookDeps, dispute: Stripe.Dispute, intentId: string | null): Effect {
  return async (trx, now) => {
    if (!intentId) return;
    const invoice = await trx
      .updateTable("invoices")
      .set({ disputed_at: now })
      .where("payment_id", "=", intentId)
      .where("disputed_at", "is", null)
      .returning(["id", "user_id", "amount", "currency"])
      .executeTakeFirst();
    if (!invoice) return;
    const member = await trx
      .selectFrom("users")
      .select("email")
      .where("id", "=", invoice.user_id)
      .executeTakeFirstOrThrow();
    await recordAudit(trx, STRIPE, now, {
      action: "invoice.dispute",
      record: { type: "invoice", id: invoice.id },
      before: { disputed_at: null },
      after: { disputed_at: now.toISOString(), dispute: dispute.id, reason: dispute.reason },
    });
    const admins = await trx
      .selectFrom("operator_roles as r")
      .innerJoin("users as u", "u.id", "r.user_id")
      .select("u.email")
      .where("r.role", "=", "admin")
      .execute();
    for (const admin of admins) {
      await queueMail(trx, {
        to: admin.email,
        subject: `Payment disputed: ${money(invoice.amount, invoice.currency)} from ${member.email}`,
        text:
          `${member.email}'s bank opened a dispute (${dispute.reason}) on a payment of ` +
          `${money(invoice.amount, invoice.currency)}.\n\nAnswer it in Stripe's dashboard (dispute ${dispute.id}); ` +
          `the member's payments: ${deps.publicUrl}/admin/members/${invoice.user_id}/payments\n`,
      });
    }
  };
}

/**
 * The card copy shown without an API call follows Stripe: a card the network updated (new expiry or number) is copied
 * again; a default card detached from the customer is no longer the member's default.
 */
function cardEffect(pm: Stripe.PaymentMethod): Effect {
  return async (trx, now) => {
    if (!pm.customer) {
      await trx
        .updateTable("stripe_customers")
        .set({
          default_payment_method_id: null,
          brand: null,
          last4: null,
          exp_month: null,
          exp_year: null,
          updated_at: now,
        })
        .where("default_payment_method_id", "=", pm.id)
        .execute();
      return;
    }
    if (!pm.card) return;
    await trx
      .updateTable("stripe_customers")
      .set({
        brand: pm.card.brand,
        last4: pm.card.last4,
        exp_month: pm.card.exp_month,
        exp_year: pm.card.exp_year,
        updated_at: now,
      })
      .where("default_payment_method_id", "=", pm.id)
      .execute();
  };
}
