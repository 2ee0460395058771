import type { FastifyInstance } from "fastify";
import type { AppContext } from "../context.js";
import { authRoutes } from "./auth.js";
import { devMailRoutes } from "./dev-mail.js";
import { docsRoutes } from "./docs.js";
import { healthRoutes } from "./health.js";
import { identityRoutes } from "./identity.js";
import { staticRoutes } from "./static.js";
import { studiosRoutes } from "./studios.js";

/** Every route plugin, one per domain. */
export async function registerRoutes(app: FastifyInstance, ctx: AppContext) {
  await healthRoutes(app, ctx);
  await docsRoutes(app);
  await authRoutes(app, ctx);
  await identityRoutes(app, ctx);
  await studiosRoutes(app, ctx);
  if (ctx.config.devMail) await devMailRoutes(app, ctx);
  await staticRoutes(app, ctx);
}
