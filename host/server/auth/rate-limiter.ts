/**
 * Fixed-window counters per key ("sign-in:account:x", "sign-in:address:y"). In memory: one process's view, which is
 * what the embedded default runs. Several processes behind a balancer each limit on their own share.
 */
export class RateLimiter {
  #windows = new Map<string, { count: number; resetAt: number }>();
  constructor(private readonly now: () => number) {}

  /** Counts one hit; true while the key is within its limit. */
  hit(key: string, limit: number, windowMs: number): boolean {
    const t = this.now();
    let w = this.#windows.get(key);
    if (!w || w.resetAt <= t) {
      w = { count: 0, resetAt: t + windowMs };
      this.#windows.set(key, w);
      if (this.#windows.size > 50_000) this.#sweep(t);
    }
    w.count += 1;
    return w.count <= limit;
  }

  /** Forgets a key, e.g. an account's failures after a successful sign-in. */
  reset(key: string): void {
    this.#windows.delete(key);
  }

  #sweep(t: number) {
    for (const [k, w] of this.#windows) if (w.resetAt <= t) this.#windows.delete(k);
  }
}
