import type { ScheduleService } from "../services/schedule.js";
import type { JobLock } from "./job-lock.js";

/**
 * Hourly is enough to keep "every day of the next 30 days" true in every location's zone soon after its local
 * midnight. Each run is one idempotent INSERT … ON CONFLICT DO NOTHING; the job lock keeps several processes from
 * repeating it at the same moment.
 */
const SCHEDULE_TOP_UP_INTERVAL_MS = 60 * 60_000;

/** Keeps the live-class schedule generated ahead: runs at start, then on an interval, until stopped. */
export class ScheduleTopUpJob {
  #timer: NodeJS.Timeout | undefined;
  #running: Promise<number> | undefined;

  constructor(
    private readonly schedule: ScheduleService,
    private readonly lock: JobLock,
    private readonly onError: (error: unknown) => void,
    private readonly intervalMs = SCHEDULE_TOP_UP_INTERVAL_MS,
  ) {}

  start(): void {
    if (this.#timer) return;
    this.#timer = setInterval(() => this.#runInBackground(), this.intervalMs);
    this.#timer.unref();
    this.#runInBackground();
  }

  /** Stops the interval and waits for a run in progress, so the database can close after it. */
  async stop(): Promise<void> {
    clearInterval(this.#timer);
    this.#timer = undefined;
    await this.#running?.catch(() => undefined);
  }

  /**
   * One top-up now (tests call this after moving the clock); answers the classes it added. A run already in progress
   * here is joined, and one in another process makes this one a no-op (0).
   */
  run(): Promise<number> {
    this.#running ??= this.lock("schedule-top-up", () => this.schedule.topUp())
      .then((added) => added ?? 0)
      .finally(() => {
        this.#running = undefined;
      });
    return this.#running;
  }

  #runInBackground(): void {
    this.run().catch(this.onError);
  }
}
