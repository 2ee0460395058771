import type { FastifyInstance, FastifyRequest } from "fastify";
import type { RouteOptions } from "../context.js";
import { tooManyRequests } from "../errors.js";
import { exactObject, strictObject } from "../schemas.js";
import { ANALYTICS_EVENT_TYPES, ingestAnalyticsEvents, MAX_ANALYTICS_BATCH } from "../services/analytics.js";
import { typed } from "./typed.js";
import { CONSENT_CATEGORIES } from "../../../src/domain/consent.js";

const eventSchema = strictObject(
  {
    type: { type: "string", enum: ANALYTICS_EVENT_TYPES },
    name: { type: "string", minLength: 1, maxLength: 200 },
    anonymous_id: { type: "string", minLength: 1, maxLength: 100 },
    user_id: { type: "string", minLength: 1, maxLength: 100 },
    category: { type: "string", enum: [...CONSENT_CATEGORIES] },
    properties: { type: "object", maxProperties: 100, additionalProperties: true },
    occurred_at: { type: "string", format: "date-time" },
  },
  ["type", "anonymous_id", "category", "properties", "occurred_at"],
);

/** Batches per client address per minute: generous for a page, a wall for a flood. */
const BATCHES_PER_MINUTE = 300;

const deviceOf = (request: FastifyRequest) => {
  const device = request.headers["x-device"];
  return typeof device === "string" && device.length <= 32 ? device : undefined;
};

/**
 * The first-party analytics collector (the web clients' default sink): public, because visitors are tracked too once
 * they consent; a valid bearer token attributes the batch to that member.
 */
export async function analyticsRoutes(instance: FastifyInstance, { ctx }: RouteOptions) {
  const app = typed(instance);
  app.post(
    "/events",
    {
      onRequest: app.optionalMember,
      schema: {
        tags: ["analytics"],
        summary: `Collect up to ${MAX_ANALYTICS_BATCH} analytics events, each with the consent category it was collected under`,
        body: exactObject({
          events: { type: "array", minItems: 1, maxItems: MAX_ANALYTICS_BATCH, items: eventSchema },
        }),
        response: { 200: exactObject({ accepted: { type: "integer" } }) },
      },
    },
    async (request) => {
      const wait = await ctx.rateLimiter.consume(`analytics:address:${request.ip}`, BATCHES_PER_MINUTE, 60_000);
      if (wait) throw tooManyRequests("Too many analytics batches", wait);
      return ingestAnalyticsEvents(ctx.db, ctx.clock, request.member?.id, deviceOf(request), request.body.events);
    },
  );
}
