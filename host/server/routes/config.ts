import type { FastifyInstance } from "fastify";
import type { RouteOptions } from "../context.js";
import { exactObject, strictObject } from "../schemas.js";
import { loadFeatureFlags, siteConfig } from "../services/site-config.js";

const string = { type: "string" } as const;

/**
 * The client configuration (api-contract.md "Config and content"): provider roles under provider-neutral names.
 * `auth` and `analytics` are open maps (each provider names its own settings); `features` maps every flag of
 * FITKIT_FEATURES to on or off, `referral` and `multiSubscription` always among them.
 */
const configAnswer = exactObject({
  environment: string,
  apiBase: string,
  video: strictObject({ provider: string, envKey: string }, ["provider"]),
  music: exactObject({ provider: string }),
  auth: { type: "object", additionalProperties: true },
  analytics: { type: "object", additionalProperties: true },
  embedOrigins: {
    type: "array",
    items: string,
    description: "Origins of the sites embedding the widgets (FITKIT_ALLOWED_ORIGINS), trusted by the booking popup",
  },
  store: exactObject({
    url: {
      type: ["string", "null"],
      description: "Where a visitor starts a membership: an external store, or null for the in-app funnel",
    },
  }),
  billing: exactObject({
    provider: { type: "string", enum: ["sandbox", "stripe", "off"], description: "Who takes cards" },
  }),
  features: {
    type: "object",
    properties: { referral: { type: "boolean" }, multiSubscription: { type: "boolean" } },
    required: ["referral", "multiSubscription"],
    additionalProperties: { type: "boolean" },
  },
});

export async function configRoutes(app: FastifyInstance, { ctx }: RouteOptions) {
  const features = loadFeatureFlags(process.env);
  app.get(
    "/config.json",
    {
      schema: {
        tags: ["content"],
        summary: "Client configuration: environment, API base, providers and feature flags",
        response: { 200: configAnswer },
      },
    },
    async (request) => siteConfig(ctx.config, features, request.host),
  );
}
