import type { FastifyInstance } from "fastify";
import { buildApp } from "./app.js";
import { systemClock, type Clock } from "./clock.js";
import type { ServerConfig } from "./config.js";
import { connectPglite, connectPostgres, type DatabaseHandle } from "./db/index.js";
import { migrate } from "./db/migrate.js";
import { refuseDemoMembers, seed, seedSteps } from "./db/seed/index.js";
import { scheduleRenewals } from "./jobs/renewals.js";

/** Connects the configured database (PostgreSQL when DATABASE_URL is set, else PGlite in DATA_DIR), migrates and seeds. */
export async function openDatabase(config: ServerConfig, clock: Clock = systemClock): Promise<DatabaseHandle> {
  const database = config.databaseUrl ? connectPostgres(config.databaseUrl) : await connectPglite({ dataDir: config.dataDir });
  await migrate(database.db);
  if (!config.demo) await refuseDemoMembers(database.db);
  await seed(database.db, { clock }, seedSteps({ demo: config.demo }));
  return database;
}

export async function createServer(config: ServerConfig, clock: Clock = systemClock): Promise<FastifyInstance> {
  const database = await openDatabase(config, clock);
  const app = await buildApp({ config, database, clock });
  const stopRenewals = scheduleRenewals({ db: database.db, clock, billing: app.ctx.billing, log: (err) => app.log.error({ err }, "renewals failed") });
  app.addHook("onClose", async () => {
    stopRenewals();
    await database.close();
  });
  return app;
}
