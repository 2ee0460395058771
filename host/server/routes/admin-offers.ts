import type { FastifyInstance, FastifyRequest } from "fastify";
import { memberOf } from "../context.js";
import { errorSchema, exactObject, memberSecurity, noBody, strictObject } from "../schemas.js";
import type { Actor, ConsoleArea } from "../services/operator-access.js";
import { typed } from "./typed.js";

const string = { type: "string" } as const;
const integer = { type: "integer" } as const;
const boolean = { type: "boolean" } as const;
const nullableString = { type: ["string", "null"] } as const;
const nullableInteger = { type: ["integer", "null"] } as const;
const dateTime = { type: "string", format: "date-time" } as const;
const nullableDateTime = { type: ["string", "null"], format: "date-time" } as const;
const sku = { type: "string", minLength: 1, maxLength: 60, pattern: "^[A-Za-z0-9][A-Za-z0-9_.-]*$" } as const;
const currency = { type: "string", pattern: "^[A-Z]{3}$", default: "USD" } as const;
const cents = { type: "integer", minimum: 0, maximum: 10_000_000, description: "integer cents" } as const;
const codeText = {
  type: "string",
  minLength: 3,
  maxLength: 40,
  pattern: "^[A-Za-z0-9][A-Za-z0-9_-]*$",
  description: "letters, digits, dashes and underscores (stored upper case)",
} as const;
const skuParam = exactObject({ sku });
const codeParam = exactObject({ code: codeText });

const priceRow = exactObject({ unit_amount: integer, new_from: nullableDateTime, existing_from: nullableDateTime });
const product = exactObject({
  sku: string,
  name: string,
  kind: string,
  interval: integer,
  interval_type: string,
  trial_days: integer,
  unit_amount: integer,
  currency: string,
  provider: string,
  entitlements: { type: "array", items: string },
  retired_at: nullableDateTime,
  subscribers: { type: "integer", description: "memberships on this plan that have not ended" },
  prices: {
    type: "array",
    items: priceRow,
    description:
      "Price history since the first reprice, oldest first: new subscribers pay a row's price from new_from, " +
      "earlier subscribers from their first renewal at or after existing_from (null: since the beginning)",
  },
});
const newProduct = strictObject(
  {
    sku,
    name: { type: "string", minLength: 1, maxLength: 120, pattern: "^[^\\u0000-\\u001f]*\\S[^\\u0000-\\u001f]*$" },
    kind: { type: "string", enum: ["recurring", "prepaid"] },
    interval: { type: "integer", minimum: 1, maximum: 36 },
    interval_type: { type: "string", enum: ["day", "week", "month"] },
    trial_days: { type: "integer", minimum: 0, maximum: 90, default: 0 },
    unit_amount: cents,
    currency,
    provider: { type: "string", enum: ["stripe", "recharge"], default: "stripe" },
    entitlements: {
      type: "array",
      minItems: 1,
      maxItems: 10,
      uniqueItems: true,
      items: { type: "string", minLength: 1, maxLength: 40, pattern: "^[a-z0-9_-]+$" },
      default: ["digital"],
    },
  },
  ["sku", "name", "kind", "interval", "interval_type", "unit_amount"],
);

