/**
 * The built server (dist/server/main.js) on an embedded database, as the benches start it: its own process, its
 * first 200 from /health awaited.
 */
import { spawn, type ChildProcess } from "node:child_process";
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

export interface RunningServer {
  url: string;
  /** Milliseconds from spawning it to its first 200 from /health. */
  startMs: number;
  /** The server process's id (to read its memory). */
  pid: number;
  stop(): Promise<void>;
}

/**
 * Starts the built server on `dataDir` (created, migrated and seeded on a first start) and waits until it is ready;
 * `env` adds settings.
 */
export async function startBuiltServer(
  dataDir: string,
  giveUpMs = 300_000,
  env: Record<string, string> = {},
): Promise<RunningServer> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const started = performance.now();
  const child: ChildProcess = spawn(process.execPath, [builtServer], {
    env: {
      ...process.env,
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: "127.0.0.1",
      LOG_LEVEL: "warn",
      DATABASE_URL: "",
      ...env,
    },
    stdio: "ignore",
  });
  const exited = new Promise((resolve) => child.once("exit", resolve));
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill("SIGTERM");
    await exited;
  };
  try {
    for (;;) {
      if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
      try {
        const res = await fetch(`${url}/health`);
        if (res.ok) return { url, startMs: performance.now() - started, pid: child.pid!, stop };
      } catch {
        /* not listening yet */
      }
      if (performance.now() - started > giveUpMs) throw new Error(`server did not answer within ${giveUpMs} ms`);
      await new Promise((r) => setTimeout(r, 20));
    }
  } catch (error) {
    await stop();
    throw error;
  }
}

/** Milliseconds from spawning the built server on `dataDir` to its first 200 from /health; then it is stopped. */
export async function timeStart(dataDir: string, giveUpMs?: number): Promise<number> {
  const server = await startBuiltServer(dataDir, giveUpMs);
  await server.stop();
  return server.startMs;
}
