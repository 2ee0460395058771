import { Redis } from "ioredis";
import { MemoryRateLimiter, type Backoff, type RateLimiter } from "./rate-limiter.js";

/**
 * The rate-limit store shared by every process on one Redis (REDIS_URL). Each count is one Lua script, so
 * concurrent requests on different processes read and update it atomically. "Now" comes from the caller (the
 * server Clock) like the memory store; Redis's own expiry only clears keys once they no longer matter.
 *
 * A hand-written script rather than a library's: sign-in needs per-account keys known only after the body is
 * parsed, counts reset on success and an exponential backoff, and every count must follow the server Clock (tests
 * move it instead of waiting); rate-limiter-flexible's stores read Date.now() and Redis's own clock (measured:
 * docs/decisions/own-rate-limiter.md).
 *
 * While Redis cannot be reached, counts are made in this process's memory (an insurance store): limits keep holding,
 * per process, and a request never waits on a dead connection.
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

/** A count Redis has not answered by then is made in memory: Redis answers in well under a millisecond when well. */
const COMMAND_TIMEOUT_MS = 250;
/** How long the first connection may take before the server starts counting in memory. */
const CONNECT_TIMEOUT_MS = 2000;
/** Reconnection attempts back off to this, and go on until Redis is back or the server stops. */
const MAX_RECONNECT_DELAY_MS = 2000;

export interface RedisRateLimiterOptions {
  url: string;
  /** Prepended to every key, so several deployments (or test runs) can share one Redis. */
  prefix: string;
  now: () => number;
  /** Redis could not be reached (at start or later): counts go to this process's memory until it is back. */
  onDown: (error: unknown) => void;
  /** Redis answers again after being down: counts go to it again. */
  onUp: () => void;
}

/**
 * The shared store, connected (or still trying to connect, counting in memory meanwhile: a server starts whether or
 * not Redis is up, and follows it going down and coming back).
 */
export async function connectRedisRateLimiter(options: RedisRateLimiterOptions): Promise<RateLimiter> {
  const insurance = new MemoryRateLimiter(options.now);
  const redis = new Redis(options.url, {
    keyPrefix: options.prefix,
    lazyConnect: true,
    // While disconnected a count fails at once (and is made in memory) instead of waiting in a queue.
    enableOfflineQueue: false,
    maxRetriesPerRequest: 0,
    commandTimeout: COMMAND_TIMEOUT_MS,
    connectTimeout: CONNECT_TIMEOUT_MS,
    retryStrategy: (attempt) => Math.min(attempt * 200, MAX_RECONNECT_DELAY_MS),
  }) as Redis & Scripts;
  redis.defineCommand("fitkitConsume", { numberOfKeys: 1, lua: CONSUME });
  redis.defineCommand("fitkitAttempt", { numberOfKeys: 1, lua: ATTEMPT });

  let down = false;
  let closing = false;
  const wentDown = (error: unknown) => {
    if (down || closing) return;
    down = true;
    options.onDown(error);
  };
  // Connection errors also fail the counts in flight, which go to memory.
  redis.on("error", wentDown);
  redis.on("ready", () => {
    if (!down) return;
    down = false;
    options.onUp();
  });
  await redis.connect().catch(wentDown);

  /** Redis while it answers, memory while it does not. */
  const counted = (inRedis: () => Promise<unknown>, inMemory: () => Promise<number>): Promise<number> => {
    if (redis.status !== "ready") return inMemory();
    return inRedis().then(Number, (error: unknown) => {
      wentDown(error);
      return inMemory();
    });
  };
  return {
    consume: (key, limit, windowMs) =>
      counted(
        () => redis.fitkitConsume(key, options.now(), limit, windowMs),
        () => insurance.consume(key, limit, windowMs),
      ),
    attempt: (key, b: Backoff) =>
      counted(
        () => redis.fitkitAttempt(key, options.now(), b.free, b.baseMs, b.maxMs, b.forgetMs),
        () => insurance.attempt(key, b),
      ),
    async reset(key) {
      await insurance.reset(key);
      if (redis.status === "ready") await redis.del(key).catch(wentDown);
    },
    redis: () => (redis.status === "ready" ? "up" : "down"),
    async close() {
      closing = true;
      await insurance.close();
      // Redis already gone: nothing to say goodbye to.
      if (redis.status === "ready") await redis.quit().catch(() => redis.disconnect());
      else redis.disconnect();
    },
  };
}
