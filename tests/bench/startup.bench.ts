/**
 * Start-up of the built server on an existing embedded database: time from spawning `node dist/server/main.js` to the
 * first 200 from /health (process start, PGlite open, migrations and seed checked, search index built, listening).
 * The data dir is created by a first, untimed start; the figure is the median of the next five starts.
 */
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Bench, BenchResult } from "./run.js";
import { builtServer, timeStart } from "./server-start.js";

const RUNS = 5;

const bench: Bench = {
  name: "start-up on an existing embedded database",
  async run(): Promise<BenchResult[]> {
    if (!existsSync(builtServer)) throw new Error("dist/server/main.js missing: run `npm run build` first");
    const dataDir = mkdtempSync(join(tmpdir(), "fitkit-start-"));
    try {
      const first = await timeStart(dataDir, 120_000);
      const times: number[] = [];
      for (let i = 0; i < RUNS; i++) times.push(await timeStart(dataDir, 120_000));
      times.sort((a, b) => a - b);
      return [
        { metric: "first start (create, migrate, seed), ms", value: first, unit: "ms" },
        {
          metric: "later start to first answer, median of 5",
          value: times[Math.floor(RUNS / 2)]!,
          unit: "ms",
          budget: { limit: 2000, better: "lower" },
        },
      ];
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  },
};
export default bench;
