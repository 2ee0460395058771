/**
 * Start-up of the built server on an existing embedded database: time from spawning `node dist/server/main.js` to the
 * first 200 from /health (process start, PGlite open, migrations and seed checked, search index built, listening).
 * The data dir is created by a first, untimed start; the figure is the median of the next five starts.
 */
import { spawn } from "node:child_process";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import type { Bench, BenchResult } from "./run.js";

const root = fileURLToPath(new URL("../..", import.meta.url));
const main = join(root, "dist", "server", "main.js");
const RUNS = 5;

const freePort = () =>
  new Promise<number>((resolve) => {
    const s = createServer().listen(0, "127.0.0.1", () => {
      const port = (s.address() as { port: number }).port;
      s.close(() => resolve(port));
    });
  });

async function startOnce(dataDir: string): Promise<number> {
  const port = await freePort();
  const started = performance.now();
  const child = spawn(process.execPath, [main], {
    env: { ...process.env, DATA_DIR: dataDir, PORT: String(port), HOST: "127.0.0.1", LOG_LEVEL: "warn" },
    stdio: "ignore",
  });
  try {
    for (;;) {
      if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
      try {
        const res = await fetch(`http://127.0.0.1:${port}/health`);
        if (res.ok) return performance.now() - started;
      } catch {
        /* not listening yet */
      }
      if (performance.now() - started > 120_000) throw new Error("server did not answer within 120 s");
      await new Promise((r) => setTimeout(r, 20));
    }
  } finally {
    child.kill("SIGTERM");
    await new Promise((r) => child.once("exit", r));
  }
}

const bench: Bench = {
  name: "start-up on an existing embedded database",
  async run(): Promise<BenchResult[]> {
    if (!existsSync(main)) throw new Error("dist/server/main.js missing: run `npm run build` first");
    const dataDir = mkdtempSync(join(tmpdir(), "fitkit-start-"));
    try {
      const first = await startOnce(dataDir);
      const times: number[] = [];
      for (let i = 0; i < RUNS; i++) times.push(await startOnce(dataDir));
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
