/**
 * Bounds the CPU password checks take: at most `slots` run at once, and one account's checks run one after
 * another, so they hold one slot at most. A burst of checks against one account (a stolen token guessing the
 * password, a script replaying a sign-in) then waits behind itself while everyone else's sign-ins take the other
 * slots, instead of queueing every request in the thread pool behind argon2 work.
 */
export class VerificationQueue {
  #active = 0;
  #waiting: (() => void)[] = [];
  /** Per account, the end of its last queued check. */
  #tails = new Map<string, Promise<void>>();

  constructor(private readonly slots: number) {}

  /** Runs `work` when a slot is free and, for an account, after that account's earlier checks. */
  run<T>(account: string | undefined, work: () => Promise<T>): Promise<T> {
    if (account === undefined) return this.#inSlot(work);
    const result = (this.#tails.get(account) ?? Promise.resolve()).then(() => this.#inSlot(work));
    const tail = result.then(
      () => undefined,
      () => undefined,
    );
    this.#tails.set(account, tail);
    void tail.then(() => {
      if (this.#tails.get(account) === tail) this.#tails.delete(account);
    });
    return result;
  }

  async #inSlot<T>(work: () => Promise<T>): Promise<T> {
    // A finished check hands its slot straight to the next waiting one, so the count holds across the handover.
    if (this.#active < this.slots) this.#active++;
    else await new Promise<void>((resolve) => this.#waiting.push(resolve));
    try {
      return await work();
    } finally {
      const next = this.#waiting.shift();
      if (next) next();
      else this.#active--;
    }
  }
}
