import fp from "fastify-plugin";
import type { AppContext } from "../context.js";
import { eraseDueAccounts, type ErasureReport } from "../services/account-deletion.js";
import { SYSTEM } from "../services/operator-access.js";
import { runRenewals, type RenewalReport } from "./renewals.js";
import { ScheduledJob } from "./scheduled-job.js";

declare module "fastify" {
  interface FastifyInstance {
    /** The live-class schedule top-up job (tests trigger it after moving the clock); answers the classes added. */
    scheduleTopUp: ScheduledJob<number>;
    /** The erasure of deleted accounts after their grace period (tests run it after moving the clock). */
    accountErasure: ScheduledJob<ErasureReport>;
    /** The release of scheduled workouts (tests run it after moving the clock); answers the workouts released. */
    catalogueRelease: ScheduledJob<string[]>;
  }
}

export interface JobsOptions {
  ctx: AppContext;
  /** Keep the live-class schedule generated ahead (default on). */
  scheduleTopUp?: boolean;
  /** Settle ended subscription periods every `config.renewalsIntervalMs` (the server's own; tests run them by hand). */
  renewals?: boolean;
  /** Erase deleted accounts once their grace period ends (the server's own; tests run it by hand). */
  accountErasure?: boolean;
  /** Publish scheduled workouts when their time comes (default on). */
  catalogueRelease?: boolean;
}

const HOUR_MS = 60 * 60_000;
/** How often due releases are looked for: a scheduled workout appears within this of its time. */
const RELEASE_EVERY_MS = 15_000;

/**
 * The background jobs, in one place: each runs once the app is ready (every plugin loaded, the database migrated by
 * then), then on the wall clock's hour (renewals: every `renewalsIntervalMs`), under the job lock so one process at a
 * time does the work, and stops when the app closes, waiting for a run in progress so the database can close after
 * it. Not encapsulated, so the jobs tests run by hand are reachable on the app itself.
 */
export const jobsPlugin = fp<JobsOptions>(
  async (app, { ctx, scheduleTopUp = true, renewals = false, accountErasure = false, catalogueRelease = true }) => {
    const now = () => ctx.clock.now().getTime();
    const { schedule, workouts } = app.services;
    // Hourly keeps "every day of the next 30 days" true in every location's zone soon after its local midnight;
    // each run is one idempotent INSERT … ON CONFLICT DO NOTHING.
    const topUp = new ScheduledJob<number>({
      name: "schedule-top-up",
      lock: ctx.jobLock,
      work: () => schedule.topUp(),
      skipped: 0,
      everyMs: HOUR_MS,
      now,
      onError: (err) => app.log.error({ err }, "schedule top-up failed"),
    });
    // Hourly: an erasure a little after the end of the grace period is on time (the app states the day). Each
    // account is also claimed under a row lock, so overlapping runs never erase one twice.
    const erasure = new ScheduledJob<ErasureReport>({
      name: "account-erasure",
      lock: ctx.jobLock,
      work: () =>
        eraseDueAccounts({
          db: ctx.db,
          clock: ctx.clock,
          publicUrl: ctx.config.publicUrl,
          entitlements: ctx.entitlements,
        }),
      skipped: { erased: 0 },
      everyMs: HOUR_MS,
      now,
      onError: (err) => app.log.error({ err }, "account erasure failed"),
    });
    // The row locks alone would let two overlapping runs settle one linked studio membership twice: hence the lock.
    const renewal = new ScheduledJob<RenewalReport>({
      name: "renewals",
      lock: ctx.jobLock,
      work: () => runRenewals({ ...ctx, publicUrl: ctx.config.publicUrl }),
      skipped: { renewed: 0, failed: 0, expired: 0, paused: 0 },
      everyMs: ctx.config.renewalsIntervalMs,
      now,
      onError: (err) => app.log.error({ err }, "renewals failed"),
    });
    // Scheduled workouts (Payload's scheduled publish, Ghost's scheduler): the row locks and the job lock release
    // each once; the catalogue's triggers then bring every process's index and caches along.
    const release = new ScheduledJob<string[]>({
      name: "catalogue-release",
      lock: ctx.jobLock,
      work: async () => {
        const released = await workouts.releaseDue(SYSTEM);
        if (released.length) app.log.info({ workouts: released }, "released scheduled workouts");
        return released;
      },
      skipped: [],
      everyMs: RELEASE_EVERY_MS,
      now,
      onError: (err) => app.log.error({ err }, "catalogue release failed"),
    });
    app.decorate("scheduleTopUp", topUp);
    app.decorate("catalogueRelease", release);
    app.decorate("accountErasure", erasure);

    app.addHook("onReady", async () => {
      if (scheduleTopUp) topUp.start();
      if (accountErasure) erasure.start();
      if (renewals) renewal.start();
      if (catalogueRelease) release.start();
    });
    app.addHook("onClose", async () => {
      await Promise.all([topUp.stop(), renewal.stop(), erasure.stop(), release.stop()]);
    });
  },
  { name: "fitkit-jobs", dependencies: ["fitkit-services"] },
);
