import Stripe from "stripe";
import type { Db } from "../db/index.js";
import { notFound } from "../errors.js";
import {
  paymentDeclined,
  PAYMENT_ERROR,
  type BillingProvider,
  type Card,
  type ChargeRequest,
  type ChargeResult,
  type CollectionPause,
  type ConfirmRequest,
  type ConfirmResult,
  type RefundRequest,
} from "./provider.js";

const TIMEOUT_MS = 8000;

const isCardError = (err: unknown) => err instanceof Stripe.errors.StripeCardError;
const idOf = (ref: string | { id: string } | null | undefined) => (typeof ref === "string" ? ref : (ref?.id ?? null));
const isMissing = (err: unknown) =>
  err instanceof Stripe.errors.StripeInvalidRequestError && err.code === "resource_missing";

/**
 * Stripe as the payment processor for subscriptions whose state machine lives in our database: a Stripe customer per
 * member, cards saved through SetupIntents (confirmed in the browser with Stripe.js and the answered client secret),
 * and each period charged off-session with a PaymentIntent on the default card. A charge that needs the member
 * (authentication, a decline) fails and the renewal job's retries apply.
 */
export class StripeBilling implements BillingProvider {
  readonly name = "stripe";
  readonly #stripe: Stripe;

  constructor(
    secretKey: string,
    private readonly publicUrl: string,
    apiBase?: string,
  ) {
    const base = apiBase ? new URL(apiBase) : undefined;
    this.#stripe = new Stripe(secretKey, {
      timeout: TIMEOUT_MS,
      maxNetworkRetries: 2,
      ...(base
        ? {
            host: base.hostname,
            port: base.port || (base.protocol === "https:" ? 443 : 80),
            protocol: base.protocol === "https:" ? "https" : "http",
          }
        : {}),
    });
  }

  async createSetup(db: Db, userId: string) {
    const customer = await this.#customer(db, userId);
    const intent = await this.#stripe.setupIntents.create({
      customer,
      usage: "off_session",
      metadata: { user_id: userId },
    });
    if (!intent.client_secret) throw new Error("Stripe answered a SetupIntent without a client secret");
    return { clientSecret: intent.client_secret };
  }

  async setDefault(db: Db, userId: string, paymentMethodId: string): Promise<Card> {
    const customer = await this.#customer(db, userId);
    let pm: Stripe.PaymentMethod;
    try {
      pm = await this.#stripe.paymentMethods.retrieve(paymentMethodId);
      const owner = typeof pm.customer === "string" ? pm.customer : pm.customer?.id;
      if (owner && owner !== customer) throw notFound("Payment method not found");
      if (!owner) pm = await this.#stripe.paymentMethods.attach(paymentMethodId, { customer });
      await this.#stripe.customers.update(customer, { invoice_settings: { default_payment_method: paymentMethodId } });
    } catch (err) {
      if (isCardError(err)) throw paymentDeclined();
      if (isMissing(err)) throw notFound("Payment method not found");
      throw err;
    }
    if (!pm.card) throw notFound("Payment method not found");
    const card: Card = {
      brand: pm.card.brand,
      exp_month: pm.card.exp_month,
      exp_year: pm.card.exp_year,
      last4: pm.card.last4,
    };
    await db
      .updateTable("stripe_customers")
      .set({ default_payment_method_id: paymentMethodId, ...card, updated_at: new Date() })
      .where("user_id", "=", userId)
      .execute();
    return card;
  }

  async defaultCard(db: Db, userId: string): Promise<Card | undefined> {
    const row = await db
      .selectFrom("stripe_customers")
      .select(["brand", "exp_month", "exp_year", "last4"])
      .where("user_id", "=", userId)
      .where("default_payment_method_id", "is not", null)
      .executeTakeFirst();
    return row?.brand && row.last4
      ? { brand: row.brand, exp_month: row.exp_month ?? 0, exp_year: row.exp_year ?? 0, last4: row.last4 }
      : undefined;
  }

  async charge(db: Db, request: ChargeRequest): Promise<ChargeResult> {
    if (request.amount === 0) return { ok: true, paymentId: null };
    const row = await db
      .selectFrom("stripe_customers")
      .select(["customer_id", "default_payment_method_id", "brand", "last4"])
      .where("user_id", "=", request.userId)
      .executeTakeFirst();
    if (!row?.default_payment_method_id) return { ok: false, paymentId: null, message: PAYMENT_ERROR };
    let intent: Stripe.PaymentIntent | undefined;
    let declineCode: string | undefined;
    try {
      intent = await this.#stripe.paymentIntents.create(
        {
          amount: request.amount,
          currency: request.currency.toLowerCase(),
          customer: row.customer_id,
          payment_method: row.default_payment_method_id,
          off_session: true,
          confirm: true,
          description: request.description,
          metadata: { user_id: request.userId },
        },
        { idempotencyKey: request.idempotencyKey },
      );
    } catch (err) {
      if (!isCardError(err)) throw err;
      intent = err.payment_intent;
      // Typed as always present, but absent on declines without an issuer code (authentication_required).
      const [issuerCode, code]: (string | undefined)[] = [err.decline_code, err.code];
      declineCode = issuerCode ?? code ?? "generic_decline";
    }
    const ok = intent?.status === "succeeded";
    // Off-session, a charge the issuer wants authenticated fails with authentication_required: the member confirms
    // it on the confirm page (Stripe.js), and payment_intent.succeeded restores the membership.
    const requiresAction = intent?.status === "requires_action" || declineCode === "authentication_required";
    const paymentId = intent?.id ?? null;
    if (paymentId) {
      await db
        .insertInto("payments")
        .values({
          id: paymentId,
          user_id: request.userId,
          payment_method_id: null,
          card_brand: row.brand,
          card_last4: row.last4,
          amount: request.amount,
          currency: request.currency,
          status: ok ? "succeeded" : requiresAction ? "requires_action" : "failed",
          decline_code: ok ? null : (declineCode ?? null),
          description: request.description,
          created_at: new Date(),
        })
        .onConflict((oc) => oc.column("id").doNothing())
        .execute();
    }
    return ok
      ? { ok: true, paymentId }
      : {
          ok: false,
          paymentId,
          message: PAYMENT_ERROR,
          ...(declineCode ? { declineCode } : {}),
          requiresAction,
        };
  }

  /**
   * The member completes an off-session charge the issuer wanted authenticated: the PaymentIntent is confirmed again,
   * on-session, with a return URL, so Stripe answers the bank's authentication page as a redirect (no Stripe.js
   * needed); back on the confirm page (`returned`) the intent is only read. Stripe's state now decides.
   */
  async confirmPayment(db: Db, request: ConfirmRequest): Promise<ConfirmResult> {
    const row = await db
      .selectFrom("stripe_customers")
      .select(["customer_id", "default_payment_method_id"])
      .where("user_id", "=", request.userId)
      .executeTakeFirst();
    let intent: Stripe.PaymentIntent;
    try {
      intent = await this.#stripe.paymentIntents.retrieve(request.paymentId);
      const owner = typeof intent.customer === "string" ? intent.customer : intent.customer?.id;
      if (!row || owner !== row.customer_id) throw notFound("Payment not found");
      const redirect = intent.next_action?.redirect_to_url?.url;
      if (intent.status === "succeeded") return { status: "succeeded" };
      if (request.returned || intent.status === "canceled" || intent.status === "processing") {
        const error = intent.last_payment_error;
        return { status: "failed", declineCode: error?.decline_code ?? error?.code ?? "authentication_required" };
      }
      if (intent.status === "requires_action" && redirect) return { status: "requires_action", redirectUrl: redirect };
      const card =
        idOf(intent.payment_method) ?? idOf(intent.last_payment_error?.payment_method) ?? row.default_payment_method_id;
      intent = await this.#stripe.paymentIntents.confirm(request.paymentId, {
        ...(card ? { payment_method: card } : {}),
        return_url: request.returnUrl,
      });
    } catch (err) {
      if (isMissing(err)) throw notFound("Payment not found");
      if (!isCardError(err)) throw err;
      const [issuerCode, code]: (string | undefined)[] = [err.decline_code, err.code];
      return { status: "failed", declineCode: issuerCode ?? code ?? "generic_decline" };
    }
    if (intent.status === "succeeded") return { status: "succeeded" };
    const redirect = intent.next_action?.redirect_to_url?.url;
    if (intent.status === "requires_action" && redirect) return { status: "requires_action", redirectUrl: redirect };
    const error = intent.last_payment_error;
    return { status: "failed", declineCode: error?.decline_code ?? error?.code ?? "authentication_required" };
  }

  /** A refund against the charge's PaymentIntent; the idempotency key makes a retried request answer the first. */
  async refund(_db: Db, request: RefundRequest): Promise<{ providerRefundId: string }> {
    const refund = await this.#stripe.refunds.create(
      {
        payment_intent: request.paymentId,
        amount: request.amount,
        metadata: { user_id: request.userId, reason: request.reason.slice(0, 500) },
      },
      { idempotencyKey: request.idempotencyKey },
    );
    return { providerRefundId: refund.id };
  }

  /** Stripe's API, for the webhook handler's re-reads of the objects its events name. */
  get api(): Stripe {
    return this.#stripe;
  }

  /**
   * Stripe's `pause_collection` belongs to Stripe Subscription objects, and fitkit keeps no subscription at Stripe (it
   * charges each period with a PaymentIntent from the renewal job, which is what skips the paused months). So the
   * pause is written where Stripe shows it for this flow: on the customer, as metadata support staff read in the
   * dashboard and Stripe-side tooling can act on (`fitkit_pause_starts_at`, `fitkit_pause_resumes_at`, ISO dates).
   */
  async pauseCollection(db: Db, pause: CollectionPause): Promise<void> {
    const customer = await this.#customer(db, pause.userId);
    await this.#stripe.customers.update(customer, {
      metadata: {
        fitkit_pause_subscription: pause.subscriptionId,
        fitkit_pause_starts_at: pause.startsAt.toISOString(),
        fitkit_pause_resumes_at: pause.resumesAt.toISOString(),
      },
    });
  }

  async resumeCollection(db: Db, userId: string): Promise<void> {
    const known = await db
      .selectFrom("stripe_customers")
      .select("customer_id")
      .where("user_id", "=", userId)
      .executeTakeFirst();
    if (!known) return;
    // An empty value removes a metadata key at Stripe.
    await this.#stripe.customers.update(known.customer_id, {
      metadata: { fitkit_pause_subscription: "", fitkit_pause_starts_at: "", fitkit_pause_resumes_at: "" },
    });
  }

  customerPortalUrl(): string {
    return `${this.publicUrl}/account/subscriptions`;
  }

  /**
   * The member's Stripe customer, created once (the idempotency key makes a concurrent second create answer the first).
   */
  async #customer(db: Db, userId: string): Promise<string> {
    const known = await db
      .selectFrom("stripe_customers")
      .select("customer_id")
      .where("user_id", "=", userId)
      .executeTakeFirst();
    if (known) return known.customer_id;
    const user = await db
      .selectFrom("users")
      .select(["email", "given_name", "family_name"])
      .where("id", "=", userId)
      .executeTakeFirstOrThrow();
    const customer = await this.#stripe.customers.create(
      { email: user.email, name: `${user.given_name} ${user.family_name}`, metadata: { user_id: userId } },
      { idempotencyKey: `fitkit-customer-${userId}` },
    );
    await db
      .insertInto("stripe_customers")
      .values({ user_id: userId, customer_id: customer.id, updated_at: new Date() })
      .onConflict((oc) => oc.column("user_id").doNothing())
      .execute();
    const row = await db
      .selectFrom("stripe_customers")
      .select("customer_id")
      .where("user_id", "=", userId)
      .executeTakeFirstOrThrow();
    return row.customer_id;
  }
}
