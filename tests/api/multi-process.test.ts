/**
 * fitkit as it runs behind a load balancer: two real server processes on one PostgreSQL database and one Redis.
 * Runs in the api:postgres project only (PGlite serves one process).
 */
import { spawn, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { defaultRateLimits } from "../../host/server/config.js";
import { connectPostgres, type DatabaseHandle } from "../../host/server/db/index.js";
import { DEMO_PASSWORD } from "../../host/server/db/seed/members.js";
import { jobLock } from "../../host/server/jobs/job-lock.js";
import { clonePostgresTemplate, testRedisUrl } from "./harness.js";
import { openStream } from "./sse-client.js";

/** tsx compiles the server at start; two of them on a busy 2-core machine take a while. */
const STARTUP_TIMEOUT_MS = 120_000;
/** The index follows a NOTIFY in well under a second when idle; generous for a loaded CI machine. */
const SEARCH_FOLLOWS_WITHIN_MS = 5_000;
/** Both processes offer to run renewals this often. */
const RENEWALS_INTERVAL_MS = 200;
const RENEWAL_WITHIN_MS = 15_000;
/** Issue 18: a schedule open elsewhere shows a booking within 2 seconds. */
const SPOTS_REACH_WITHIN_MS = 2_000;

interface ServerProcess {
  url: string;
  child: ChildProcess;
  output: () => string;
}

function startServer(env: Record<string, string>): Promise<ServerProcess> {
  const base = { ...process.env };
  // Dev defaults (NODE_ENV unset) and no configured signing key: the processes must share the database's key.
  for (const name of ["NODE_ENV", "FITKIT_JWT_PRIVATE_KEY", "TEST_DATABASE_URL", "FITKIT_TEST_DB"]) delete base[name];
  const child = spawn(process.execPath, ["--import", "tsx", "host/server/main.ts"], {
    env: { ...base, ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let out = "";
  child.stdout.on("data", (d) => (out += d));
  child.stderr.on("data", (d) => (out += d));
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not start:\n${out}`)), STARTUP_TIMEOUT_MS);
    child.stdout.on("data", () => {
      const url = /fitkit is running at (http:\/\/\S+)/.exec(out)?.[1];
      if (url) {
        clearTimeout(timer);
        resolve({ url, child, output: () => out });
      }
    });
    child.once("exit", (code) => {
      clearTimeout(timer);
      reject(new Error(`server exited with ${code}:\n${out}`));
    });
  });
}

/** A graceful stop gets this long before the process is killed (clean shutdown is not what this file tests). */
const SHUTDOWN_GRACE_MS = 10_000;

async function stopServer(server: ServerProcess | undefined) {
  if (!server || server.child.exitCode !== null || server.child.signalCode !== null) return;
  const exited = new Promise((r) => server.child.once("exit", r));
  server.child.kill("SIGTERM");
  const timer = setTimeout(() => server.child.kill("SIGKILL"), SHUTDOWN_GRACE_MS);
  await exited;
  clearTimeout(timer);
}

async function call(
  server: ServerProcess,
  method: string,
  path: string,
  options: { body?: unknown; token?: string; headers?: Record<string, string> } = {},
) {
  const res = await fetch(server.url + path, {
    method,
    headers: {
      ...(options.body !== undefined ? { "content-type": "application/json" } : {}),
      ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
      ...options.headers,
    },
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
  });
  const text = await res.text();
  return { status: res.status, headers: res.headers, body: text ? JSON.parse(text) : undefined };
}

async function eventually(check: () => Promise<boolean>, ms: number) {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 25));
  }
  throw new Error(`condition not reached within ${ms} ms`);
}

let a: ServerProcess | undefined;
let b: ServerProcess | undefined;
let database: DatabaseHandle;
let drop: () => Promise<void>;

beforeAll(async () => {
  const clone = await clonePostgresTemplate();
  drop = clone.drop;
  database = connectPostgres(clone.url, 4);
  const env = {
    DATABASE_URL: clone.url,
    REDIS_URL: testRedisUrl,
    FITKIT_REDIS_PREFIX: `fitkit-test:${randomBytes(6).toString("hex")}:`,
    FITKIT_RENEWALS_INTERVAL_MS: String(RENEWALS_INTERVAL_MS),
    HOST: "127.0.0.1",
    PORT: "0",
    LOG_LEVEL: "warn",
  };
  [a, b] = await Promise.all([startServer(env), startServer(env)]);
}, STARTUP_TIMEOUT_MS * 2);

afterAll(async () => {
  await Promise.all([stopServer(a), stopServer(b)]);
  await database.close();
  await drop();
}, SHUTDOWN_GRACE_MS * 3);

describe("two server processes on one PostgreSQL and one Redis", () => {
  it("accept each other's tokens", async () => {
    const signIn = await call(a!, "POST", "/api/auth/sign-in/email", {
      body: { email: "member@demo.fitkit.dev", password: DEMO_PASSWORD },
    });
    expect(signIn.status).toBe(200);
    const claims = await call(b!, "GET", "/user/v1/attribute/claims", { token: signIn.body.token });
    expect(claims.status).toBe(200);
    expect(claims.body).toMatchObject({ email: "member@demo.fitkit.dev" });
    const refreshed = await call(b!, "POST", "/api/auth/refresh-token", {
      body: { refreshToken: signIn.body.refreshToken },
    });
    expect(refreshed.status).toBe(200);
    expect((await call(a!, "GET", "/user/v1/attribute/claims", { token: refreshed.body.token })).status).toBe(200);
  });

  it("count one rate limit between them, whatever X-Forwarded-For says", async () => {
    const limit = defaultRateLimits.checkEmailPerAddress; // per address per 15 minutes
    const statuses: number[] = [];
    for (let i = 0; i <= limit; i++) {
      const server = i % 2 ? b! : a!;
      const res = await call(server, "POST", "/api/auth/check-email", {
        body: { email: "member@demo.fitkit.dev" },
        headers: { "x-forwarded-for": `203.0.113.${i}` },
      });
      statuses.push(res.status);
    }
    expect(statuses.slice(0, limit).every((s) => s === 200)).toBe(true);
    expect(statuses[limit]).toBe(429);
    const other = await call(a!, "POST", "/api/auth/check-email", { body: { email: "member@demo.fitkit.dev" } });
    expect(other.status).toBe(429);
    expect(Number(other.headers.get("retry-after"))).toBeGreaterThan(0);
  });

  it("both search a catalogue change written elsewhere, within moments", async () => {
    const hits = async (server: ServerProcess) =>
      (await call(server, "POST", "/tsapi/workouts/search", { body: { keywords: "pangolin", hits: 1 } })).body.nbHits;
    expect([await hits(a!), await hits(b!)]).toEqual([0, 0]);
    await database.db
      .updateTable("workouts")
      .set({ name: "25 Min Pangolin Power" })
      .where("id", "=", "wk_0003")
      .execute();
    await eventually(async () => (await hits(a!)) === 1 && (await hits(b!)) === 1, SEARCH_FOLLOWS_WITHIN_MS);
  });

  it("push a booking made through one to a live spots stream open on the other, within 2 s", async () => {
    const schedule = await call(a!, "GET", "/studios/class?location=live&public=true");
    const now = Date.now();
    const c = (schedule.body.items as { id: string; class_full: boolean; start_date: string }[]).find(
      (x) => !x.class_full && Date.parse(x.start_date) > now + 3_600_000,
    )!;
    const stream = await openStream(`${b!.url}/studios/live-classes/stream?location=live`);
    try {
      expect(stream.status).toBe(200);
      // Booking is part of a membership: a demo member with one (VIP) books.
      const signUp = await call(a!, "POST", "/api/auth/sign-in/email", {
        body: { email: "vip@demo.fitkit.dev", password: "fitkit-demo" },
      });
      const started = performance.now();
      const booked = await call(a!, "POST", "/studios/reservation/", {
        token: signUp.body.token,
        body: { class_id: c.id },
      });
      expect(booked.status).toBe(200);
      const event = await stream.next(
        (e) => e.event === "spots" && JSON.parse(e.data).id === c.id,
        SPOTS_REACH_WITHIN_MS,
      );
      expect(performance.now() - started).toBeLessThan(SPOTS_REACH_WITHIN_MS);
      expect(JSON.parse(event.data)).toMatchObject({ id: c.id, location_id: "live", cancelled: false });
    } finally {
      stream.close();
    }
  });

  it("answer an unchanged public schedule with 304 from either, and both see a booking made through one", async () => {
    // Days ahead, so no class starts or ends while the test runs: only the booking changes the answer.
    const window = `min_date=${new Date(Date.now() + 2 * 86_400_000).toISOString()}&max_date=${new Date(Date.now() + 5 * 86_400_000).toISOString()}`;
    const url = `/studios/class?location=new-york&public=true&${window}`;
    const [fromA, fromB] = [await call(a!, "GET", url), await call(b!, "GET", url)];
    const etag = fromA.headers.get("etag")!;
    expect(fromB.headers.get("etag")).toBe(etag);
    for (const server of [a!, b!, a!]) {
      expect((await call(server, "GET", url, { headers: { "if-none-match": etag } })).status).toBe(304);
    }
    const c = (fromA.body.items as { id: string; class_full: boolean; spots_left: number }[]).find(
      (x) => !x.class_full,
    )!;
    // Booking is part of a membership: a demo member with one (a trial) books.
    const signUp = await call(b!, "POST", "/api/auth/sign-in/email", {
      body: { email: "trial@demo.fitkit.dev", password: "fitkit-demo" },
    });
    expect(
      (await call(a!, "POST", "/studios/reservation/", { token: signUp.body.token, body: { class_id: c.id } })).status,
    ).toBe(200);

    // The other process changes its validator at once: no notification to wait for.
    const afterB = await call(b!, "GET", url, { headers: { "if-none-match": etag } });
    expect(afterB.status).toBe(200);
    const changed = afterB.headers.get("etag")!;
    expect(changed).not.toBe(etag);
    expect((afterB.body.items as { id: string; spots_left: number }[]).find((x) => x.id === c.id)!.spots_left).toBe(
      c.spots_left - 1,
    );
    const afterA = await call(a!, "GET", url, { headers: { "if-none-match": etag } });
    expect(afterA.status).toBe(200);
    expect(afterA.headers.get("etag")).toBe(changed);
    for (const server of [a!, b!]) {
      expect((await call(server, "GET", url, { headers: { "if-none-match": changed } })).status).toBe(304);
    }
  });

  it("renew a subscription whose period ended exactly once, though both run the job", async () => {
    const email = `renew-${randomBytes(4).toString("hex")}@example.com`;
    const signUp = await call(a!, "POST", "/api/auth/sign-up/email", {
      body: { email, password: "secret-pass", given_name: "Renew", family_name: "Once", waiver_accepted: true },
    });
    expect(signUp.status).toBe(200);
    const token = signUp.body.token as string;
    const setup = await call(b!, "POST", "/commerce/v1/payment/setup", { token });
    const card = await call(a!, "POST", "/commerce/v1/sandbox/payment-methods", {
      body: {
        client_secret: setup.body.client_secret,
        number: "4242 4242 4242 4242",
        exp_month: 4,
        exp_year: new Date().getUTCFullYear() + 2,
        cvc: "123",
      },
    });
    expect(card.status).toBe(200);
    expect(
      (
        await call(b!, "POST", "/commerce/v1/payment/setdefault", {
          token,
          body: { payment_method_id: card.body.payment_method_id },
        })
      ).status,
    ).toBe(200);
    expect(
      (await call(a!, "POST", "/v2/subscriptions/subs", { token, body: { sku: "1month_trial0-R-SB" } })).status,
    ).toBe(200);

    const sub = await database.db
      .selectFrom("subscriptions")
      .select("id")
      .where("user_id", "=", signUp.body.user.id)
      .executeTakeFirstOrThrow();
    const invoices = () =>
      database.db.selectFrom("invoices").select("status").where("subscription_id", "=", sub.id).execute();
    expect(await invoices()).toHaveLength(1);
    // The period ended an hour ago: one renewal is due, for one month from then.
    await database.db
      .updateTable("subscriptions")
      .set({
        expiration_date: new Date(Date.now() - 3_600_000),
        current_period_start: new Date(Date.now() - 31 * 86_400_000),
      })
      .where("id", "=", sub.id)
      .execute();

    const renewals = () =>
      database.db
        .selectFrom("subscription_events")
        .select("action")
        .where("subscription_id", "=", sub.id)
        .where("action", "=", "renewed")
        .execute();
    await eventually(async () => (await renewals()).length > 0, RENEWAL_WITHIN_MS);
    // Several more runs of each process's job go by.
    await new Promise((r) => setTimeout(r, RENEWALS_INTERVAL_MS * 10));
    expect(await renewals()).toHaveLength(1);
    expect((await invoices()).map((i) => i.status)).toEqual(["paid", "paid"]);
  });

  it("run a background job in one process at a time", async () => {
    const other = connectPostgres(
      (database.pool as unknown as { options: { connectionString: string } }).options.connectionString,
      2,
    );
    try {
      let started!: () => void;
      let release!: () => void;
      const running = new Promise<void>((r) => (started = r));
      const held = new Promise<void>((r) => (release = r));
      const first = jobLock(database)("lock-test", async () => {
        started();
        await held;
        return "first";
      });
      await running;
      // While the first holds the lock, the same job elsewhere skips instead of waiting; a different job runs.
      expect(await jobLock(other)("lock-test", async () => "second")).toBeUndefined();
      expect(await jobLock(other)("another-job", async () => "ran")).toBe("ran");
      release();
      expect(await first).toBe("first");
      expect(await jobLock(other)("lock-test", async () => "after")).toBe("after");
    } finally {
      await other.close();
    }
  });
});
