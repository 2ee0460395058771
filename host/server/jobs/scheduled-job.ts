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
 * A background job's life: a pass at start (work that fell due while no process ran is done at once), then one on
 * every multiple of `everyMs` of the wall clock, each under the job lock, until stopped; stopping waits for a pass in
 * progress so the database can close after it. `run()` is one pass now (tests call it after moving the clock).
 */
export class ScheduledJob<T> {
  #timer: NodeJS.Timeout | undefined;
  #running: Promise<T> | undefined;
  #started = false;

  constructor(private readonly options: ScheduledJobOptions<T>) {}

  start(): void {
    if (this.#started) return;
    this.#started = true;
    this.#runInBackground();
    this.#armNext();
  }

  /** Stops the schedule and waits for a pass in progress, so the database can close after it. */
  async stop(): Promise<void> {
    this.#started = false;
    clearTimeout(this.#timer);
    this.#timer = undefined;
    await this.#running?.catch(() => undefined);
  }

  /** One pass now: a pass in progress here is joined; one in another process makes this one answer `skipped`. */
  run(): Promise<T> {
    const { lock, name, work, skipped } = this.options;
    this.#running ??= lock(name, work)
      .then((answer) => answer ?? skipped)
      .finally(() => {
        this.#running = undefined;
      });
    return this.#running;
  }

  /** Ms from `now` to the next multiple of `everyMs` (a whole period when that multiple is only a moment away). */
  static untilNext(now: number, everyMs: number): number {
    const wait = everyMs - (now % everyMs);
    return wait < Math.min(EARLY_FIRE_MS, everyMs / 2) ? wait + everyMs : wait;
  }

  #armNext(): void {
    if (!this.#started) return;
    this.#timer = setTimeout(
      () => {
        this.#runInBackground();
        this.#armNext();
      },
      ScheduledJob.untilNext(this.options.now(), this.options.everyMs),
    );
    this.#timer.unref();
  }

  #runInBackground(): void {
    this.run().catch(this.options.onError);
  }
}
