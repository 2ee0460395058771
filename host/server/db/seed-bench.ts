/**
 * `npm run seed:bench`: fills the configured database (DATABASE_URL, else the embedded one in DATA_DIR) with the demo
 * data and tops the catalogue up to 20,000 workouts, for benchmarks and load tests. Running it again regenerates
 * the same bench workouts.
 */
import { systemClock } from "../clock.js";
import { loadConfig } from "../config.js";
import { openDatabase } from "../server.js";
import { BENCH_WORKOUTS, seedBenchCatalogue } from "./seed/catalogue-bench.js";

const config = loadConfig();
const started = performance.now();
const database = await openDatabase(config, systemClock);
try {
  const added = await seedBenchCatalogue(database.db, systemClock.now(), BENCH_WORKOUTS);
  const where = config.databaseUrl ? "PostgreSQL (DATABASE_URL)" : `PGlite in ${config.dataDir}`;
  process.stdout.write(
    `${BENCH_WORKOUTS} workouts in ${where}: ${added} generated in ${Math.round(performance.now() - started)} ms\n`,
  );
} finally {
  await database.close();
}
