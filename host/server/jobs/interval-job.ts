export interface IntervalJobOptions<T> {
  /** One pass of the work. */
  work: () => Promise<T>;
  /** Ms from the end of a pass (or from start, without `runAtStart`) to the next one. */
  delay: () => number;
  /** A pass at start rather than only after the first delay. */
  runAtStart: boolean;
  /** A pass that failed in the background (one the caller of `run()` awaits throws to that caller too). */
  onError: (error: unknown) => void;
}

/**
 * The life of a background job in this process: started, a pass after each delay, one pass at a time, stopped with
 * the app (waiting for a pass in progress, so what it uses can close after it). Its timer never keeps the process
 * alive. `wake()` asks for a pass now (another one once a pass in progress ends); `run()` is a pass now, joining one
 * in progress (tests call it).
 */
export class IntervalJob<T> {
  #timer: NodeJS.Timeout | undefined;
  #running: Promise<T> | undefined;
  #again = false;
  #started = false;

  constructor(private readonly options: IntervalJobOptions<T>) {}

  start(): void {
    if (this.#started) return;
    this.#started = true;
    if (this.options.runAtStart) this.wake();
    else this.#arm();
  }

  /** Stops the schedule and waits for a pass in progress. */
  async stop(): Promise<void> {
    this.#started = false;
    clearTimeout(this.#timer);
    this.#timer = undefined;
    await this.#running?.catch(() => undefined);
  }

  /** A pass now, or, while one runs, another as soon as it ends. Nothing once stopped. */
  wake(): void {
    if (!this.#started) return;
    if (this.#running) this.#again = true;
    else this.run().catch(this.options.onError);
  }

  /** One pass now; a pass in progress is joined. */
  run(): Promise<T> {
    if (this.#running) return this.#running;
    clearTimeout(this.#timer);
    this.#running = this.options.work().finally(() => {
      this.#running = undefined;
      if (!this.#started) return;
      if (this.#again) {
        this.#again = false;
        this.wake();
      } else this.#arm();
    });
    return this.#running;
  }

  #arm(): void {
    clearTimeout(this.#timer);
    this.#timer = setTimeout(() => this.wake(), this.options.delay());
    this.#timer.unref();
  }
}
