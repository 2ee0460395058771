import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from "prom-client";
import type { FastifyInstance } from "fastify";
import type { DatabaseHandle } from "./db/index.js";
import type { JobLock } from "./jobs/job-lock.js";

/**
 * The server's metrics in Prometheus' text format (`GET /metrics`, routes/metrics.ts; docs/operations.md "Metrics"):
 * request durations by route pattern and status, answer cache lookups, open live streams, background job runs,
 * database pool use, and the process's own (CPU, memory, event loop, garbage collection).
 */

let processRegistry: Registry | undefined;
/** The process's own metrics: one set per process however many servers it builds (the tests build many). */
function processMetrics(): Registry {
  if (!processRegistry) {
    processRegistry = new Registry();
    collectDefaultMetrics({ register: processRegistry });
  }
  return processRegistry;
}

export type CacheName = "schedule" | "search";

export class Metrics {
  readonly #registry = new Registry();
  #openStreams: () => number = () => 0;

  readonly requestDuration = new Histogram({
    name: "fitkit_http_request_duration_seconds",
    help: "Time from request to the end of the answer, by method, route pattern and status (live streams left out)",
    labelNames: ["method", "route", "status_code"] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [this.#registry],
  });
  readonly #cacheLookups = new Counter({
    name: "fitkit_answer_cache_lookups_total",
    help: "Answers looked up in a finished-answer cache, by cache and result (hit or miss)",
    labelNames: ["cache", "result"] as const,
    registers: [this.#registry],
  });
  readonly #jobRuns = new Counter({
    name: "fitkit_job_runs_total",
    help: "Background job runs by job and outcome: ok, failed, or skipped (another process was running it)",
    labelNames: ["job", "outcome"] as const,
    registers: [this.#registry],
  });
  readonly #jobDuration = new Histogram({
    name: "fitkit_job_duration_seconds",
    help: "How long background job runs took, by job",
    labelNames: ["job"] as const,
    buckets: [0.01, 0.1, 0.5, 1, 5, 15, 60, 300],
    registers: [this.#registry],
  });

  constructor(database: DatabaseHandle) {
    const pool = database.pool;
    const metrics = this;
    new Gauge({
      name: "fitkit_live_streams_open",
      help: "Live spot-count streams this process holds open",
      registers: [this.#registry],
      collect() {
        this.set(metrics.#openStreams());
      },
    });
    new Gauge({
      name: "fitkit_db_pool_connections",
      help: "Database pool connections by state: total (open), idle, and waiting (queries waiting for a connection)",
      labelNames: ["state"] as const,
      registers: [this.#registry],
      collect() {
        this.set({ state: "total" }, pool.totalCount);
        this.set({ state: "idle" }, pool.idleCount);
        this.set({ state: "waiting" }, pool.waitingCount);
      },
    });
    new Gauge({
      name: "fitkit_db_pool_max",
      help: "The most connections the database pool opens",
      registers: [this.#registry],
      collect() {
        this.set(pool.options.max);
      },
    });
  }

  /** The live-stream route tells how many streams it holds open (read at each scrape). */
  countLiveStreams(open: () => number) {
    this.#openStreams = open;
  }

  cacheLookup(cache: CacheName, hit: boolean) {
    this.#cacheLookups.inc({ cache, result: hit ? "hit" : "miss" });
  }

  /** The job lock every background job runs under, counting each run, skip and failure. */
  countJobs(lock: JobLock): JobLock {
    return async (job, run) => {
      const attempt = { ran: false };
      const result = await lock(job, async () => {
        attempt.ran = true;
        const end = this.#jobDuration.startTimer({ job });
        try {
          const value = await run();
          this.#jobRuns.inc({ job, outcome: "ok" });
          return value;
        } catch (error) {
          this.#jobRuns.inc({ job, outcome: "failed" });
          throw error;
        } finally {
          end();
        }
      });
      if (!attempt.ran) this.#jobRuns.inc({ job, outcome: "skipped" });
      return result;
    };
  }

  readonly contentType = Registry.PROMETHEUS_CONTENT_TYPE;

  /** Every metric, the process's and this server's, in the text format. */
  async text(): Promise<string> {
    const [own, process] = await Promise.all([this.#registry.metrics(), processMetrics().metrics()]);
    return `${process.trimEnd()}\n${own}`;
  }
}

/** Times every answer under its route pattern (`/tsapi/workouts/:slug`, never the raw URL) and status. */
export function observeRequests(app: FastifyInstance, metrics: Metrics) {
  app.addHook("onResponse", async (request, reply) => {
    // A live stream lasts as long as the page is open: its count is a gauge, its length no latency.
    if (String(reply.getHeader("content-type") ?? "").startsWith("text/event-stream")) return;
    metrics.requestDuration.observe(
      { method: request.method, route: request.routeOptions.url ?? "unmatched", status_code: String(reply.statusCode) },
      reply.elapsedTime / 1000,
    );
  });
}
