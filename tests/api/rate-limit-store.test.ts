import { createServer, type Server, type Socket, connect } from "node:net";
import type { AddressInfo } from "node:net";
import type { FastifyBaseLogger } from "fastify";
import { describe, expect, it } from "vitest";
import { createRateLimiter } from "../../host/server/auth/create-rate-limiter.js";
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

const silent = { warn: () => {}, error: () => {} } as unknown as FastifyBaseLogger;

describe("where rate limits are counted", () => {
  it("refuses to start when REDIS_URL names a Redis it cannot reach", async () => {
    const config = loadConfig({ REDIS_URL: `redis://127.0.0.1:${await closedPort()}` });
    await expect(createRateLimiter(config, new TestClock(), silent)).rejects.toThrow(/REDIS_URL: cannot connect/);
  });

  it("lets requests through when Redis is lost after start-up rather than refusing every sign-in", async () => {
    const relay = await relayToRedis();
    const t = await startTestApp({
      config: { redisUrl: relay.url, rateLimits: { ...defaultRateLimits, checkEmailPerAddress: 1 } },
    });
    try {
      const check = () => t.call("POST", "/api/auth/check-email", { body: { email: "vip@demo.fitkit.dev" } });
      expect((await check()).statusCode).toBe(200);
      expectError(await check(), 429);
      await relay.cut();
      expect((await check()).statusCode).toBe(200);
    } finally {
      await t.close();
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
