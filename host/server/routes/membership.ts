import type { FastifyInstance, FastifyRequest } from "fastify";
import type { RouteOptions } from "../context.js";
import { memberOf } from "../context.js";
import { billingGuard } from "../billing/disabled.js";
import { badRequest, notFound, tooManyRequests } from "../errors.js";
import { emailSchema, exactObject, memberSecurity, noBody, ref, strictObject } from "../schemas.js";
import { saveBillingAddress } from "../services/billing-address.js";
import { ADDRESS_LIMITS } from "../../../src/domain/billing-address.js";
import { CANCEL_REASONS } from "../../../src/domain/membership.js";
import { PAUSE_MONTHS } from "../../../src/domain/membership-pause.js";
import { applyCoupons, couponByCode } from "../services/coupons.js";
import { NOTIFICATION_TYPES, sendCustomerNotification } from "../services/customer-notifications.js";
import { createMembership } from "../services/membership.js";
import { listProducts, presentProduct } from "../services/products.js";
import { EMAIL_FAILED } from "../services/studio-link.js";
import { listSubscriptions, ownSubscription } from "../services/subscription-store.js";
import { BillingAddress, Subscription } from "../services/subscription-view.js";
import { typed } from "./typed.js";

const tags = ["membership"];
const idParams = exactObject({ id: { type: "string", minLength: 1, maxLength: 100 } });
const text = (max = 200) => ({ type: "string", maxLength: max }) as const;

const string = { type: "string" } as const;
const integer = { type: "integer" } as const;
const nullableString = { type: ["string", "null"] } as const;
const cents = { type: "integer", description: "Cents, in `currency`" } as const;
const strings = { type: "array", items: string } as const;

/** A product of the store (services/products.ts `presentProduct`). */
const productSchema = exactObject({
  sku: string,
  name: string,
  cost: exactObject({
    currency_amount: { type: "string", description: "Dollars, e.g. 19.99" },
    unit_amount: cents,
    currency: string,
  }),
  subscription_details: exactObject({ interval: integer, interval_type: string, trial_days: integer }),
  kind: { type: "string", enum: ["recurring", "prepaid", "item", "lifetime"] },
});

const subscriptionAnswer = { 200: ref(Subscription) } as const;

/**
 * What choosing a plan would charge and when: a checkout (free until `charge_date` when the server grants a trial,
 * else `due_now` today), the member's plan change (charged at the period end) or resuming a paused membership (a new
 * period, charged at once). `total_price` is the first charge after promo codes, `renewal_price` later ones.
 */
const quoteSchema = exactObject({
  kind: { type: "string", enum: ["checkout", "plan_change", "unpause"] },
  subscription_id: nullableString,
  sku: string,
  name: string,
  currency: string,
  trial_days: integer,
  due_now: cents,
  base_price: cents,
  discount: cents,
  total_price: cents,
  discount_codes: strings,
  charge_date: nullableString,
  renewal_price: { type: ["integer", "null"], description: "Cents; null when the plan does not renew" },
  interval: integer,
  interval_type: string,
});

/** The Coupon of spec section 3: `amount` is a percent for percentage coupons and cents for amount coupons. */
const couponSchema = exactObject({
  code: string,
  amount: { type: "number" },
  type: { type: "string", enum: ["percentage", "amount"] },
  is_active: { type: "boolean", description: "Usable now: switched on and inside its validity dates" },
  valid_until: nullableString,
  currency: string,
});

const couponEntryFields = {
  provider: { type: "string", enum: ["stripe", "recharge"] },
  coupon_code: { type: "string", minLength: 1, maxLength: 64 },
  identifier: { type: "string", minLength: 1, maxLength: 200 },
} as const;

/** " Studio@Example.com " is the same address as "studio@example.com". */
async function trimEmail(request: FastifyRequest) {
  const body = request.body as { email?: unknown } | null;
  if (body && typeof body === "object" && typeof body.email === "string") body.email = body.email.trim();
}

