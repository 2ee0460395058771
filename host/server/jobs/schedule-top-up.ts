import type { ScheduleService } from "../services/schedule.js";

/**
 * Hourly is enough to keep "every day of the next 30 days" true in every location's zone soon after its local
 * midnight, and each run is one idempotent INSERT … ON CONFLICT DO NOTHING (safe with several server processes).
 */
export const SCHEDULE_TOP_UP_INTERVAL_MS = 60 * 60_000;

/** Keeps the live-class schedule generated ahead: runs at start, then on an interval, until stopped. */
export class ScheduleTopUpJob {
  #timer: NodeJS.Timeout | undefined;
  #running: Promise<number> | undefined;

  constructor(
    private readonly schedule: ScheduleService,
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

  /** One top-up now (tests call this after moving the clock). A run already in progress is joined, not doubled. */
  run(): Promise<number> {
    this.#running ??= this.schedule.topUp().finally(() => {
      this.#running = undefined;
    });
    return this.#running;
  }

  #runInBackground(): void {
    this.run().catch(this.onError);
  }
}