const ruleFields = {
  is_active: { ...boolean, default: true },
  valid_from: { ...nullableDateTime, default: null },
  valid_until: { ...nullableDateTime, default: null },
  max_redemptions: { type: ["integer", "null"], minimum: 1, maximum: 10_000_000, default: null },
  once_per_member: { ...boolean, default: true },
  new_members_only: { ...boolean, default: false },
  skus: { type: "array", maxItems: 20, uniqueItems: true, items: sku, default: [] },
} as const;
const termFields = {
  type: { type: "string", enum: ["percentage", "amount"] },
  amount: {
    type: "number",
    exclusiveMinimum: 0,
    maximum: 10_000_000,
    description: "percent off (up to 100, two decimals) or integer cents off",
  },
  currency,
  duration: { type: "string", enum: ["once", "repeating", "forever"], default: "once" },
  duration_periods: { type: ["integer", "null"], minimum: 1, maximum: 120, default: null },
} as const;
const promoCode = exactObject({
  code: string,
  type: { type: "string", enum: ["percentage", "amount"] },
  amount: { type: "number" },
  currency: string,
  duration: { type: "string", enum: ["once", "repeating", "forever"] },
  duration_periods: nullableInteger,
  is_active: boolean,
  valid_from: nullableDateTime,
  valid_until: nullableDateTime,
  max_redemptions: nullableInteger,
  times_redeemed: { type: "integer", description: "redemptions made so far" },
  once_per_member: boolean,
  new_members_only: boolean,
  skus: { type: "array", items: string },
  campaign: nullableString,
});
const campaignName = {
  type: "string",
  minLength: 1,
  maxLength: 80,
  pattern: "^[^\\u0000-\\u001f]*\\S[^\\u0000-\\u001f]*$",
} as const;

const refusals = { 400: errorSchema, 401: errorSchema, 403: errorSchema, 404: errorSchema, 409: errorSchema };

/**
 * The console's products and promo codes (/admin/v1, registered inside adminRoutes so its role check runs first):
 * admins and viewers read them (area `offers`), only admins change them (`offersEdit`); editors and support never
 * reach money.
 */
