/**
 * Request counters per key ("sign-in:address:y", "check-email:address:z"): fixed windows for plain limits and an
 * exponential backoff for password guesses. Two stores share these semantics: this process's memory (the embedded
 * default, one process) and Redis (redis-rate-limiter.ts), which several processes behind a balancer share.
 * Both take "now" from the server Clock, so tests move time instead of waiting.
 */
export interface RateLimiter {
  /**
   * Counts one request in a fixed window; answers the ms to wait: 0 while the key is within `limit`, else until the
   * window ends. (Named apart from the old synchronous `hit(): boolean`, whose truthiness meant the opposite.)
   */
  consume(key: string, limit: number, windowMs: number): Promise<number>;
  /**
   * Counts one attempt under `backoff`: 0 when it may go ahead (and it is counted), else the ms still to wait,
   * uncounted. Counting before the outcome is known stops a burst of parallel guesses slipping through together.
   */
  attempt(key: string, backoff: Backoff): Promise<number>;
  /** Forgets a key, e.g. an account's failures after a successful sign-in. */
  reset(key: string): Promise<void>;
  /** Redis's state for /health: none configured, answering, or unreachable (counting in memory meanwhile). */
  redis(): "off" | "up" | "down";
  close(): Promise<void>;
}

/**
 * The first `free` attempts go through; after that each must come `baseMs · 2^k` after the previous counted one
 * (k = attempts past `free`), at most `maxMs`. The count is forgotten `forgetMs` after the last counted attempt.
 */
export interface Backoff {
  free: number;
  baseMs: number;
  maxMs: number;
  forgetMs: number;
}

/** Ms an attempt must still wait, given the attempts counted so far and when the last one was. */
function backoffWait(backoff: Backoff, count: number, lastAt: number, now: number): number {
  if (count < backoff.free) return 0;
  const delay = Math.min(backoff.maxMs, backoff.baseMs * 2 ** (count - backoff.free));
  return Math.max(0, lastAt + delay - now);
}

interface Entry {
  count: number;
  /** Fixed window: when it ends. Backoff: the last counted attempt. */
  at: number;
  expiresAt: number;
}

/** The store for one process. */
export class MemoryRateLimiter implements RateLimiter {
  #entries = new Map<string, Entry>();
  constructor(private readonly now: () => number) {}

  async consume(key: string, limit: number, windowMs: number): Promise<number> {
    const t = this.now();
    const e = this.#live(key, t) ?? this.#set(key, { count: 0, at: t + windowMs, expiresAt: t + windowMs }, t);
    e.count += 1;
    return e.count <= limit ? 0 : e.at - t;
  }

  async attempt(key: string, backoff: Backoff): Promise<number> {
    const t = this.now();
    const e = this.#live(key, t);
    const wait = e ? backoffWait(backoff, e.count, e.at, t) : 0;
    if (wait > 0) return wait;
    this.#set(key, { count: (e?.count ?? 0) + 1, at: t, expiresAt: t + backoff.forgetMs }, t);
    return 0;
  }

  async reset(key: string): Promise<void> {
    this.#entries.delete(key);
  }

  redis(): "off" {
    return "off";
  }

  async close(): Promise<void> {
    this.#entries.clear();
  }

  #live(key: string, t: number): Entry | undefined {
    const e = this.#entries.get(key);
    return e && e.expiresAt > t ? e : undefined;
  }

  #set(key: string, entry: Entry, t: number): Entry {
    this.#entries.set(key, entry);
    if (this.#entries.size > 50_000) for (const [k, e] of this.#entries) if (e.expiresAt <= t) this.#entries.delete(k);
    return entry;
  }
}
