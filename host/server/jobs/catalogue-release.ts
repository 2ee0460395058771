import type { AdminWorkoutsService } from "../services/admin-workouts.js";
import { SYSTEM } from "../services/operator-access.js";
import type { JobLock } from "./job-lock.js";

/** How often due releases are looked for: a scheduled workout appears within this of its time. */
const RELEASE_INTERVAL_MS = 15_000;

/**
 * Publishes scheduled workouts when their time comes (Payload's scheduled publish, Ghost's scheduler): at start (a
 * release due while no process ran happens at once) and every RELEASE_INTERVAL_MS, under the job lock so one process
 * releases each workout once; the catalogue's triggers then bring every process's index and caches along. `run` is
 * one pass now, which tests call after moving the clock.
 */
export class CatalogueReleaseJob {
  #timer: NodeJS.Timeout | undefined;
  #running: Promise<string[]> | undefined;

  constructor(
    private readonly deps: {
      workouts: AdminWorkoutsService;
      lock: JobLock;
      onError: (error: unknown) => void;
      onReleased: (ids: string[]) => void;
    },
    private readonly intervalMs = RELEASE_INTERVAL_MS,
  ) {}

  start(): void {
    if (this.#timer) return;
    this.run().catch(this.deps.onError);
    this.#timer = setInterval(() => {
      this.run().catch(this.deps.onError);
    }, this.intervalMs);
    this.#timer.unref();
  }

  async stop(): Promise<void> {
    clearInterval(this.#timer);
    this.#timer = undefined;
    await this.#running?.catch(() => undefined);
  }

  /** One pass now (joined if one is in progress here; a no-op while another process holds the lock). */
  run(): Promise<string[]> {
    this.#running ??= this.deps
      .lock("catalogue-release", () => this.deps.workouts.releaseDue(SYSTEM))
      .then((ids = []) => {
        if (ids.length) this.deps.onReleased(ids);
        return ids;
      })
      .finally(() => {
        this.#running = undefined;
      });
    return this.#running;
  }
}
