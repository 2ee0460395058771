import { Redis } from "ioredis";
import type { Backoff, RateLimiter } from "./rate-limiter.js";

/**
 * The rate-limit store shared by every process on one Redis (REDIS_URL). Each count is one Lua script, so
 * concurrent requests on different processes read and update it atomically. "Now" comes from the caller (the
 * server Clock) like the memory store; Redis's own expiry only clears keys once they no longer matter.
 *
 * A hand-written script rather than @fastify/rate-limit: sign-in needs per-account keys known only after the body
 * is parsed, counts reset on success and an exponential backoff, none of which that plugin's fixed window offers.
 */

// KEYS[1] key; ARGV now, limit, windowMs. Answers 0 or the ms left in the window.
const CONSUME = `
local now = tonumber(ARGV[1])
local ends = tonumber(redis.call('HGET', KEYS[1], 'at') or '0')
local count
if ends <= now then
  ends = now + tonumber(ARGV[3])
  count = 1
  redis.call('HSET', KEYS[1], 'count', 1, 'at', ends)
  redis.call('PEXPIRE', KEYS[1], ARGV[3])
else
  count = redis.call('HINCRBY', KEYS[1], 'count', 1)
end
if count <= tonumber(ARGV[2]) then return 0 end
return ends - now
`;

// KEYS[1] key; ARGV now, free, baseMs, maxMs, forgetMs. Mirrors backoffWait in rate-limiter.ts.
const ATTEMPT = `
local now = tonumber(ARGV[1])
local free = tonumber(ARGV[2])
local count = tonumber(redis.call('HGET', KEYS[1], 'count') or '0')
local last = tonumber(redis.call('HGET', KEYS[1], 'at') or '0')
if count > 0 and now - last >= tonumber(ARGV[5]) then count = 0 end
if count >= free then
  local wait = last + math.min(tonumber(ARGV[4]), tonumber(ARGV[3]) * 2 ^ (count - free)) - now
  if wait > 0 then return math.ceil(wait) end
end
redis.call('HSET', KEYS[1], 'count', count + 1, 'at', ARGV[1])
redis.call('PEXPIRE', KEYS[1], ARGV[5])
return 0
`;

interface Scripts {
  fitkitConsume(key: string, now: number, limit: number, windowMs: number): Promise<number>;
  fitkitAttempt(
    key: string,
    now: number,
    free: number,
    baseMs: number,
    maxMs: number,
    forgetMs: number,
  ): Promise<number>;
}

export interface RedisRateLimiterOptions {
  url: string;
  /** Prepended to every key, so several deployments (or test runs) can share one Redis. */
  prefix: string;
  now: () => number;
  /**
   * Redis unreachable mid-request: the request goes ahead (fail open) and this reports it. Refusing every sign-in
   * while Redis is down would turn its outage into ours.
   */
  onError: (error: unknown) => void;
}

/** Connects (failing start-up when Redis cannot be reached) and answers the shared store. */
export async function connectRedisRateLimiter(options: RedisRateLimiterOptions): Promise<RateLimiter> {
  const redis = new Redis(options.url, {
    keyPrefix: options.prefix,
    lazyConnect: true,
    // A count that cannot be had quickly is let through (see onError) rather than holding the request.
    maxRetriesPerRequest: 1,
    commandTimeout: 1000,
  }) as Redis & Scripts;
  let lastError: unknown;
  redis.on("error", (error) => {
    // Connection errors also fail the commands in flight, which report them through onError.
    lastError = error;
  });
  try {
    await redis.connect();
  } catch (error) {
    redis.disconnect(); // stop ioredis reconnecting forever in the background
    throw new Error(
      `REDIS_URL: cannot connect to Redis (${String((lastError as Error | undefined)?.message ?? error)})`,
    );
  }
  redis.defineCommand("fitkitConsume", { numberOfKeys: 1, lua: CONSUME });
  redis.defineCommand("fitkitAttempt", { numberOfKeys: 1, lua: ATTEMPT });

  const failOpen = (error: unknown) => {
    options.onError(error);
    return 0;
  };
  return {
    consume: (key, limit, windowMs) => redis.fitkitConsume(key, options.now(), limit, windowMs).then(Number, failOpen),
    attempt: (key, b: Backoff) =>
      redis.fitkitAttempt(key, options.now(), b.free, b.baseMs, b.maxMs, b.forgetMs).then(Number, failOpen),
    reset: (key) =>
      redis
        .del(key)
        .then(() => undefined, failOpen)
        .then(() => undefined),
    close: () =>
      redis.quit().then(
        () => undefined,
        () => redis.disconnect(), // Redis already gone: nothing to say goodbye to
      ),
  };
}
