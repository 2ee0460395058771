import { mkdirSync } from "node:fs";
import type { FastifyInstance } from "fastify";
import { buildApp } from "./app.js";
import { systemClock, type Clock } from "./clock.js";
import type { ServerConfig } from "./config.js";
import { connectPglite, connectPostgres, type DatabaseHandle } from "./db/index.js";
import { lockDataDir } from "./db/data-dir-lock.js";
import { migrate } from "./db/migrate.js";
import { refuseDemoMembers, seed, seedSteps } from "./db/seed/index.js";

/**
 * Connects the configured database (PostgreSQL when DATABASE_URL is set, else PGlite in DATA_DIR, locked to this
 * process), migrates and seeds.
 */
export async function openDatabase(config: ServerConfig, clock: Clock = systemClock): Promise<DatabaseHandle> {
  const database = config.databaseUrl ? connectPostgres(config.databaseUrl) : await openDataDir(config.dataDir);
  try {
    await migrate(database.db);
    if (!config.demo) await refuseDemoMembers(database.db);
    await seed(database.db, { clock }, seedSteps({ demo: config.demo }));
    return database;
  } catch (error) {
    await database.close().catch(() => {});
    throw error;
  }
}

async function openDataDir(dataDir: string): Promise<DatabaseHandle> {
  mkdirSync(dataDir, { recursive: true });
  const unlock = lockDataDir(dataDir);
  try {
    const database = await connectPglite({ dataDir });
    return {
      ...database,
      async close() {
        try {
          await database.close();
        } finally {
          unlock();
        }
      },
    };
  } catch (error) {
    unlock();
    throw error;
  }
}

export async function createServer(config: ServerConfig, clock: Clock = systemClock): Promise<FastifyInstance> {
  const database = await openDatabase(config, clock);
  try {
    return await buildApp({
      config,
      database,
      clock,
      closeDatabase: true,
      jobs: { renewals: true, accountErasure: true },
    });
  } catch (error) {
    await database.close().catch(() => {});
    throw error;
  }
}
