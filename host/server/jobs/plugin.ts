import fp from "fastify-plugin";
import type { AppContext } from "../context.js";
import { ScheduleService } from "../services/schedule.js";
import { AdminWorkoutsService } from "../services/admin-workouts.js";
import { AccountErasureJob } from "./account-erasure.js";
import { CatalogueReleaseJob } from "./catalogue-release.js";
import { scheduleRenewals } from "./renewals.js";
import { ScheduleTopUpJob } from "./schedule-top-up.js";

declare module "fastify" {
  interface FastifyInstance {
    /** The live-class schedule top-up job (tests trigger it after moving the clock). */
    scheduleTopUp: ScheduleTopUpJob;
    /** The erasure of deleted accounts after their grace period (tests run it after moving the clock). */
    accountErasure: AccountErasureJob;
    /** The release of scheduled workouts (tests run it after moving the clock). */
    catalogueRelease: CatalogueReleaseJob;
  }
}

export interface JobsOptions {
  ctx: AppContext;
  /** Keep the live-class schedule generated ahead (default on). */
  scheduleTopUp?: boolean;
  /** Settle ended subscription periods every `config.renewalsIntervalMs` (the server's own; tests run them by hand). */
  renewals?: boolean;
  /** Erase deleted accounts hourly once their grace period ends (the server's own; tests run it by hand). */
  accountErasure?: boolean;
  /** Publish scheduled workouts when their time comes (default on). */
  catalogueRelease?: boolean;
}

/**
 * The background jobs, in one place: started once the app is ready (every plugin loaded, the database migrated by
 * then) and stopped when it closes, each waiting for a run in progress so the database can close after it. Not
 * encapsulated, so the top-up job is reachable on the app itself.
 */
export const jobsPlugin = fp<JobsOptions>(
  async (app, { ctx, scheduleTopUp = true, renewals = false, accountErasure = false, catalogueRelease = true }) => {
    const topUp = new ScheduleTopUpJob(new ScheduleService(ctx), ctx.jobLock, (err) =>
      app.log.error({ err }, "schedule top-up failed"),
    );
    app.decorate("scheduleTopUp", topUp);
    const erasure = new AccountErasureJob({
      db: ctx.db,
      clock: ctx.clock,
      lock: ctx.jobLock,
      onError: (err) => app.log.error({ err }, "account erasure failed"),
      publicUrl: ctx.config.publicUrl,
      mailer: ctx.mailer,
    });
    app.decorate("accountErasure", erasure);
    const release = new CatalogueReleaseJob({
      workouts: new AdminWorkoutsService(ctx.db, ctx.clock),
      lock: ctx.jobLock,
      onError: (err) => app.log.error({ err }, "catalogue release failed"),
      onReleased: (ids) => app.log.info({ workouts: ids }, "released scheduled workouts"),
    });
    app.decorate("catalogueRelease", release);
    let stopRenewals: (() => Promise<void>) | undefined;

    app.addHook("onReady", async () => {
      if (scheduleTopUp) topUp.start();
      if (accountErasure) erasure.start();
      if (catalogueRelease) release.start();
      if (renewals)
        stopRenewals = scheduleRenewals(
          {
            db: ctx.db,
            clock: ctx.clock,
            billing: ctx.billing,
            lock: ctx.jobLock,
            log: (err) => app.log.error({ err }, "renewals failed"),
          },
          ctx.config.renewalsIntervalMs,
        );
    });
    app.addHook("onClose", async () => {
      await Promise.all([topUp.stop(), stopRenewals?.(), erasure.stop(), release.stop()]);
    });
  },
  { name: "fitkit-jobs" },
);
