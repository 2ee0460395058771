import { randomBytes } from "node:crypto";
import type { Clock } from "../clock.js";
import type { Db } from "../db/index.js";
import { badRequest, conflict, notFound, oneOrList } from "../errors.js";
import {
  paymentDeclined,
  PAYMENT_ERROR,
  type BillingProvider,
  type Card,
  type ChargeRequest,
  type CollectionPause,
  type ChargeResult,
  type ConfirmRequest,
  type ConfirmResult,
  type RefundRequest,
} from "./provider.js";
import { CHARGE_DECLINE_CODE, cardBehavior, cardBrand, normalizeCardNumber } from "./test-cards.js";

const SETUP_MINUTES = 60;
const COLLECTION_PAUSED = "Collection is paused for this membership";
const SECRET_USED = "client_secret has already been used: start a new card setup";
const id = (prefix: string) => `${prefix}_${randomBytes(12).toString("hex")}`;

export interface CardInput {
  client_secret: string;
  number: string;
  exp_month: number;
  exp_year: number;
  cvc: string;
}

/**
 * A complete local payment provider: setup intents, test cards tokenized into payment methods (only brand, last
 * four digits and expiry are kept), verification and charges, all in our database, so every flow works offline.
 */
export class SandboxBilling implements BillingProvider {
  readonly name = "sandbox";
  constructor(
    private readonly clock: Clock,
    private readonly publicUrl: string,
  ) {}

  async createSetup(db: Db, userId: string) {
    const now = this.clock.now();
    const setupId = id("seti");
    const clientSecret = `${setupId}_secret_${randomBytes(16).toString("hex")}`;
    await db
      .insertInto("payment_setups")
      .values({
        id: setupId,
        user_id: userId,
        client_secret: clientSecret,
        status: "requires_payment_method",
        created_at: now,
        expires_at: new Date(now.getTime() + SETUP_MINUTES * 60_000),
      })
      .execute();
    return { clientSecret };
  }

  /**
   * What the card form does with a setup secret (the role of a provider's browser SDK): answers a payment method id.
   */
  async confirmCard(db: Db, input: CardInput): Promise<{ payment_method_id: string }> {
    const now = this.clock.now();
    const setup = await db
      .selectFrom("payment_setups")
      .selectAll()
      .where("client_secret", "=", input.client_secret)
      .executeTakeFirst();
    if (!setup || setup.expires_at <= now) throw badRequest("client_secret is invalid or expired");
    if (setup.status !== "requires_payment_method") throw badRequest(SECRET_USED);
    const number = normalizeCardNumber(input.number);
    // Each problem as the member reads it in English, and by its field in `values` (number: invalid, exp: expired,
    // cvc: invalid) for a card form that says it in another language.
    const refused: [field: string, problem: string, sentence: string][] = [];
    if (!number) refused.push(["number", "invalid", "Your card number is invalid."]);
    const year = input.exp_year < 100 ? 2000 + input.exp_year : input.exp_year;
    if (year < now.getUTCFullYear() || (year === now.getUTCFullYear() && input.exp_month < now.getUTCMonth() + 1))
      refused.push(["exp", "expired", "Your card has expired."]);
    if (!/^\d{3,4}$/.test(input.cvc)) refused.push(["cvc", "invalid", "Your card's security code is invalid."]);
    if (refused.length)
      throw badRequest({
        message: oneOrList(refused.map((r) => r[2])),
        code: "card_invalid",
        values: Object.fromEntries(refused.map(([field, problem]) => [field, problem])),
      });
    const pmId = id("pm");
    await db.transaction().execute(async (trx) => {
      // A setup secret saves one card, as with a real provider: claimed here, so a second use (even a concurrent
      // one) adds nothing.
      const claimed = await trx
        .updateTable("payment_setups")
        .set({ status: "succeeded" })
        .where("id", "=", setup.id)
        .where("status", "=", "requires_payment_method")
        .executeTakeFirst();
      if (claimed.numUpdatedRows === 0n) throw badRequest(SECRET_USED);
      await trx
        .insertInto("payment_methods")
        .values({
          id: pmId,
          user_id: setup.user_id,
          brand: cardBrand(number!),
          last4: number!.slice(-4),
          exp_month: input.exp_month,
          exp_year: year,
          behavior: cardBehavior(number!),
          created_at: now,
        })
        .execute();
    });
    return { payment_method_id: pmId };
  }

  async setDefault(db: Db, userId: string, paymentMethodId: string): Promise<Card> {
    const pm = await db
      .selectFrom("payment_methods")
      .selectAll()
      .where("id", "=", paymentMethodId)
      .where("user_id", "=", userId)
      .executeTakeFirst();
    if (!pm) throw notFound("Payment method not found");
    // Saving a card verifies it with the issuer: a card that declines is never made the default.
    if (pm.behavior === "decline") throw paymentDeclined();
    const now = this.clock.now();
    await db
      .insertInto("billing_customers")
      .values({ user_id: userId, default_payment_method_id: pm.id, updated_at: now })
      .onConflict((oc) => oc.column("user_id").doUpdateSet({ default_payment_method_id: pm.id, updated_at: now }))
      .execute();
    return { brand: pm.brand, exp_month: pm.exp_month, exp_year: pm.exp_year, last4: pm.last4 };
  }

