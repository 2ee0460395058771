/**
 * `npm run numbers:rebuild [-- --zone America/Chicago ...]`: drops the console numbers' days (numbers-days.ts) in the
 * configured database (DATABASE_URL, else the embedded one in DATA_DIR) and builds them again from the history, for
 * the zones kept before and those named. For after a bulk load or a time-zone database update; reads would otherwise
 * bring the days up to date themselves, the first read after a large load taking as long as a rebuild.
 */
import { parseArgs } from "node:util";
import { systemClock } from "../clock.js";
import { loadConfig } from "../config.js";
import { openDatabase } from "../server.js";
import { forgetNumbersDays, refreshNumbersDays } from "../services/numbers-days.js";
import { validZone } from "../services/zoned-time.js";

const { values } = parseArgs({ options: { zone: { type: "string", multiple: true } } });
const named = values.zone ?? [];
for (const zone of named) if (!validZone(zone)) throw new Error(`--zone: not an IANA time zone: ${zone}`);

const database = await openDatabase(loadConfig(), systemClock);
try {
  const kept = await forgetNumbersDays(database.db);
  for (const zone of new Set([...kept, ...named])) {
    const started = performance.now();
    await refreshNumbersDays(database.db, zone);
    process.stdout.write(`${zone}: days built in ${Math.round(performance.now() - started)} ms\n`);
  }
} finally {
  await database.close();
}
