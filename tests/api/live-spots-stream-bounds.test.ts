/**
 * The live stream's bounds under clients that misbehave (issue 33): a client that hangs up before its stream is set
 * up holds nothing, a client that stops reading is dropped once its backlog passes the bound, and one address holds
 * at most so many streams.
 */
import { connect, type Socket } from "node:net";
import { sql } from "kysely";
import type { PoolClient } from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MAX_BACKLOG_BYTES } from "../../host/server/routes/live-stream.js";
import { startTestApp, type TestApp } from "./harness.js";
import { openStream, type SseStream } from "./sse-client.js";

/** The server notices a client that went away, and a closing server ends its streams, well within this. */
const SETTLES_WITHIN_MS = 10_000;
const STREAM = "/studios/live-classes/stream";

async function until(ready: () => boolean | Promise<boolean>, ms: number, what: string | (() => string)) {
  const end = Date.now() + ms;
  while (!(await ready())) {
    if (Date.now() > end) throw new Error(`${typeof what === "string" ? what : what()} within ${ms} ms`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

const openConnections = (t: TestApp) =>
  new Promise<number>((resolve, reject) =>
    t.app.server.getConnections((error, count) => (error ? reject(error) : resolve(count))),
  );

/** A change reaches a reading stream within this (as in the stream's own tests). */
const REACHES_WITHIN_MS = 2_000;
/**
 * Enough changes to fill a never-reading client's kernel buffers (a few MB on loopback) and then the process's bound
 * for it; on a loaded machine this takes a while.
 */
const FILLS_WITHIN_MS = 90_000;

/** A raw HTTP request for the stream, on a socket of its own that the test can hang up or stop reading. */
function rawRequest(port: number, path: string, localAddress = "127.0.0.1"): Socket {
  const socket = connect({ port, host: "127.0.0.1", localAddress });
  socket.on("error", () => {});
  socket.write(`GET ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\nAccept: text/event-stream\r\n\r\n`);
  return socket;
}

describe("a client that hangs up before its stream is set up", () => {
  const slots = 20;
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ config: { liveStreamsMax: slots, liveStreamsPerAddress: slots } });
  });

  it("holds no slot: after 100 such requests every slot still opens, and the server stops promptly", async () => {
    const held: SseStream[] = [];
    const at = await t.app.listen({ port: 0, host: "127.0.0.1" });
    const port = Number(new URL(at).port);
    // Every database connection is taken, so each request waits inside the route (looking up its location)...
    const pool = t.database.pool;
    const taken: PoolClient[] = [];
    while (pool.totalCount < pool.options.max || pool.idleCount > 0) taken.push(await pool.connect());
    // One held elsewhere (on PostgreSQL the search index's LISTEN for good, a job for a moment) comes to the test, not
    // to a request, when it is given back.
    const queuedFirst = pool.connect();
    const hangingUp = Array.from({ length: 100 }, () => rawRequest(port, `${STREAM}?location=live`));
    const poolState = () => `pool: ${pool.waitingCount} waiting, ${pool.idleCount} idle of ${pool.totalCount}`;
    await until(
      () => pool.waitingCount >= hangingUp.length,
      SETTLES_WITHIN_MS,
      () => `the requests did not wait (${poolState()})`,
    );
    // ...while its client hangs up; then the route goes on.
    for (const socket of hangingUp) socket.destroy();
    await until(async () => (await openConnections(t)) === 0, SETTLES_WITHIN_MS, "the server kept connections");
    for (const client of taken) client.release();
    (await queuedFirst).release();
    await until(
      () => pool.waitingCount === 0,
      SETTLES_WITHIN_MS,
      () => `the requests did not go on (${poolState()})`,
    );

    const url = `${at}${STREAM}?location=live`;
    for (let i = 0; i < slots; i++) held.push(await openStream(url));
    const refused = await openStream(url);
    const statuses = held.map((s) => s.status);

    // Open streams are ended by the server; nothing waits on the connections that are gone.
    const started = performance.now();
    const closed = await Promise.race([
      t.close().then(() => true),
      new Promise<false>((r) => setTimeout(() => r(false), SETTLES_WITHIN_MS)),
    ]);
    const closingMs = performance.now() - started;
    for (const s of [...held, refused]) s.close();
    expect(statuses).toEqual(Array(slots).fill(200));
    expect(refused.status).toBe(503);
    expect(closed, `the server was still closing after ${Math.round(closingMs)} ms`).toBe(true);
  });
});

/** A stream client that reads until it has seen one event's id and then stops reading for good. */
async function stalledClient(port: number, path: string): Promise<{ socket: Socket; lastEventId: string }> {
  const socket = rawRequest(port, path);
  let text = "";
  const lastEventId = await new Promise<string>((resolve, reject) => {
    socket.on("data", (chunk: Buffer) => {
      text += chunk.toString();
      const id = /\nid: (\S+)\n/.exec(text)?.[1];
      if (id) {
        socket.pause();
        resolve(id);
      }
    });
    socket.once("close", () => reject(new Error(`closed before an event: ${text}`)));
  });
  socket.removeAllListeners("data");
  return { socket, lastEventId };
}

