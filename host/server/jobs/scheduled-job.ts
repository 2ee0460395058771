import { IntervalJob } from "./interval-job.js";
import type { JobLock } from "./job-lock.js";

export interface ScheduledJobOptions<T> {
  /** The job lock's name: one run at a time across every process on the database. */
  name: string;
  lock: JobLock;
  /** One pass of the job's work; safe to repeat (each pass settles only what is due). */
  work: () => Promise<T>;
  /** What a pass answers when another process was running the job (this one skipped). */
  skipped: T;
  /**
   * Runs at start, then on the wall clock's multiples of this (every hour: 10:00, 11:00, …), so processes started at
   * any moment, and restarted often, still run on time and together (the lock lets one of them do the work).
   */
  everyMs: number;
  /** The server's "now" in ms. */
  now: () => number;
  onError: (error: unknown) => void;
}

/** A fire slightly before its instant is that instant's run: the next one is a whole period later, not in a moment. */
const EARLY_FIRE_MS = 1000;

/**
 * A background job's schedule: a pass at start (work that fell due while no process ran is done at once), then one on
 * every multiple of `everyMs` of the wall clock, each under the job lock, until stopped; stopping waits for a pass in
 * progress so the database can close after it (the lifecycle is IntervalJob's). `run()` is one pass now (tests call
 * it after moving the clock).
 */
export class ScheduledJob<T> {
  readonly #job: IntervalJob<T>;

  constructor(options: ScheduledJobOptions<T>) {
    const { lock, name, work, skipped, everyMs, now, onError } = options;
    this.#job = new IntervalJob({
      work: () => lock(name, work).then((answer) => answer ?? skipped),
      delay: () => ScheduledJob.untilNext(now(), everyMs),
      runAtStart: true,
      onError,
    });
  }

  start(): void {
    this.#job.start();
  }

  /** Stops the schedule and waits for a pass in progress, so the database can close after it. */
  async stop(): Promise<void> {
    await this.#job.stop();
  }

  /** One pass now: a pass in progress here is joined; one in another process makes this one answer `skipped`. */
  run(): Promise<T> {
    return this.#job.run();
  }

  /** Ms from `now` to the next multiple of `everyMs` (a whole period when that multiple is only a moment away). */
  static untilNext(now: number, everyMs: number): number {
    const wait = everyMs - (now % everyMs);
    return wait < Math.min(EARLY_FIRE_MS, everyMs / 2) ? wait + everyMs : wait;
  }
}
