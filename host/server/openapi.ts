import { buildApp } from "./app.js";
import { loadConfig } from "./config.js";
import { connectPglite } from "./db/index.js";
import { migrate } from "./db/migrate.js";

/**
 * The OpenAPI document the server serves at /docs/openapi.json, built from the route schemas without listening:
 * an app on an empty in-memory database (routes need its tables to start, not its rows), asked and closed.
 */
export async function openApiDocument(): Promise<Record<string, unknown>> {
  const database = await connectPglite();
  try {
    await migrate(database.db);
    const config = { ...loadConfig({ PORT: "0", DATA_DIR: "/nonexistent" }), devMail: false, logLevel: "silent" };
    const app = await buildApp({
      config,
      database,
      logger: false,
      jobs: { scheduleTopUp: false, catalogueRelease: false },
    });
    try {
      await app.ready();
      return app.swagger() as Record<string, unknown>;
    } finally {
      await app.close();
    }
  } finally {
    await database.close();
  }
}