export async function adminOfferRoutes(instance: FastifyInstance) {
  const app = typed(instance);
  const { products, promoCodes: promos } = app.services;
  const actor = (request: FastifyRequest): Actor => {
    const member = memberOf(request);
    return { id: member.id, email: member.email };
  };
  const reads = { config: { consoleArea: "offers" as ConsoleArea } };
  const writes = { config: { consoleArea: "offersEdit" as ConsoleArea } };
  const common = { tags: ["admin"], security: memberSecurity };

  app.get(
    "/products",
    {
      ...reads,
      schema: {
        ...common,
        summary: "Every product with its price history, retirement and subscriber count",
        response: { 200: exactObject({ items: { type: "array", items: product } }), ...refusals },
      },
    },
    async () => ({ items: await products.list() }),
  );

  app.post(
    "/products",
    {
      ...writes,
      schema: {
        ...common,
        summary: "Create a plan sold through the app's checkout; admins only",
        body: newProduct,
        response: { 200: product, ...refusals },
      },
    },
    async (request) => {
      const b = request.body;
      return products.create(actor(request), {
        sku: b.sku,
        name: b.name.trim(),
        kind: b.kind,
        interval: b.interval,
        interval_type: b.interval_type,
        trial_days: b.trial_days,
        unit_amount: b.unit_amount,
        currency: b.currency,
        provider: b.provider,
        entitlements: b.entitlements,
      });
    },
  );

  app.post(
    "/products/:sku/reprice",
    {
      ...writes,
      schema: {
        ...common,
        summary:
          "A new price: new subscribers pay it now, existing subscribers keep theirs until existing_from; admins only",
        params: skuParam,
        body: exactObject({ unit_amount: cents, existing_from: dateTime }),
        response: { 200: product, ...refusals },
      },
    },
    async (request) =>
      products.reprice(
        actor(request),
        request.params.sku,
        request.body.unit_amount,
        new Date(request.body.existing_from),
      ),
  );

  app.post(
    "/products/:sku/retire",
    {
      ...writes,
      schema: {
        ...common,
        summary: "Stop selling a product: no new subscriptions, existing ones continue; admins only",
        params: skuParam,
        body: noBody,
        response: { 200: product, ...refusals },
      },
    },
    async (request) => products.retire(actor(request), request.params.sku),
  );

  app.get(
    "/promo-codes",
    {
      ...reads,
      schema: {
        ...common,
        summary: "Promo codes, newest first, with their redemption counts; `q` finds by code",
        querystring: strictObject({
          q: { type: "string", maxLength: 40 },
          campaign: { type: "string", maxLength: 80 },
          limit: { type: "integer", minimum: 1, maximum: 1000, default: 50 },
          offset: { type: "integer", minimum: 0, maximum: 1_000_000, default: 0 },
        }),
        response: {
          200: exactObject({
            items: { type: "array", items: promoCode },
            total: integer,
            campaigns: {
              type: "array",
              items: exactObject({ campaign: string, codes: integer, redemptions: integer }),
            },
          }),
          ...refusals,
        },
      },
    },
    async (request) => {
      const { q, campaign, limit = 50, offset = 0 } = request.query;
      const page = await promos.list({ limit, offset, ...(q ? { q } : {}), ...(campaign ? { campaign } : {}) });
      return { ...page, campaigns: await promos.campaigns() };
    },
  );

  app.post(
    "/promo-codes",
    {
      ...writes,
      schema: {
        ...common,
        summary: "Create a promo code; admins only",
        body: strictObject({ code: codeText, ...termFields, ...ruleFields }, ["code", "type", "amount"]),
        response: { 200: promoCode, ...refusals },
      },
    },
    async (request) => promos.create(actor(request), withDefaults(request.body)),
  );

  app.post(
    "/promo-codes/campaigns",
    {
      ...writes,
      schema: {
        ...common,
        summary: "Create `count` unique codes PREFIX-XXXXXXXX with the same terms for a campaign; admins only",
        body: strictObject(
          {
            campaign: campaignName,
            prefix: { type: "string", minLength: 2, maxLength: 20, pattern: "^[A-Za-z0-9]+$" },
            count: { type: "integer", minimum: 1, maximum: 1000 },
            ...termFields,
            ...ruleFields,
          },
          ["campaign", "prefix", "count", "type", "amount"],
        ),
        response: {
          200: exactObject({ campaign: string, codes: { type: "array", items: string } }),
          ...refusals,
        },
      },
    },
    async (request) => {
      const b = request.body;
      return promos.createCampaign(actor(request), {
        ...withDefaults(b),
        campaign: b.campaign,
        prefix: b.prefix,
        count: b.count,
      });
    },
  );

  app.put(
    "/promo-codes/:code",
    {
      ...writes,
      schema: {
        ...common,
        summary: "Change who may use a code and when (what it takes off stays); admins only",
        params: codeParam,
        body: strictObject(ruleFields, Object.keys(ruleFields) as (keyof typeof ruleFields)[]),
        response: { 200: promoCode, ...refusals },
      },
    },
    async (request) => {
      const b = request.body;
      return promos.update(actor(request), request.params.code, {
        is_active: b.is_active,
        valid_from: b.valid_from ?? null,
        valid_until: b.valid_until ?? null,
        max_redemptions: b.max_redemptions ?? null,
        once_per_member: b.once_per_member,
        new_members_only: b.new_members_only,
        skus: b.skus,
      });
    },
  );
}

/** A new code's body with the schema's defaults made explicit. */
function withDefaults(b: {
  code?: string;
  type: "percentage" | "amount";
  amount: number;
  currency?: string;
  duration?: "once" | "repeating" | "forever";
  duration_periods?: number | null;
  is_active?: boolean;
  valid_from?: string | null;
  valid_until?: string | null;
  max_redemptions?: number | null;
  once_per_member?: boolean;
  new_members_only?: boolean;
  skus?: string[];
}) {
  return {
    code: b.code ?? "",
    type: b.type,
    amount: b.amount,
    currency: b.currency ?? "USD",
    duration: b.duration ?? "once",
    duration_periods: b.duration_periods ?? null,
    is_active: b.is_active ?? true,
    valid_from: b.valid_from ?? null,
    valid_until: b.valid_until ?? null,
    max_redemptions: b.max_redemptions ?? null,
    once_per_member: b.once_per_member ?? true,
    new_members_only: b.new_members_only ?? false,
    skus: b.skus ?? [],
  };
}
