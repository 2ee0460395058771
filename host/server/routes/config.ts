import type { FastifyInstance } from "fastify";
import type { RouteOptions } from "../context.js";
import { loadFeatureFlags, siteConfig } from "../services/site-config.js";

export async function configRoutes(app: FastifyInstance, { ctx }: RouteOptions) {
  const features = loadFeatureFlags(process.env);
  app.get(
    "/config.json",
    {
      schema: {
        tags: ["content"],
        summary: "Client configuration: environment, API base, providers and feature flags",
      },
    },
    async (request) => siteConfig(ctx.config, features, request.host),
  );
}
