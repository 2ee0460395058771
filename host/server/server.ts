import type { FastifyInstance } from "fastify";
import { buildApp } from "./app.js";
import { systemClock, type Clock } from "./clock.js";
import type { ServerConfig } from "./config.js";
import { connectPglite, connectPostgres, type DatabaseHandle } from "./db/index.js";
import { migrate } from "./db/migrate.js";
import { seed } from "./db/seed/index.js";
import { scheduleRenewals } from "./jobs/renewals.js";

/** Connects the configured database (PostgreSQL when DATABASE_URL is set, else PGlite in DATA_DIR), migrates and seeds. */
export async function openDatabase(config: ServerConfig, clock: Clock = systemClock): Promise<DatabaseHandle> {
  const database = config.databaseUrl ? connectPostgres(config.databaseUrl) : await connectPglite({ dataDir: config.dataDir });
  await migrate(database.db);
  await seed(database.db, { clock });
  return database;
}

export async function createServer(config: ServerConfig, clock: Clock = systemClock): Promise<FastifyInstance> {
  const database = await openDatabase(config, clock);
  const app = await buildApp({ config, database, clock });
  const stopRenewals = scheduleRenewals(
    { db: database.db, clock, billing: app.ctx.billing, lock: app.ctx.jobLock, log: (err) => app.log.error({ err }, "renewals failed") },
    config.renewalsIntervalMs,
  );
  app.addHook("onClose", async () => {
    await stopRenewals();
    await database.close();
  });
  return app;
}
