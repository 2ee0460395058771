import { spawn, type ChildProcess } from "node:child_process";
import { createServer, type Server, type Socket, connect } from "node:net";
import type { AddressInfo } from "node:net";
import type { FastifyBaseLogger } from "fastify";
import { describe, expect, it } from "vitest";
import { Redis } from "ioredis";
import { createRateLimiter } from "../../host/server/auth/create-rate-limiter.js";
import type { RateLimiter } from "../../host/server/auth/rate-limiter.js";
import { TestClock } from "../../host/server/clock.js";
import { defaultRateLimits, loadConfig } from "../../host/server/config.js";
import { expectError, startTestApp, testRedisUrl } from "./harness.js";

/** A TCP relay to the test Redis that the test can cut, as a lost network would. */
async function relayToRedis(): Promise<{ url: string; cut: () => Promise<void> }> {
  const target = new URL(testRedisUrl);
  const sockets = new Set<Socket>();
  const server: Server = createServer((client) => {
    const upstream = connect(Number(target.port || 6379), target.hostname);
    for (const s of [client, upstream]) {
      sockets.add(s);
      s.on("error", () => s.destroy());
      s.on("close", () => sockets.delete(s));
    }
    client.pipe(upstream).pipe(client);
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  const { port } = server.address() as AddressInfo;
  const url = new URL(testRedisUrl);
  url.host = `127.0.0.1:${port}`;
  return {
    url: url.toString(),
    cut: async () => {
      const closed = new Promise((r) => server.close(r));
      for (const s of sockets) s.destroy();
      await closed;
    },
  };
}

/** A port nothing listens on. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  const { port } = server.address() as AddressInfo;
  await new Promise((r) => server.close(r));
  return port;
}

const silent = { warn: () => {}, info: () => {}, error: () => {} } as unknown as FastifyBaseLogger;

/** A redis-server of the test's own on a free port, which it may stop and start again (never the machine's Redis). */
async function ownRedis(): Promise<{ url: string; stop: () => Promise<void>; start: () => Promise<void> }> {
  const port = await closedPort();
  let server: ChildProcess | undefined;
  const start = async () => {
    server = spawn(
      "redis-server",
      ["--port", String(port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no"],
      {
        stdio: "ignore",
      },
    );
    const probe = new Redis(port, "127.0.0.1", { lazyConnect: true, retryStrategy: () => 50 });
    probe.on("error", () => {});
    await probe.connect().catch(() => undefined);
    await probe.ping();
    probe.disconnect();
  };
  const stop = async () => {
    if (!server || server.exitCode !== null) return;
    const exited = new Promise((resolve) => server!.once("exit", resolve));
    server.kill("SIGKILL");
    await exited;
  };
  await start();
  return { url: `redis://127.0.0.1:${port}`, stop, start };
}

/** Each answer while Redis is down comes from memory at once; main waited 1.5–3 s for Redis on every one. */
const TEN_ANSWERS_WITHOUT_REDIS_MS = 5_000;

describe("where rate limits are counted", () => {
  it("starts with a warning when REDIS_URL names a Redis it cannot reach, and counts in memory meanwhile", async () => {
    const warnings: string[] = [];
    const log = {
      warn: (message: string) => warnings.push(message),
    } as unknown as FastifyBaseLogger;
    const config = loadConfig({ REDIS_URL: `redis://127.0.0.1:${await closedPort()}` });
    const limiter = await createRateLimiter(config, new TestClock(), log);
    try {
      expect(warnings).toEqual([
        expect.stringMatching(
          /^REDIS_URL: Redis is unreachable \(.*ECONNREFUSED.*\): rate limits are counted in this process's memory until it is back$/,
        ),
      ]);
      expect(limiter.redis()).toBe("down");
      expect(await limiter.consume("probe", 1, 60_000)).toBe(0);
      expect(await limiter.consume("probe", 1, 60_000)).toBeGreaterThan(0);
    } finally {
      await limiter.close();
    }
  });

  it("keeps limiting, from memory and at once, while Redis is lost after start-up, and reports it at /health", async () => {
    const relay = await relayToRedis();
    const t = await startTestApp({
      config: { redisUrl: relay.url, rateLimits: { ...defaultRateLimits, checkEmailPerAddress: 1 } },
    });
    try {
      const check = () => t.call("POST", "/api/auth/check-email", { body: { email: "vip@demo.fitkit.dev" } });
      const redisState = async () => (await t.call("GET", "/health")).json<{ redis: string }>().redis;
      expect(await redisState()).toBe("up");
      expect((await check()).statusCode).toBe(200);
      expectError(await check(), 429);
      await relay.cut();
      // Not refusing every sign-in while Redis is down, nor letting every one through: this process counts alone.
      expect((await check()).statusCode).toBe(200);
      const started = performance.now();
      for (let i = 0; i < 10; i++) expectError(await check(), 429);
      expect(performance.now() - started).toBeLessThan(TEN_ANSWERS_WITHOUT_REDIS_MS);
      expect(await redisState()).toBe("down");
    } finally {
      await t.close();
    }
  });

  it("counts in Redis again, shared between processes, once it is back", async () => {
    const redis = await ownRedis();
    const limiters: RateLimiter[] = [];
    try {
      const clock = new TestClock();
      const config = loadConfig({ REDIS_URL: redis.url });
      for (let i = 0; i < 2; i++) limiters.push(await createRateLimiter(config, clock, silent));
      const [a, b] = limiters as [RateLimiter, RateLimiter];
      expect(await a.consume("shared", 1, 60_000)).toBe(0);
      expect(await b.consume("shared", 1, 60_000)).toBeGreaterThan(0);

      await redis.stop();
      await expect.poll(() => a.redis(), { timeout: 10_000 }).toBe("down");
      expect(await a.consume("while-down", 1, 60_000)).toBe(0);
      expect(await b.consume("while-down", 1, 60_000)).toBe(0);

      await redis.start();
      await expect.poll(() => [a.redis(), b.redis()], { timeout: 30_000 }).toEqual(["up", "up"]);
      expect(await a.consume("after", 1, 60_000)).toBe(0);
      expect(await b.consume("after", 1, 60_000)).toBeGreaterThan(0);
    } finally {
      await Promise.all(limiters.map((limiter) => limiter.close()));
      await redis.stop();
    }
  });

  it("warns at start-up when REDIS_URL is unset on PostgreSQL, where several processes would each allow the full limit", async () => {
    const warnings: string[] = [];
    const log = { warn: (message: string) => warnings.push(message) } as unknown as FastifyBaseLogger;
    const onPglite = await createRateLimiter(loadConfig({}), new TestClock(), log);
    expect(warnings).toEqual([]);
    const onPostgres = await createRateLimiter(
      loadConfig({ DATABASE_URL: "postgres://db.example/fitkit" }),
      new TestClock(),
      log,
    );
    expect(warnings).toEqual([expect.stringContaining("REDIS_URL is unset")]);
    await Promise.all([onPglite.close(), onPostgres.close()]);
  });
});
