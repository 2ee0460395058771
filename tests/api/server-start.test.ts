import { randomBytes } from "node:crypto";
import { createServer } from "node:net";
import type { AddressInfo } from "node:net";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, afterEach, describe, expect, it } from "vitest";
import { databaseKind } from "./harness.js";
import {
  adminStatement,
  signingKey,
  startServerProcess,
  START_TIMEOUT_MS,
  stopServerProcess,
  type ServerProcess,
} from "./server-process.js";

/** A stop closes HTTP, listeners and the pool; far less than this, even on a busy machine. */
const STOP_TIMEOUT_MS = 30_000;
/** Two full starts on a fresh database, one after the other. */
const TWO_STARTS_MS = 3 * START_TIMEOUT_MS;

const running: ServerProcess[] = [];
const start = (env: Record<string, string>) => {
  const server = startServerProcess(env);
  running.push(server);
  return server;
};
afterEach(async () => {
  for (const server of running.splice(0)) await stopServerProcess(server);
});

async function stop(server: ServerProcess) {
  server.child.kill("SIGTERM");
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<"hung">((resolve) => (timer = setTimeout(() => resolve("hung"), STOP_TIMEOUT_MS)));
  const result = await Promise.race([server.exited, timeout]);
  clearTimeout(timer);
  return result;
}

/** A port nothing listens on. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

const dirs: string[] = [];
const dataDir = () => {
  const dir = mkdtempSync(join(tmpdir(), "fitkit-start-"));
  dirs.push(dir);
  return dir;
};
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

/** The embedded database's start-up rules; PGlite only, so they run once per suite. */
describe.runIf(databaseKind === "pglite")("starting the embedded server", () => {
  it(
    "refuses a second server on the same DATA_DIR, naming the folder and the first one's pid, and starts again after a kill -9",
    async () => {
      const dir = dataDir();
      const first = start({ DATA_DIR: dir });
      const url = await first.ready;
      const signUp = await fetch(`${url}/api/auth/sign-up/email`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({
          email: "kept@example.com",
          password: "secret-pass",
          given_name: "K",
          family_name: "M",
          waiver_accepted: true,
        }),
      });
      expect(signUp.status).toBe(200);

      const second = start({ DATA_DIR: dir });
      expect(await second.exited).not.toBe(0);
      const refusal = second.stderr().trim();
      expect(refusal.split("\n")).toHaveLength(1);
      expect(refusal).toContain(`DATA_DIR ${dir} is in use by another fitkit server (pid ${first.child.pid}`);

      first.child.kill("SIGKILL");
      await first.exited;
      const third = start({ DATA_DIR: dir });
      const again = await third.ready;
      const signIn = await fetch(`${again}/api/auth/sign-in/email`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ email: "kept@example.com", password: "secret-pass" }),
      });
      expect(signIn.status).toBe(200);
      expect(await stop(third)).toBe(0);
    },
    TWO_STARTS_MS,
  );

  it(
    "refuses production on a database that holds the demo members, in one line",
    async () => {
      const dir = dataDir();
      const dev = start({ DATA_DIR: dir });
      await dev.ready;
      expect(await stop(dev)).toBe(0);

      const production = start({
        DATA_DIR: dir,
        NODE_ENV: "production",
        FITKIT_JWT_PRIVATE_KEY: signingKey(),
        FITKIT_BILLING_PROVIDER: "off",
      });
      expect(await production.exited).toBe(1);
      expect(production.stderr()).toMatch(
        /^fitkit: the database holds the demo members \(e\.g\. \S+@demo\.fitkit\.dev\), whose password is published: .*FITKIT_DEMO=1.*\n$/,
      );
    },
    TWO_STARTS_MS,
  );

  it(
    "refuses production without a signing key in one line on stderr, without a stack trace",
    async () => {
      const server = start({ DATA_DIR: dataDir(), NODE_ENV: "production", FITKIT_BILLING_PROVIDER: "off" });
      expect(await server.exited).toBe(1);
      expect(server.stderr()).toBe(
        "fitkit: FITKIT_JWT_PRIVATE_KEY must be set in production (an Ed25519 PKCS#8 PEM)\n",
      );
    },
    START_TIMEOUT_MS,
  );

  it(
    "starts production with the catalogue and without demo members, printed password, outbox or sandbox",
    async () => {
      const server = start({
        DATA_DIR: dataDir(),
        NODE_ENV: "production",
        FITKIT_JWT_PRIVATE_KEY: signingKey(),
        FITKIT_BILLING_PROVIDER: "off",
      });
      const url = await server.ready;
      expect(server.stdout()).not.toContain("fitkit-demo");
      expect(server.stdout()).not.toContain("@demo.fitkit.dev");

      const signIn = await fetch(`${url}/api/auth/sign-in/email`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ email: "vip@demo.fitkit.dev", password: "fitkit-demo" }),
      });
      expect(signIn.status).toBe(401);
      const products = await fetch(`${url}/subscriptions/v1/products`);
      expect(products.status).toBe(200);
      expect(JSON.stringify(await products.json())).toContain("12month_trial7");
      expect((await fetch(`${url}/dev/mail.json`)).status).toBe(404);
      expect(await stop(server)).toBe(0);
    },
    TWO_STARTS_MS,
  );
});

