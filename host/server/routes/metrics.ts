import { createHash, timingSafeEqual } from "node:crypto";
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { RouteOptions } from "../context.js";
import { forbidden, HttpError } from "../errors.js";
import { fromThisMachine } from "../this-machine.js";

const digest = (text: string) => createHash("sha256").update(text).digest();

/**
 * `GET /metrics` (Prometheus text format, metrics.ts). With FITKIT_METRICS_TOKEN set, only a request bearing that token
 * is answered, from anywhere; without it, only requests from the machine the server runs on (this-machine.ts).
 */
export async function metricsRoutes(app: FastifyInstance, { ctx }: RouteOptions) {
  const token = ctx.config.metricsToken;
  const expected = token === undefined ? undefined : digest(`Bearer ${token}`);
  const allowed = async (request: FastifyRequest) => {
    if (expected) {
      // Compared as digests in constant time: equal lengths, and the time says nothing of the token.
      const given = request.headers.authorization;
      if (given === undefined || !timingSafeEqual(digest(given), expected))
        throw new HttpError(401, "Metrics need the bearer token of FITKIT_METRICS_TOKEN", {
          "www-authenticate": 'Bearer realm="fitkit metrics"',
        });
    } else if (!fromThisMachine(request))
      throw forbidden("Metrics are served to this machine only, unless FITKIT_METRICS_TOKEN is set");
  };

  app.get("/metrics", { onRequest: allowed, schema: { hide: true } }, async (_request, reply) =>
    reply
      .header("cache-control", "no-store")
      .type(ctx.metrics.contentType)
      .send(await ctx.metrics.text()),
  );
}