export async function membershipRoutes(instance: FastifyInstance, { ctx }: RouteOptions) {
  const app = typed(instance);
  const membership = createMembership({
    db: ctx.db,
    clock: ctx.clock,
    mailer: ctx.mailer,
    billing: ctx.billing,
    publicUrl: ctx.config.publicUrl,
  });
  const { subscriptions, studioLink } = membership;
  const member = { onRequest: app.requireMember };
  /** Routes that buy or commit to future charges: 503 when billing is off. */
  const purchase = { onRequest: [app.requireMember, ...billingGuard(ctx.billing)] };
  const limit = async (key: string, max: number, message: string) => {
    const wait = await ctx.rateLimiter.consume(key, max, 15 * 60_000);
    if (wait) throw tooManyRequests(message, wait);
  };

  app.get(
    "/subscriptions/v1/products",
    {
      schema: {
        tags,
        summary: "Products by SKU (repeat sku=…); every product without one",
        querystring: strictObject({
          sku: { type: "array", items: { type: "string", minLength: 1, maxLength: 64 }, maxItems: 50 },
        }),
        response: { 200: exactObject({ items: { type: "array", items: productSchema } }) },
      },
    },
    async (request) => {
      const skus = request.query.sku ?? [];
      const products = await listProducts(ctx.db, skus);
      const unknown = skus.filter((sku) => !products.some((p) => p.sku === sku));
      if (unknown.length)
        throw badRequest(
          unknown.length === 1 ? `Unknown SKU ${unknown[0]}` : unknown.map((sku) => `Unknown SKU ${sku}`),
        );
      return { items: products.map(presentProduct) };
    },
  );

  app.get(
    "/v2/subscriptions/subs",
    {
      ...member,
      schema: {
        tags,
        summary: "The member's current subscription (404 when none)",
        security: memberSecurity,
        response: subscriptionAnswer,
      },
    },
    async (request) => subscriptions.current(memberOf(request).id),
  );

  app.get(
    "/v2/subscriptions/subs/all",
    {
      ...member,
      schema: {
        tags,
        summary: "Every subscription of the member",
        security: memberSecurity,
        response: { 200: exactObject({ items: { type: "array", items: ref(Subscription) } }) },
      },
    },
    async (request) => ({
      items: await subscriptions.all(memberOf(request).id),
    }),
  );

  const promoCodes = { type: "array", items: { type: "string", minLength: 1, maxLength: 64 }, maxItems: 10 } as const;

  app.post(
    "/v2/subscriptions/subs",
    {
      ...purchase,
      schema: {
        tags,
        summary:
          "Subscribe to a product (sandbox checkout): trials start free, otherwise the default card is charged; promo codes discount the first charged period",
        security: memberSecurity,
        body: strictObject({ sku: { type: "string", minLength: 1, maxLength: 64 }, promo_codes: promoCodes }, ["sku"]),
        response: subscriptionAnswer,
      },
    },
    async (request) => subscriptions.start(memberOf(request).id, request.body.sku, request.body.promo_codes),
  );

  app.get(
    "/v2/subscriptions/subs/quote",
    {
      ...member,
      schema: {
        tags,
        summary:
          "What choosing a plan (with promo codes) would charge and when: the checkout, or the member's plan change; changes nothing",
        security: memberSecurity,
        querystring: strictObject({ sku: { type: "string", minLength: 1, maxLength: 64 }, promo_code: promoCodes }, [
          "sku",
        ]),
        response: { 200: quoteSchema },
      },
    },
    async (request) => subscriptions.quote(memberOf(request).id, request.query.sku, request.query.promo_code),
  );

  app.put(
    "/v2/subscriptions/subs/plan",
    {
      ...purchase,
      schema: {
        tags,
        summary: "Change the plan at the end of the current period",
        security: memberSecurity,
        body: strictObject(
          {
            subscription_id: { type: "string", minLength: 1, maxLength: 100 },
            user_id: text(100),
            identifier: text(200),
            charge_interval_frequency: { type: "integer", minimum: 1, maximum: 12 },
            order_interval_frequency: { type: "integer", minimum: 1, maximum: 12 },
            order_interval_unit: text(20),
            product_id: text(64),
            shopify_variant_id: { type: ["string", "integer"] },
            sku: { type: "string", minLength: 1, maxLength: 64 },
            stripe_promo_code: { type: ["string", "null"], maxLength: 64 },
          },
          ["subscription_id"],
        ),
        response: subscriptionAnswer,
      },
    },
    async (request) =>
      subscriptions.changePlan(memberOf(request).id, {
        ...request.body,
        stripe_promo_code: request.body.stripe_promo_code ?? undefined,
      }),
  );

  app.post(
    "/v2/subscriptions/subs/:id/cancel",
    {
      ...member,
      schema: {
        tags,
        summary: "Cancel at the end of the period, with a reason (free text for other)",
        security: memberSecurity,
        params: idParams,
        body: strictObject(
          {
            reason: { type: "string", enum: [...CANCEL_REASONS] },
            explanation: text(1000),
            subscription_id: text(100),
          },
          ["reason"],
        ),
        response: subscriptionAnswer,
      },
    },
    async (request) => {
      if (request.body.subscription_id && request.body.subscription_id !== request.params.id)
        throw badRequest("subscription_id does not match the path");
      return subscriptions.cancel(
        memberOf(request).id,
        request.params.id,
        request.body.reason,
        request.body.explanation,
      );
    },
  );

  app.post(
    "/v2/subscriptions/subs/:id/reactivate",
    {
      ...purchase,
      schema: {
        tags,
        summary: "Undo a cancellation before the period ends",
        security: memberSecurity,
        body: noBody,
        params: idParams,
        response: subscriptionAnswer,
      },
    },
    async (request) => subscriptions.reactivate(memberOf(request).id, request.params.id),
  );

  app.post(
    "/v2/subscriptions/subs/:id/recharge/unpause",
    {
      ...purchase,
      schema: {
        tags,
        summary: "Resume a paused recharge subscription (charges the default card)",
        security: memberSecurity,
        body: noBody,
        params: idParams,
        response: subscriptionAnswer,
      },
    },
    async (request) => subscriptions.unpause(memberOf(request).id, request.params.id),
  );

  app.post(
    "/v2/subscriptions/subs/:id/pause",
    {
      ...member,
      schema: {
        tags,
        summary:
          "Pause for 1 to 3 months from the end of the current period: no charge during the pause, access and billing resume on their own at resumes_at",
        security: memberSecurity,
        params: idParams,
        body: exactObject({ months: { type: "integer", enum: [...PAUSE_MONTHS] } }),
        response: subscriptionAnswer,
      },
    },
    async (request) => subscriptions.schedulePause(memberOf(request).id, request.params.id, request.body.months),
  );

  app.post(
    "/v2/subscriptions/subs/:id/pause/cancel",
    {
      ...purchase,
      schema: {
        tags,
        summary: "Withdraw a pause that has not started: the membership renews at the period end as before",
        security: memberSecurity,
        body: noBody,
        params: idParams,
        response: subscriptionAnswer,
      },
    },
    async (request) => subscriptions.cancelPause(memberOf(request).id, request.params.id),
  );

  app.post(
    "/v2/subscriptions/subs/:id/unpause",
    {
      ...purchase,
      schema: {
        tags,
        summary:
          "Resume a paused membership now (a self-serve pause ended early, or a recharge one): a new period starts today, charged to the default card",
        security: memberSecurity,
        body: noBody,
        params: idParams,
        response: subscriptionAnswer,
      },
    },
    async (request) => subscriptions.unpause(memberOf(request).id, request.params.id, false),
  );

  app.put(
    "/v2/subscriptions/subs/billing-address/:id",
    {
      ...member,
      schema: {
        tags,
        summary: "Save the billing address of a subscription (USA or Canada)",
        security: memberSecurity,
        params: idParams,
        body: strictObject(
          {
            // The address rule's limits (src/domain/billing-address.ts), which the form's maxlength uses too.
            address1: text(ADDRESS_LIMITS.address1),
            address2: text(ADDRESS_LIMITS.address2),
            city: text(ADDRESS_LIMITS.city),
            country: text(60),
            phone: text(ADDRESS_LIMITS.phone),
            state: text(ADDRESS_LIMITS.state),
            zip: text(ADDRESS_LIMITS.zip),
            subscriptionId: text(100),
          },
          ["address1", "country", "state"],
        ),
        response: { 200: ref(BillingAddress) },
      },
    },
    async (request) => saveBillingAddress(ctx.db, ctx.clock, memberOf(request).id, request.params.id, request.body),
  );

  app.get(
    "/v2/subscriptions/coupon-codes/:code",
    {
      ...member,
      schema: {
        tags,
        summary: "Look up a promo code (404 when unknown)",
        security: memberSecurity,
        params: exactObject({ code: { type: "string", minLength: 1, maxLength: 64 } }),
        response: { 200: couponSchema },
      },
    },
    async (request) => couponByCode(ctx.db, request.params.code, ctx.clock.now()),
  );

  app.post(
    "/v2/subscriptions/subs/coupon-codes",
    {
      ...member,
      schema: {
        tags,
        summary: "Apply promo codes to subscriptions (all or nothing)",
        security: memberSecurity,
        body: exactObject({
          coupons: {
            type: "array",
            minItems: 1,
            maxItems: 10,
            items: strictObject(couponEntryFields, ["provider", "coupon_code", "identifier"]),
          },
        }),
        response: {
          200: exactObject({
            success: { type: "boolean", const: true },
            items: {
              type: "array",
              description: "Per coupon: the subscription's next invoice with it applied",
              items: strictObject(
                {
                  ...couponEntryFields,
                  subscription_id: string,
                  success: { type: "boolean", const: true },
                  base_price: cents,
                  discount: cents,
                  total_price: cents,
                  currency: string,
                },
                [
                  "provider",
                  "coupon_code",
                  "identifier",
                  "subscription_id",
                  "success",
                  "base_price",
                  "discount",
                  "total_price",
                  "currency",
                ],
              ),
            },
          }),
        },
      },
    },
    async (request) => {
      const { id } = memberOf(request);
      const applied = await applyCoupons(ctx.db, id, request.body.coupons, ctx.clock.now());
      const items = [];
      for (const { entry, sub } of applied) {
        const view = await subscriptions.present(await ownSubscription(ctx.db, id, sub.id));
        items.push({
          ...entry,
          subscription_id: sub.id,
          success: true as const,
          base_price: view.base_price,
          discount: view.discount,
          total_price: view.total_price,
          currency: view.currency,
        });
      }
      return { success: true as const, items };
    },
  );

  app.post(
    "/v2/subscriptions/subs/marianatek/email-request/",
    {
      ...member,
      preValidation: trimEmail,
      schema: {
        tags,
        summary: "Email a confirmation link to a studio unlimited membership's address",
        security: memberSecurity,
        body: exactObject({ email: emailSchema }),
      },
    },
    async (request) => {
      const { id } = memberOf(request);
      await limit(`studio-link:${id}`, 5, EMAIL_FAILED);
      return studioLink.requestLink(id, request.body.email);
    },
  );

  app.post(
    "/v2/subscriptions/subs/create-marianatek",
    {
      ...member,
      schema: {
        tags,
        summary: "Confirm the emailed link: the studio unlimited membership is linked",
        security: memberSecurity,
        body: exactObject({ token: { type: "string", minLength: 1, maxLength: 200 } }),
      },
    },
    async (request) => studioLink.confirm(memberOf(request).id, request.body.token),
  );

  app.post(
    "/v2/subscriptions/customers/notifications/:type",
    {
      ...member,
      schema: {
        tags,
        summary: "Email the member a billing notification",
        security: memberSecurity,
        body: noBody,
        params: exactObject({ type: { type: "string", enum: [...NOTIFICATION_TYPES] } }),
      },
    },
    async (request) => {
      const { id } = memberOf(request);
      await limit(`notify:${id}`, 5, "Too many emails. Please wait a few minutes and try again.");
      return sendCustomerNotification(membership.deps, id, request.params.type);
    },
  );

  app.get(
    "/v2/subscriptions/subs/recharge/customer-portal",
    {
      ...member,
      schema: {
        tags,
        summary: "Where a recharge subscription is managed",
        security: memberSecurity,
        response: { 200: exactObject({ portalUrl: string }) },
      },
    },
    async (request) => {
      const { id } = memberOf(request);
      const subs = await listSubscriptions(ctx.db, id);
      if (!subs.some((s) => s.provider === "recharge")) throw notFound("No recharge subscription");
      return { portalUrl: membership.billing.customerPortalUrl(id) };
    },
  );
}
