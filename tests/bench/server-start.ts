/** Starting the built server (dist/server/main.js) on an embedded database, timed to its first 200 from /health. */
import { spawn } from "node:child_process";
import { createServer } from "node:net";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

export const builtServer = join(fileURLToPath(new URL("../..", import.meta.url)), "dist", "server", "main.js");

const freePort = () =>
  new Promise<number>((resolve) => {
    const s = createServer().listen(0, "127.0.0.1", () => {
      const port = (s.address() as { port: number }).port;
      s.close(() => resolve(port));
    });
  });

/** Milliseconds from spawning the built server on `dataDir` to its first 200 from /health; then it is stopped. */
export async function timeStart(dataDir: string, giveUpMs = 300_000): Promise<number> {
  const port = await freePort();
  const started = performance.now();
  const child = spawn(process.execPath, [builtServer], {
    env: {
      ...process.env,
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: "127.0.0.1",
      LOG_LEVEL: "warn",
      DATABASE_URL: "",
    },
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
      if (performance.now() - started > giveUpMs) throw new Error(`server did not answer within ${giveUpMs} ms`);
      await new Promise((r) => setTimeout(r, 20));
    }
  } finally {
    child.kill("SIGTERM");
    await new Promise((r) => child.once("exit", r));
  }
}
