import type { FastifyInstance } from "fastify";
import type { RouteOptions } from "../context.js";
import { ping } from "../db/index.js";

export async function healthRoutes(app: FastifyInstance, { ctx }: RouteOptions) {
  app.get(
    "/health",
    { schema: { tags: ["platform"], summary: "Database reachability and readiness" } },
    async (_request, reply) => {
      const database = await ping(ctx.db);
      const checks = Object.fromEntries([...ctx.readiness].map(([name, check]) => [name, check()]));
      const ready = database && Object.values(checks).every(Boolean);
      return reply.status(ready ? 200 : 503).send({
        status: ready ? "ok" : "unavailable",
        database: database ? "up" : "down",
        databaseKind: ctx.database.kind,
        // Reported, not a readiness check: while Redis is down, limits are counted in each process's memory.
        redis: ctx.rateLimiter.redis(),
        ready,
        checks,
      });
    },
  );
}
