import type { FastifyInstance } from "fastify";
import type { AppContext } from "../context.js";
import { analyticsRoutes } from "./analytics.js";
import { attributeRoutes } from "./attributes.js";
import { authRoutes } from "./auth.js";
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
import { mediaRoutes } from "./media.js";
import { musicRoutes } from "./music.js";
import { membershipRoutes } from "./membership.js";
import { paymentRoutes } from "./payments.js";
import { seriesActivityRoutes } from "./series-activity.js";
import { staticRoutes } from "./static.js";
import { workoutActivityRoutes } from "./workouts-activity.js";
import { studiosRoutes } from "./studios.js";

/** Every route plugin, one per domain. */
export async function registerRoutes(app: FastifyInstance, ctx: AppContext) {
  await healthRoutes(app, ctx);
  await docsRoutes(app);
  await authRoutes(app, ctx);
  await identityRoutes(app, ctx);
  await configRoutes(app, ctx);
  await catalogueRoutes(app, ctx);
  await catalogueSeriesRoutes(app, ctx);
  await contentRoutes(app, ctx);
  await attributeRoutes(app, ctx);
  await workoutActivityRoutes(app, ctx);
  await seriesActivityRoutes(app, ctx);
  await calendarRoutes(app, ctx);
  await challengeRoutes(app, ctx);
  await studiosRoutes(app, ctx);
  await membershipRoutes(app, ctx);
  await paymentRoutes(app, ctx);
  await mediaRoutes(app, ctx);
  await musicRoutes(app, ctx);
  await analyticsRoutes(app, ctx);
  if (ctx.config.devMail) await devMailRoutes(app, ctx);
  await staticRoutes(app, ctx);
}
