/**
 * `npm run seed:bench [-- --workouts N] [-- --members N]`: fills the configured database (DATABASE_URL, else the
 * embedded one in DATA_DIR) with the demo data, tops the catalogue up to N workouts (default 20,000) and, with
 * --members, adds N bench members with ten history rows each (100,000 members: 1M rows). Running it again
 * regenerates the same bench workouts and members.
 */
import { parseArgs } from "node:util";
import { systemClock } from "../clock.js";
import { loadConfig } from "../config.js";
import { openDatabase } from "../server.js";
import { BENCH_WORKOUTS, seedBenchCatalogue } from "./seed/catalogue-bench.js";
import { seedBenchMembers } from "./seed/members-bench.js";

const { values } = parseArgs({
  options: { workouts: { type: "string" }, members: { type: "string" } },
});
const count = (name: string, text: string | undefined, fallback: number) => {
  const n = text === undefined ? fallback : Number(text);
  if (!Number.isInteger(n) || n < 0 || n > 10_000_000)
    throw new Error(`--${name}: expected a whole number, got ${text}`);
  return n;
};
const workouts = count("workouts", values.workouts, BENCH_WORKOUTS);
const members = values.members === undefined ? null : count("members", values.members, 0);

const config = loadConfig();
const started = performance.now();
const database = await openDatabase(config, systemClock);
try {
  const where = config.databaseUrl ? "PostgreSQL (DATABASE_URL)" : `PGlite in ${config.dataDir}`;
  const added = await seedBenchCatalogue(database.db, systemClock.now(), workouts);
  process.stdout.write(`${workouts} workouts in ${where}: ${added} generated\n`);
  if (members !== null) {
    const rows = await seedBenchMembers(database.db, systemClock.now(), members);
    process.stdout.write(`${members} bench members with ${rows} history rows\n`);
  }
  process.stdout.write(`done in ${Math.round(performance.now() - started)} ms\n`);
} finally {
  await database.close();
}
