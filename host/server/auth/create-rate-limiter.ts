import type { FastifyBaseLogger } from "fastify";
import type { Clock } from "../clock.js";
import type { ServerConfig } from "../config.js";
import { MemoryRateLimiter, type RateLimiter } from "./rate-limiter.js";
import { connectRedisRateLimiter } from "./redis-rate-limiter.js";

const errorText = (error: unknown) =>
  error instanceof AggregateError && !error.message
    ? String((error.errors[0] as Error | undefined)?.message)
    : String((error as Error | undefined)?.message ?? error);

/**
 * Redis when REDIS_URL is set, so every process behind a balancer counts together; otherwise this process's memory.
 * PGlite is one process by construction, so memory is the whole count there; on PostgreSQL several processes are
 * likely, and each would allow the full limit on its own: say so at start-up. A Redis that cannot be reached, at
 * start-up or later, is said too, and counts go to memory until it is back.
 */
export async function createRateLimiter(
  config: ServerConfig,
  clock: Clock,
  log: FastifyBaseLogger,
): Promise<RateLimiter> {
  const now = () => clock.now().getTime();
  if (config.redisUrl) {
    return connectRedisRateLimiter({
      url: config.redisUrl,
      prefix: config.redisPrefix,
      now,
      // One line each way, no stack: an outage is the operator's news, not a bug.
      onDown: (err) =>
        log.warn(
          `REDIS_URL: Redis is unreachable (${errorText(err)}): rate limits are counted in this process's memory until it is back`,
        ),
      onUp: () => log.info("REDIS_URL: Redis answers again: rate limits are counted in it again"),
    });
  }
  if (config.databaseUrl) {
    log.warn(
      "REDIS_URL is unset: rate limits are counted in this process's memory, so each server process allows the full limit on its own",
    );
  }
  return new MemoryRateLimiter(now);
}
