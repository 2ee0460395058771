import type { FastifyInstance } from "fastify";
import Stripe from "stripe";
import type { RouteOptions } from "../context.js";
import { badRequest } from "../errors.js";
import { errorSchema, exactObject } from "../schemas.js";
import { StripeBilling } from "../billing/stripe.js";
import { handleStripeEvent } from "../billing/stripe-webhooks.js";
import { typed } from "./typed.js";

/**
 * POST /webhooks/stripe, only when billing is Stripe and STRIPE_WEBHOOK_SECRET is set: the raw body is verified
 * against the Stripe-Signature header (a wrong or stale signature is refused with 400), then the event is applied
 * once (billing/stripe-webhooks.ts).
 */
export async function stripeWebhookRoutes(instance: FastifyInstance, { ctx }: RouteOptions) {
  const secret = ctx.config.billing.stripe?.webhookSecret;
  const { billing } = ctx;
  if (!secret || !(billing instanceof StripeBilling)) return;
  const app = typed(instance);
  // The signature covers the exact bytes Stripe sent: this plugin reads JSON as a Buffer, unparsed.
  instance.removeContentTypeParser("application/json");
  instance.addContentTypeParser("application/json", { parseAs: "buffer" }, (_request, body, done) => done(null, body));

  app.post(
    "/stripe",
    {
      schema: {
        tags: ["webhooks"],
        summary: "Stripe's signed events (payments, refunds, disputes, card updates), each applied once",
        headers: { type: "object", properties: { "stripe-signature": { type: "string" } } },
        response: { 200: exactObject({ received: { type: "boolean", const: true } }), 400: errorSchema },
      },
    },
    async (request) => {
      const signature = request.headers["stripe-signature"];
      if (!Buffer.isBuffer(request.body) || typeof signature !== "string")
        throw badRequest("Send Stripe's event as JSON with its Stripe-Signature header");
      let event: Stripe.Event;
      try {
        event = billing.api.webhooks.constructEvent(request.body, signature, secret);
      } catch (err) {
        if (err instanceof Stripe.errors.StripeSignatureVerificationError)
          throw badRequest("The Stripe-Signature header does not sign this body, or is too old");
        throw badRequest("The body is not a Stripe event");
      }
      await handleStripeEvent(
        { db: ctx.db, clock: ctx.clock, api: billing.api, publicUrl: ctx.config.publicUrl },
        event,
      );
      return { received: true as const };
    },
  );
}
