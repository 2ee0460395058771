import type { Clock } from "../clock.js";
import type { Db } from "../db/index.js";
import type { Mailer } from "../services/mail.js";
import { eraseDueAccounts, type ErasureReport } from "../services/account-deletion.js";
import type { JobLock } from "./job-lock.js";

/** Hourly: an erasure a little after the end of the grace period is on time (the app states the day). */
const ACCOUNT_ERASURE_INTERVAL_MS = 60 * 60_000;

/**
 * Erases the accounts whose deletion grace period has ended (services/account-deletion.ts): on an interval, under
 * the job lock (each account is also claimed under a row lock, so overlapping runs never erase one twice), until
 * stopped. `run` is one pass now, which tests call after moving the clock.
 */
export class AccountErasureJob {
  #timer: NodeJS.Timeout | undefined;
  #running: Promise<ErasureReport> | undefined;

  constructor(
    private readonly deps: {
      db: Db;
      clock: Clock;
      lock: JobLock;
      onError: (error: unknown) => void;
      /** Links in the waitlist emails of spots an erased member gave back. */
      publicUrl: string;
      mailer: Mailer;
    },
    private readonly intervalMs = ACCOUNT_ERASURE_INTERVAL_MS,
  ) {}

  start(): void {
    if (this.#timer) return;
    this.#timer = setInterval(() => {
      this.run().catch(this.deps.onError);
    }, this.intervalMs);
    this.#timer.unref();
  }

  /** Stops the interval and waits for a run in progress, so the database can close after it. */
  async stop(): Promise<void> {
    clearInterval(this.#timer);
    this.#timer = undefined;
    await this.#running?.catch(() => undefined);
  }

  /** One pass now (a pass in progress here is joined; one in another process makes this a no-op). */
  run(): Promise<ErasureReport> {
    this.#running ??= this.deps
      .lock("account-erasure", () => eraseDueAccounts(this.deps))
      .then((report) => {
        // Spots an erased member held went to the waitlist with queued emails: send them now they have committed.
        this.deps.mailer.deliverQueued().catch(this.deps.onError);
        return report ?? { erased: 0 };
      })
      .finally(() => {
        this.#running = undefined;
      });
    return this.#running;
  }
}
