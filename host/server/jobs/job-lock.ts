import type { DatabaseHandle } from "../db/index.js";

/** Runs `run` unless another process is running the same job right now; answers undefined when it skipped. */
export type JobLock = <T>(job: string, run: () => Promise<T>) => Promise<T | undefined>;

/** Advisory-lock class for background jobs (migrations and seeding hold the single-key locks 727274 and 727275). */
const JOB_LOCK_CLASS = 727276;

/**
 * One run of a background job at a time across every process on one PostgreSQL: a session advisory lock on a
 * connection held for the run (pg_try_advisory_lock, so a process that finds it taken skips instead of queueing;
 * the holder is doing the work). A session lock rather than a transaction's, so a long run is not cut short by
 * idle-in-transaction timeouts; if the process dies, its connection closes and the lock goes with it.
 * PGlite serves one process, which the jobs already keep to one run at a time: it just runs.
 */
export function jobLock(database: DatabaseHandle): JobLock {
  if (database.kind === "pglite") return (_job, run) => run();
  return async (job, run) => {
    const client = await database.pool.connect();
    let healthy = true;
    try {
      const { rows } = await client.query<{ locked: boolean }>(
        "select pg_try_advisory_lock($1, hashtext($2)) as locked",
        [JOB_LOCK_CLASS, job],
      );
      if (!rows[0]?.locked) return undefined;
      try {
        return await run();
      } finally {
        await client
          .query("select pg_advisory_unlock($1, hashtext($2))", [JOB_LOCK_CLASS, job])
          .catch(() => (healthy = false));
      }
    } finally {
      // A connection whose unlock failed may still hold the lock: close it rather than return it to the pool.
      client.release(!healthy);
    }
  };
}
