import { spawn, type ChildProcess } from "node:child_process";
import { generateKeyPairSync } from "node:crypto";
import { join } from "node:path";
import pg from "pg";

const root = new URL("../..", import.meta.url).pathname;

/**
 * Generous: a first start migrates and seeds a fresh database and builds the search index, on a machine other work
 * shares. 90 s was once not enough beside a second `npm test` and other builds (load average near 28 on 2 cores).
 */
export const START_TIMEOUT_MS = 180_000;

export interface ServerProcess {
  child: ChildProcess;
  /** Resolves with the server's origin once it prints that it runs; rejects when it exits first. */
  ready: Promise<string>;
  /** Resolves with the exit code (null when killed by a signal). */
  exited: Promise<number | null>;
  stdout(): string;
  stderr(): string;
}

/** An Ed25519 PKCS#8 PEM, as production requires for FITKIT_JWT_PRIVATE_KEY. */
export const signingKey = () =>
  generateKeyPairSync("ed25519").privateKey.export({ type: "pkcs8", format: "pem" }).toString();

/**
 * Starts the real server (`host/server/main.ts`) as its own process on a free port, with only the given settings
 * on top of a clean environment (no NODE_ENV=test, no DATABASE_URL unless given).
 */
export function startServerProcess(env: Record<string, string>): ServerProcess {
  const child = spawn(process.execPath, ["--import", "tsx", join(root, "host", "server", "main.ts")], {
    cwd: root,
    env: { PATH: process.env.PATH, HOME: process.env.HOME, PORT: "0", LOG_LEVEL: "warn", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let out = "";
  let err = "";
  child.stdout.on("data", (chunk) => (out += chunk));
  child.stderr.on("data", (chunk) => (err += chunk));
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  const ready = new Promise<string>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`the server did not start within ${START_TIMEOUT_MS} ms: ${err}`)),
      START_TIMEOUT_MS,
    );
    child.stdout.on("data", () => {
      const port = /fitkit is running at http:\/\/[^:]+:(\d+)/.exec(out)?.[1];
      if (port) {
        clearTimeout(timer);
        resolve(`http://127.0.0.1:${port}`);
      }
    });
    void exited.then((code) => {
      clearTimeout(timer);
      reject(new Error(`the server exited (${code}) before it ran: ${err}`));
    });
  });
  ready.catch(() => {});
  return { child, ready, exited, stdout: () => out, stderr: () => err };
}

/** Stops a server still running (a test that failed half-way must not leave it behind). */
export async function stopServerProcess(server: ServerProcess | undefined) {
  if (!server || server.child.exitCode !== null || server.child.signalCode !== null) return;
  server.child.kill("SIGKILL");
  await server.exited;
}

/** Runs one statement on the PostgreSQL server itself (create or drop a test's own database). */
export async function adminStatement(url: string | undefined, statement: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}
