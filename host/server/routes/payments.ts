import type { FastifyInstance } from "fastify";
import type { RouteOptions } from "../context.js";
import { memberOf } from "../context.js";
import { notFound } from "../errors.js";
import { Card, exactObject, memberSecurity, noBody, ref, strictObject } from "../schemas.js";
import { billingGuard } from "../billing/disabled.js";
import { SandboxBilling } from "../billing/sandbox.js";
import { chargePastDueNow } from "../jobs/renewals.js";
import { confirmPayment, paymentToConfirmOrThrow, paymentToConfirmSchema } from "../services/payment-confirm.js";
import { typed } from "./typed.js";

const tags = ["payment"];

/** The card on file: setup intent, default payment method, and the sandbox's card form endpoint. */
export async function paymentRoutes(instance: FastifyInstance, { ctx }: RouteOptions) {
  const app = typed(instance);
  const { billing } = ctx;
  const member = { onRequest: [app.requireMember, ...billingGuard(billing)] };

  app.post(
    "/payment/setup",
    {
      ...member,
      schema: {
        tags,
        summary: "Start saving a card: answers the secret the card form confirms",
        security: memberSecurity,
        body: noBody,
        response: {
          200: { type: "object", properties: { client_secret: { type: "string" } }, required: ["client_secret"] },
        },
      },
    },
    async (request) => ({ client_secret: (await billing.createSetup(ctx.db, memberOf(request).id)).clientSecret }),
  );

  app.post(
    "/payment/setdefault",
    {
      ...member,
      schema: {
        tags,
        summary: "Verify a saved card and make it the default (402 when declined)",
        security: memberSecurity,
        body: exactObject({ payment_method_id: { type: "string", minLength: 1, maxLength: 100 } }),
        response: { 200: ref(Card) },
      },
    },
    async (request) => {
      const userId = memberOf(request).id;
      const card = await billing.setDefault(ctx.db, userId, request.body.payment_method_id);
      // A member whose renewal failed fixed their card: the unpaid period is charged now, restoring access at once.
      const deps = { db: ctx.db, clock: ctx.clock, billing, publicUrl: ctx.config.publicUrl };
      if (await chargePastDueNow(deps, userId)) request.log.info({ userId }, "past-due membership recovered");
      return card;
    },
  );

  app.get(
    "/payment/default",
    {
      ...member,
      schema: {
        tags,
        summary: "The default card (404 when none)",
        security: memberSecurity,
        response: { 200: ref(Card) },
      },
    },
    async (request) => {
      const card = await billing.defaultCard(ctx.db, memberOf(request).id);
      if (!card) throw notFound("No payment method");
      return card;
    },
  );

  app.get(
    "/payment/confirmation",
    {
      ...member,
      schema: {
        tags,
        summary: "The renewal charge waiting for the member's authentication (404 no_payment_to_confirm when none)",
        description:
          "A renewal the member's bank wants authenticated (requires_action) keeps the membership past due; the " +
          "confirm page shows this charge and confirms it with POST /payment/confirm.",
        security: memberSecurity,
        response: {
          200: paymentToConfirmSchema,
        },
      },
    },
    async (request) => paymentToConfirmOrThrow(ctx.db, memberOf(request).id),
  );

  app.post(
    "/payment/confirm",
    {
      ...member,
      schema: {
        tags,
        summary: "Confirm a charge waiting for the member's authentication; paid, it restores the membership at once",
        description:
          "Answers `succeeded` (the invoice is paid and a past-due membership is active again) or, with Stripe, " +
          "`requires_action` and the bank's page to send the member to; that page returns to " +
          "/account/membership/confirm, which calls again with `returned: true` to read the outcome. Refusals: 404 " +
          "`no_payment_to_confirm`, 409 `payment_already_made`, 402 `payment_not_confirmed`.",
        security: memberSecurity,
        body: strictObject(
          {
            payment_id: { type: "string", minLength: 1, maxLength: 100 },
            returned: { type: "boolean", default: false },
          },
          ["payment_id"],
        ),
        response: {
          200: {
            type: "object",
            properties: {
              status: { type: "string", enum: ["succeeded", "requires_action"] },
              redirect_url: { type: "string", description: "The bank's authentication page (requires_action)" },
            },
            required: ["status"],
          },
        },
      },
    },
    async (request) => {
      const userId = memberOf(request).id;
      const deps = { db: ctx.db, clock: ctx.clock, billing, publicUrl: ctx.config.publicUrl };
      const { payment_id, returned = false } = request.body;
      return confirmPayment(deps, userId, payment_id, returned);
    },
  );

  // The sandbox's stand-in for a payment provider's browser SDK: the card form posts the card with the setup secret
  // and gets a payment method id; the number itself is never stored. With Stripe, Stripe.js does this.
  if (!(billing instanceof SandboxBilling)) return;
  const sandbox = billing;
  app.post(
    "/sandbox/payment-methods",
    {
      schema: {
        tags,
        summary:
          "Sandbox card form: tokenize a test card for a setup secret (4242 4242 4242 4242 succeeds, 4000 0000 0000 0002 declines)",
        body: exactObject({
          client_secret: { type: "string", minLength: 1, maxLength: 200 },
          number: { type: "string", minLength: 1, maxLength: 30 },
          exp_month: { type: "integer", minimum: 1, maximum: 12 },
          exp_year: { type: "integer", minimum: 0, maximum: 2200 },
          cvc: { type: "string", minLength: 1, maxLength: 4 },
        }),
        response: {
          200: {
            type: "object",
            properties: { payment_method_id: { type: "string" } },
            required: ["payment_method_id"],
          },
        },
      },
    },
    async (request) => sandbox.confirmCard(ctx.db, request.body),
  );
}