describe("a client that stops reading", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  it(
    "is dropped once the process holds more than the bound for it, while readers keep up, and resyncs on return",
    async () => {
      const at = await t.app.listen({ port: 0, host: "127.0.0.1" });
      const port = Number(new URL(at).port);
      /** The server's side of each connection, by the client's port. */
      const serverSide = new Map<number, Socket>();
      t.app.server.on("connection", (socket: Socket) => serverSide.set(socket.remotePort!, socket));

      const reader = await openStream(`${at}${STREAM}`);
      const classes = (await t.db.selectFrom("live_classes").select("id").orderBy("id").limit(500).execute()).map(
        (c) => c.id,
      );
      const pending = Array.from({ length: 4 }, () => stalledClient(port, STREAM));
      await until(() => serverSide.size >= 5, SETTLES_WITHIN_MS, "the streams did not open");
      // One change every stream reads; then four of them stop reading.
      await t.db.updateTable("live_classes").set({ capacity: 99 }).where("id", "=", classes[0]!).execute();
      const stalled = await Promise.all(pending);
      const held = stalled.map((c) => serverSide.get(c.socket.localPort!)!);

      // Ordinary churn: every class's capacity changes, over and over, each change sent to every stream; the
      // reader takes each round before the next.
      const last = classes.at(-1)!;
      let capacity = 100;
      let mostHeld = 0;
      const started = Date.now();
      while (held.some((s) => !s.destroyed)) {
        if (Date.now() - started > FILLS_WITHIN_MS) throw new Error(`not dropped after ${capacity - 100} rounds`);
        const round = capacity++;
        await sql`update live_classes set capacity = ${round} where id in (${sql.join(classes)})`.execute(t.db);
        await reader.next(
          (e) => e.event === "spots" && e.data.includes(`"id":"${last}"`) && JSON.parse(e.data).capacity === round,
          REACHES_WITHIN_MS * 5,
        );
        for (const s of held) if (!s.destroyed) mostHeld = Math.max(mostHeld, s.writableLength);
      }
      // What the process held for a client that took nothing stayed within the bound (and one event).
      expect(mostHeld).toBeLessThanOrEqual(MAX_BACKLOG_BYTES + 1024);

      // The reader is still streaming.
      await t.db.updateTable("live_classes").set({ capacity: 7 }).where("id", "=", last).execute();
      await reader.next((e) => e.event === "spots" && JSON.parse(e.data).capacity === 7, REACHES_WITHIN_MS);

      // A dropped client finds its connection gone once it reads again, and comes back from the last id it saw:
      // far more changes happened since than a process keeps, so it is told to refetch.
      const [first] = stalled;
      const ended = new Promise((resolve) => first!.socket.once("close", resolve));
      first!.socket.resume();
      await ended;
      const back = await openStream(`${at}${STREAM}`, { "last-event-id": first!.lastEventId });
      expect(back.status).toBe(200);
      await back.next((e) => e.event === "resync", REACHES_WITHIN_MS);
      for (const s of [reader, back]) s.close();
    },
    FILLS_WITHIN_MS * 2,
  );
});

describe("the per-address bound", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ config: { liveStreamsPerAddress: 2 } });
  });
  afterAll(() => t.close());

  /** The status line of a stream request from `localAddress`, whose connection stays open. */
  const statusFrom = (port: number, localAddress: string) =>
    new Promise<{ status: number; text: string; socket: Socket }>((resolve) => {
      const socket = rawRequest(port, STREAM, localAddress);
      let text = "";
      socket.on("data", (chunk: Buffer) => {
        text += chunk.toString();
        if (text.includes("\r\n\r\n")) resolve({ status: Number(text.split(" ")[1]), text, socket });
      });
    });

  it("answers 429 in the error shape past the bound from one address, while other addresses open streams", async () => {
    const at = await t.app.listen({ port: 0, host: "127.0.0.1" });
    const port = Number(new URL(at).port);
    const url = `${at}${STREAM}`;
    const mine = [await openStream(url), await openStream(url)];
    expect(mine.map((s) => s.status)).toEqual([200, 200]);
    const refused = await openStream(url);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(refused.body).toMatchObject({ statusCode: 429, error: "Too Many Requests", message: expect.any(String) });
    // Another address (loopback has a whole /8 on Linux) is counted on its own.
    const elsewhere = await statusFrom(port, "127.0.0.2");
    expect(elsewhere.status).toBe(200);
    elsewhere.socket.destroy();
    // One of mine closes: this address may open one again.
    mine.shift()!.close();
    let again = await openStream(url);
    const deadline = Date.now() + SETTLES_WITHIN_MS;
    while (again.status === 429 && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 50));
      again = await openStream(url);
    }
    expect(again.status).toBe(200);
    for (const s of [...mine, again]) s.close();
  });
});