/** Two processes of a rolling deploy or a scaled service start at the same moment on a database nobody migrated. */
describe.runIf(databaseKind === "postgres")("starting two servers together on a fresh PostgreSQL database", () => {
  const adminUrl = process.env.TEST_DATABASE_URL!;
  const name = `fitkit_pair_${randomBytes(4).toString("hex")}`;
  const admin = (statement: string) => adminStatement(adminUrl, statement);
  afterAll(() => admin(`drop database if exists ${name} with (force)`));

  it(
    "starts both: migrations and the seed, their bookkeeping tables included, run once under their locks",
    async () => {
      await admin(`create database ${name}`);
      const url = new URL(adminUrl);
      url.pathname = `/${name}`;
      const pair = [start({ DATABASE_URL: url.toString() }), start({ DATABASE_URL: url.toString() })];
      const origins = await Promise.all(pair.map((server) => server.ready));
      for (const origin of origins) expect((await fetch(`${origin}/subscriptions/v1/products`)).status).toBe(200);
      for (const server of pair) expect(server.stderr()).not.toMatch(/\n\s+at /);
    },
    TWO_STARTS_MS,
  );
});

describe.runIf(databaseKind === "pglite")("a start-up that fails", () => {
  it(
    "says what failed in one line on stderr, without a stack trace, when the database cannot be reached",
    async () => {
      const server = start({ DATABASE_URL: `postgres://postgres@127.0.0.1:${await closedPort()}/fitkit` });
      expect(await server.exited).toBe(1);
      expect(server.stderr()).toMatch(/^fitkit: could not start: .*ECONNREFUSED.*\n$/);
    },
    START_TIMEOUT_MS,
  );
});

/** SIGTERM must end the process on PostgreSQL too, where a LISTEN connection is held; on a database of its own. */
describe.runIf(databaseKind === "postgres")("stopping the server on PostgreSQL", () => {
  const adminUrl = process.env.TEST_DATABASE_URL!;
  const name = `fitkit_stop_${randomBytes(4).toString("hex")}`;
  const admin = (statement: string) => adminStatement(adminUrl, statement);
  afterAll(() => admin(`drop database if exists ${name} with (force)`));

  it(
    "exits cleanly within seconds of SIGTERM",
    async () => {
      await admin(`create database ${name}`);
      const url = new URL(adminUrl);
      url.pathname = `/${name}`;
      const server = start({ DATABASE_URL: url.toString() });
      const origin = await server.ready;
      // The search index holds its LISTEN connection once it is ready.
      await expect
        .poll(async () => (await fetch(`${origin}/health`)).status, { timeout: START_TIMEOUT_MS, interval: 200 })
        .toBe(200);
      expect(await stop(server)).toBe(0);
    },
    TWO_STARTS_MS,
  );
});