  async defaultCard(db: Db, userId: string): Promise<Card | undefined> {
    return db
      .selectFrom("billing_customers as c")
      .innerJoin("payment_methods as pm", "pm.id", "c.default_payment_method_id")
      .select(["pm.brand", "pm.exp_month", "pm.exp_year", "pm.last4"])
      .where("c.user_id", "=", userId)
      .executeTakeFirst();
  }

  async charge(db: Db, request: ChargeRequest): Promise<ChargeResult> {
    if (request.amount === 0) return { ok: true, paymentId: null };
    const now = this.clock.now();
    // As with Stripe's pause_collection: inside a paused window nothing of the member's is collected.
    const paused = await db
      .selectFrom("sandbox_collection_pauses")
      .select("subscription_id")
      .where("user_id", "=", request.userId)
      .where("starts_at", "<=", now)
      .where("resumes_at", ">", now)
      .executeTakeFirst();
    if (paused) return { ok: false, paymentId: null, message: COLLECTION_PAUSED };
    const pm = await db
      .selectFrom("billing_customers as c")
      .innerJoin("payment_methods as pm", "pm.id", "c.default_payment_method_id")
      .select(["pm.id", "pm.behavior", "pm.exp_month", "pm.exp_year", "pm.brand", "pm.last4"])
      .where("c.user_id", "=", request.userId)
      .executeTakeFirst();
    const expired =
      pm &&
      (pm.exp_year < now.getUTCFullYear() ||
        (pm.exp_year === now.getUTCFullYear() && pm.exp_month < now.getUTCMonth() + 1));
    const ok = !!pm && pm.behavior === "succeed" && !expired;
    // The issuer wants the member to authenticate this charge: it waits (requires_action) for the confirm page.
    const requiresAction = !!pm && pm.behavior === "authenticate_on_charge" && !expired;
    const declineCode = ok
      ? null
      : !pm
        ? "no_payment_method"
        : expired
          ? "expired_card"
          : (CHARGE_DECLINE_CODE[pm.behavior] ?? "generic_decline");
    const paymentId = id("py");
    await db
      .insertInto("payments")
      .values({
        id: paymentId,
        user_id: request.userId,
        payment_method_id: pm?.id ?? null,
        card_brand: pm?.brand ?? null,
        card_last4: pm?.last4 ?? null,
        amount: request.amount,
        currency: request.currency,
        status: ok ? "succeeded" : requiresAction ? "requires_action" : "failed",
        decline_code: declineCode,
        description: request.description,
        created_at: now,
      })
      .execute();
    return ok
      ? { ok: true, paymentId }
      : { ok: false, paymentId, message: PAYMENT_ERROR, declineCode: declineCode!, requiresAction };
  }

  /**
   * The sandbox's stand-in for the bank's authentication (3-D Secure): the member confirming on the confirm page is
   * the authentication, so a charge waiting for it on a card that is still usable succeeds; an expired card fails.
   */
  async confirmPayment(db: Db, request: ConfirmRequest): Promise<ConfirmResult> {
    const now = this.clock.now();
    const charge = await db
      .selectFrom("payments as p")
      .leftJoin("payment_methods as pm", "pm.id", "p.payment_method_id")
      .select(["p.status", "pm.exp_month", "pm.exp_year"])
      .where("p.id", "=", request.paymentId)
      .where("p.user_id", "=", request.userId)
      .executeTakeFirst();
    if (!charge) throw notFound("Payment not found");
    if (charge.status === "succeeded") return { status: "succeeded" };
    const year = charge.exp_year ?? 0;
    const expired =
      year < now.getUTCFullYear() || (year === now.getUTCFullYear() && (charge.exp_month ?? 0) < now.getUTCMonth() + 1);
    return expired ? { status: "failed", declineCode: "expired_card" } : { status: "succeeded" };
  }

  /** Records the refund on the charge; the check constraint keeps refunds within what was paid. */
  async refund(db: Db, request: RefundRequest): Promise<{ providerRefundId: string }> {
    const done = await db
      .updateTable("payments")
      .set((eb) => ({ refunded_amount: eb("refunded_amount", "+", request.amount) }))
      .where("id", "=", request.paymentId)
      .where("user_id", "=", request.userId)
      .where("status", "=", "succeeded")
      .where((eb) => eb(eb("refunded_amount", "+", request.amount), "<=", eb.ref("amount")))
      .executeTakeFirst();
    if (done.numUpdatedRows === 0n) throw conflict("This charge cannot be refunded by that amount");
    return { providerRefundId: id("re") };
  }

  async pauseCollection(db: Db, pause: CollectionPause): Promise<void> {
    const window = { starts_at: pause.startsAt, resumes_at: pause.resumesAt };
    await db
      .insertInto("sandbox_collection_pauses")
      .values({
        subscription_id: pause.subscriptionId,
        user_id: pause.userId,
        ...window,
        created_at: this.clock.now(),
      })
      .onConflict((oc) => oc.column("subscription_id").doUpdateSet(window))
      .execute();
  }

  async resumeCollection(db: Db, userId: string, subscriptionId: string): Promise<void> {
    await db
      .deleteFrom("sandbox_collection_pauses")
      .where("subscription_id", "=", subscriptionId)
      .where("user_id", "=", userId)
      .execute();
  }

  customerPortalUrl(): string {
    // Recharge subscriptions in the sandbox are managed on the hosted app's subscriptions page.
    return `${this.publicUrl}/account/subscriptions`;
  }
}
