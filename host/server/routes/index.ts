import type { FastifyInstance } from "fastify";
import type { AppContext } from "../context.js";
import { adminRoutes } from "./admin.js";
import { adminNumbersRoutes } from "./admin-numbers.js";
import { adminCatalogueTransferRoutes } from "./admin-catalogue-transfer.js";
import { adminVideoRoutes } from "./admin-video.js";
import { analyticsRoutes } from "./analytics.js";
import { attributeRoutes } from "./attributes.js";
import { authRoutes } from "./auth.js";
import { calendarFeedRoutes } from "./calendar-feed.js";
import { calendarRoutes } from "./calendars.js";
import { catalogueRoutes } from "./catalogue.js";
import { catalogueSeriesRoutes } from "./catalogue-series.js";
import { challengeRoutes } from "./challenges.js";
import { configRoutes } from "./config.js";
import { contentRoutes } from "./content.js";
import { devMailRoutes } from "./dev-mail.js";
import { docsRoutes } from "./docs.js";
import { healthRoutes } from "./health.js";
import { identityRoutes } from "./identity.js";
import { liveStreamRoutes } from "./live-stream.js";
import { mediaRoutes } from "./media.js";
import { muxWebhookRoutes } from "./mux-webhooks.js";
import { musicRoutes } from "./music.js";
import { myDataRoutes } from "./my-data.js";
import { membershipRoutes } from "./membership.js";
import { metricsRoutes } from "./metrics.js";
import { paymentRoutes } from "./payments.js";
import { seriesActivityRoutes } from "./series-activity.js";
import { staticRoutes } from "./static.js";
import { stripeWebhookRoutes } from "./stripe-webhooks.js";
import { streakRoutes } from "./streaks.js";
import { workoutActivityRoutes } from "./workouts-activity.js";
import { studiosRoutes } from "./studios.js";
import { studioAdminRoutes } from "./studio-admin.js";
import { siteBookingsRoutes } from "./site-bookings.js";

/**
 * Every route module, each an encapsulated plugin under the path prefix its routes share (modules whose routes span
 * several prefixes keep full paths). The hooks and decorators they rely on (member hooks, body parsing, error
 * handling, `ctx`) are the root's, inherited.
 */
export async function registerRoutes(app: FastifyInstance, ctx: AppContext) {
  await app.register(healthRoutes, { ctx });
  await app.register(metricsRoutes, { ctx });
  await app.register(docsRoutes, { prefix: "/docs" });
  await app.register(authRoutes, { prefix: "/api/auth", ctx });
  await app.register(identityRoutes, { prefix: "/user", ctx });
  await app.register(myDataRoutes, { prefix: "/user", ctx });
  await app.register(configRoutes, { ctx });
  await app.register(catalogueRoutes, { prefix: "/tsapi", ctx });
  await app.register(catalogueSeriesRoutes, { prefix: "/tsapi", ctx });
  await app.register(contentRoutes, { prefix: "/tsapi", ctx });
  await app.register(attributeRoutes, { prefix: "/v2/user/attributes", ctx });
  await app.register(workoutActivityRoutes, { ctx });
  await app.register(streakRoutes, { ctx });
  await app.register(seriesActivityRoutes, { prefix: "/v2/workouts/series", ctx });
  await app.register(calendarRoutes, { ctx });
  await app.register(calendarFeedRoutes, { ctx });
  await app.register(challengeRoutes, { ctx });
  await app.register(studiosRoutes, { prefix: "/studios", ctx });
  await app.register(liveStreamRoutes, { prefix: "/studios", ctx });
  await app.register(siteBookingsRoutes, { prefix: "/studios", ctx });
  await app.register(studioAdminRoutes, { prefix: "/studio-admin/v1", ctx });
  await app.register(adminRoutes, { prefix: "/admin/v1", ctx });
  await app.register(adminNumbersRoutes, { prefix: "/admin/v1", ctx });
  await app.register(adminCatalogueTransferRoutes, { prefix: "/admin/v1", ctx });
  await app.register(adminVideoRoutes, { prefix: "/admin/v1", ctx });
  await app.register(membershipRoutes, { ctx });
  await app.register(paymentRoutes, { prefix: "/commerce/v1", ctx });
  await app.register(stripeWebhookRoutes, { prefix: "/webhooks", ctx });
  await app.register(mediaRoutes, { ctx });
  await app.register(muxWebhookRoutes, { ctx });
  await app.register(musicRoutes, { ctx });
  await app.register(analyticsRoutes, { prefix: "/v2/analytics", ctx });
  if (ctx.config.devMail) await app.register(devMailRoutes, { prefix: "/dev", ctx });
  await app.register(staticRoutes);
}
