import { randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";
import type { FastifyInstance, LightMyRequestResponse } from "fastify";
import { expect, inject } from "vitest";
import pg from "pg";
// The server's additions to FastifyInstance (`app.ctx`, `app.scheduleTopUp`) are declared in these two modules.
import type {} from "../../host/server/context.js";
import type {} from "../../host/server/routes/studios.js";
import { buildApp } from "../../host/server/app.js";
import { TestClock } from "../../host/server/clock.js";
import { defaultRateLimits, loadConfig, type ServerConfig } from "../../host/server/config.js";
import { connectPglite, connectPostgres, type DatabaseHandle } from "../../host/server/db/index.js";
import { DEMO_PASSWORD } from "../../host/server/db/seed/members.js";

declare module "vitest" {
  export interface ProvidedContext {
    /** Path of a gzipped PGlite data dir, migrated and seeded once per run (pglite project). */
    pgliteTemplate?: string;
    /** Server URL and template database name, migrated and seeded once per run (postgres project). */
    postgresTemplate?: { url: string; template: string; prefix: string };
  }
}

export interface TestApp {
  app: FastifyInstance;
  database: DatabaseHandle;
  db: DatabaseHandle["db"];
  clock: TestClock;
  config: ServerConfig;
  /** JSON request through the real pipeline; `token` adds the bearer header. */
  call(
    method: string,
    url: string,
    options?: { body?: unknown; token?: string; headers?: Record<string, string> },
  ): Promise<LightMyRequestResponse>;
  /** Signs in (a demo member by default) and answers the session. */
  signIn(
    email?: string,
    password?: string,
  ): Promise<{ token: string; refreshToken: string; user: { id: string; email: string } }>;
  /** Creates a fresh member with a unique email and answers its session. */
  signUp(overrides?: Partial<{ email: string; password: string; given_name: string; family_name: string }>): Promise<{
    token: string;
    refreshToken: string;
    user: { id: string; email: string };
    email: string;
    password: string;
  }>;
  close(): Promise<void>;
}

/** The Redis the rate-limit tests share (always running locally and in CI); each app gets its own key prefix. */
export const testRedisUrl = process.env.TEST_REDIS_URL ?? "redis://127.0.0.1:6379";

/** Which database this project runs on: the same suite runs once per database. */
export const databaseKind = (process.env.FITKIT_TEST_DB ?? "pglite") as "pglite" | "postgres";

/** A fresh PostgreSQL database cloned from this run's seeded template, and how to drop it (postgres project). */
export async function clonePostgresTemplate(): Promise<{ url: string; drop: () => Promise<void> }> {
  const tpl = inject("postgresTemplate");
  if (!tpl) throw new Error("postgres template missing: is TEST_DATABASE_URL set?");
  const name = `${tpl.prefix}_${randomBytes(5).toString("hex")}`;
  const admin = new pg.Client({ connectionString: tpl.url });
  await admin.connect();
  await admin.query(`create database ${name} template ${tpl.template}`);
  await admin.end();
  const url = new URL(tpl.url);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const c = new pg.Client({ connectionString: tpl.url });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
}

async function openTestDatabase(): Promise<{ database: DatabaseHandle; drop: () => Promise<void> }> {
  if (databaseKind === "postgres") {
    const { url, drop } = await clonePostgresTemplate();
    return { database: connectPostgres(url, 20), drop };
  }
  const path = inject("pgliteTemplate");
  if (!path) throw new Error("pglite template missing");
  const database = await connectPglite({ loadDataDir: new Blob([readFileSync(path)]) });
  return { database, drop: async () => {} };
}

/** A server on its own fresh copy of the seeded database, with a controllable clock. */
export async function startTestApp(
  options: { config?: Partial<ServerConfig>; clock?: TestClock } = {},
): Promise<TestApp> {
  const { database, drop } = await openTestDatabase();
  const clock = options.clock ?? new TestClock();
  const config: ServerConfig = {
    ...loadConfig({ PORT: "0", DATA_DIR: "/nonexistent", FITKIT_PUBLIC_URL: "http://app.fitkit.test" }),
    devMail: true,
    logLevel: "silent",
    rateLimits: {
      ...defaultRateLimits,
      signInPerAddress: 100_000,
      checkEmailPerAddress: 100_000,
      forgotPerAddress: 100_000,
      resetPerAddress: 100_000,
    },
    // Used when a test sets redisUrl: parallel runs sharing one Redis never share counters.
    redisPrefix: `fitkit-test:${randomBytes(6).toString("hex")}:`,
    // Most test servers never search: building the index at every file's start is CPU a loaded machine lacks. The
    // tests of the index's start and readiness ask for "at-start", as a real server runs.
    searchIndexBuild: "on-first-use",
    ...options.config,
  };
  const app = await buildApp({ config, database, clock, logger: false });
  await app.ready();

  const call: TestApp["call"] = (method, url, opts = {}) =>
    app.inject({
      method: method as "GET",
      url,
      payload:
        opts.body === undefined ? undefined : typeof opts.body === "string" ? opts.body : JSON.stringify(opts.body),
      headers: {
        ...(opts.body !== undefined ? { "content-type": "application/json" } : {}),
        ...(opts.token ? { authorization: `Bearer ${opts.token}` } : {}),
        ...opts.headers,
      },
    });

  let counter = 0;
  return {
    app,
    database,
    db: database.db,
    clock,
    config,
    call,
    async signIn(email = "member@demo.fitkit.dev", password = DEMO_PASSWORD) {
      const res = await call("POST", "/api/auth/sign-in/email", { body: { email, password } });
      if (res.statusCode !== 200) throw new Error(`sign-in of ${email} failed: ${res.statusCode} ${res.body}`);
      return res.json();
    },
    async signUp(overrides = {}) {
      const email =
        overrides.email ??
        `m${Date.now().toString(36)}${(counter++).toString(36)}${randomBytes(3).toString("hex")}@example.com`;
      const password = overrides.password ?? "secret-pass";
      const res = await call("POST", "/api/auth/sign-up/email", {
        body: {
          email,
          password,
          given_name: overrides.given_name ?? "Test",
          family_name: overrides.family_name ?? "Member",
          waiver_accepted: true,
        },
      });
      if (res.statusCode !== 200) throw new Error(`sign-up failed: ${res.statusCode} ${res.body}`);
      return {
        ...res.json<{ token: string; refreshToken: string; user: { id: string; email: string } }>(),
        email,
        password,
      };
    },
    async close() {
      await app.close();
      await database.close();
      await drop();
    },
  };
}

/**
 * Asserts the contract's error answer: the status, and a body `{ statusCode, error, message }` with a string or a
 * list of messages. Returns the body with `text`, its messages joined.
 */
export function expectError(res: { statusCode: number; body?: string; json(): unknown }, status: number) {
  expect(res.statusCode, res.statusCode === status ? "" : res.body).toBe(status);
  const body = res.json() as {
    statusCode: number;
    message: string | string[];
    error: string;
    code: string;
    values?: Record<string, string | number>;
  };
  // Every error answer names its rule by a stable code (docs/api.md), which clients translate by.
  expect(body).toMatchObject({
    statusCode: status,
    error: expect.any(String),
    code: expect.stringMatching(/^[a-z][a-z0-9_]*$/),
  });
  expect(typeof body.message === "string" || Array.isArray(body.message)).toBe(true);
  return { ...body, text: [body.message].flat().join("; ") };
}
