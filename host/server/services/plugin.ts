import fp from "fastify-plugin";
import type { AppContext } from "../context.js";
import { AccountDeletionService } from "./account-deletion.js";
import { AdminBannersService } from "./admin-banners.js";
import { AdminCalendarsService } from "./admin-calendars.js";
import { AdminCollectionsService } from "./admin-collections.js";
import { AdminCarouselsService, AdminEntriesService, AdminHomeRowsService } from "./admin-home-content.js";
import { AdminProductsService } from "./admin-products.js";
import { AdminPromoCodesService } from "./admin-promo-codes.js";
import { AdminSeriesService } from "./admin-series.js";
import { AdminTrainersService } from "./admin-trainers.js";
import { AdminVideoService } from "./admin-video.js";
import { AdminWorkoutsService } from "./admin-workouts.js";
import { spotsOpened } from "./booking-rules.js";
import { CalendarFeedService } from "./calendar-feed.js";
import { CatalogueTransfer } from "./catalogue-transfer.js";
import { MemberLookup } from "./member-lookup.js";
import { MemberSupportService } from "./member-support.js";
import { NumbersService } from "./numbers.js";
import { OperatorAccess } from "./operator-access.js";
import { ReservationsService } from "./reservations.js";
import { ScheduleService } from "./schedule.js";
import { StudioAccess } from "./studio-access.js";
import { StudioDeskService } from "./studio-desk.js";
import { StudioNumbersService } from "./studio-numbers.js";
import { StudioScheduleService } from "./studio-schedule.js";
import { WaitlistService } from "./waitlist.js";

/** The domain services of the routes and jobs, each built once per server from its context. */
function buildServices(ctx: AppContext) {
  const { db, clock, entitlements } = ctx;
  const { publicUrl } = ctx.config;
  const studioSchedule = new StudioScheduleService({ db, clock });
  return {
    operatorAccess: new OperatorAccess(db),
    studioAccess: new StudioAccess(db),
    schedule: new ScheduleService({ db, clock }),
    reservations: new ReservationsService({ db, clock, publicUrl, entitlements }),
    waitlist: new WaitlistService({ db, clock, entitlements }),
    studioSchedule,
    // The waitlist's promotion (booking-rules.ts): StudioDeskService.setCapacity is its one caller for capacity
    // raises; the mailer delivers the emails it queues once they commit.
    studioDesk: new StudioDeskService({
      db,
      clock,
      mailer: ctx.mailer,
      schedule: studioSchedule,
      spotsOpened: (trx, classId) => spotsOpened(trx, classId, { now: clock.now(), publicUrl, entitlements }),
    }),
    studioNumbers: new StudioNumbersService({ db, clock }),
    numbers: new NumbersService({ db, clock }),
    calendarFeeds: new CalendarFeedService({ db, clock, keys: ctx.keys, publicUrl }),
    accountDeletion: new AccountDeletionService({ db, clock, tokenVersions: ctx.tokenVersions }),
    memberLookup: new MemberLookup({ db, clock }),
    memberSupport: new MemberSupportService({
      db,
      clock,
      billing: ctx.billing,
      mailer: ctx.mailer,
      publicUrl,
      auth: ctx.auth,
      tokenVersions: ctx.tokenVersions,
    }),
    workouts: new AdminWorkoutsService(db, clock),
    catalogueTransfer: new CatalogueTransfer(db, clock),
    video: new AdminVideoService(db, clock),
    trainers: new AdminTrainersService(db, clock),
    collections: new AdminCollectionsService(db, clock),
    series: new AdminSeriesService(db, clock),
    banners: new AdminBannersService(db, clock),
    homeRows: new AdminHomeRowsService(db, clock),
    carousels: new AdminCarouselsService(db, clock),
    homeEntries: new AdminEntriesService(db, clock),
    products: new AdminProductsService(db, clock),
    promoCodes: new AdminPromoCodesService(db, clock),
    calendars: new AdminCalendarsService(db, clock),
  };
}

type Services = ReturnType<typeof buildServices>;

declare module "fastify" {
  interface FastifyInstance {
    /** The domain services, built once (services/plugin.ts); route plugins and jobs take theirs from here. */
    services: Services;
  }
}

/**
 * Builds the services once and decorates the app with them, as Fastify's own examples share a dependency: not
 * encapsulated, so every route plugin and the jobs see the same instances.
 */
export const servicesPlugin = fp<{ ctx: AppContext }>(
  async (app, { ctx }) => {
    app.decorate("services", buildServices(ctx));
  },
  { name: "fitkit-services" },
);
