/**
 * Live streams at a franchise's scale (issue 28): every open schedule page holds one live spot-count stream. One
 * built server process on an embedded database holds 10,000 of them on loopback (`BENCH_STREAMS` for another count),
 * then a member books and cancels a class, again and again: for each change, how long from sending it until every
 * stream has its `spots` event (p50, p99 over every stream and change, and the slowest), and the server's memory per
 * open stream (its resident memory with them open, less before). The figures size FITKIT_LIVE_STREAMS_MAX
 * (docs/operations.md, "Live streams"). Both processes need a file descriptor per stream: Node raises its soft
 * limit to the hard one at start, and this checks that limit (`ulimit -Hn`) for both before opening anything.
 */
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { connect, type Socket } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { DEMO_PASSWORD } from "../../host/server/db/seed/members.js";
import type { Bench, BenchResult } from "./run.js";
import { startBuiltServer } from "./server-start.js";

const STREAMS = Number(process.env.BENCH_STREAMS ?? 10_000);
/** Changes measured (bookings and cancellations in turn), each reaching every stream. */
const CHANGES = 6;
/** Streams being opened at once (the server's accept queue is 511). */
const OPENING_AT_ONCE = 200;
/** Descriptors besides the streams: the database, the log, the requests that make the changes. */
const SPARE_FILES = 200;
/** A change that has not reached every stream by then counts as lost. */
const GIVE_UP_MS = 30_000;
const SPOTS = Buffer.from("event: spots");

/** The soft limit on open files of a process (what it may open now). */
function openFilesLimit(pid: number | "self"): number {
  const line = readFileSync(`/proc/${pid}/limits`, "utf8")
    .split("\n")
    .find((l) => l.startsWith("Max open files"));
  const soft = line?.split(/\s{2,}/)[1];
  return soft === "unlimited" ? Infinity : Number(soft);
}

function residentKb(pid: number): number {
  const line = readFileSync(`/proc/${pid}/status`, "utf8")
    .split("\n")
    .find((l) => l.startsWith("VmRSS:"));
  return Number(line?.match(/\d+/)?.[0]);
}

function checkFiles(who: string, pid: number | "self") {
  const limit = openFilesLimit(pid);
  if (limit < STREAMS + SPARE_FILES)
    throw new Error(
      `${who} may open ${limit} files and ${STREAMS} streams need ${STREAMS + SPARE_FILES}: ` +
        `raise the hard limit (ulimit -Hn ${STREAMS * 2}) or set BENCH_STREAMS lower`,
    );
  return limit;
}

interface Stream {
  socket: Socket;
  /** When each `spots` event arrived (performance.now()). */
  arrivals: number[];
}

/** Opens one stream with a bare socket (no client library between), resolving once its 200 head arrived. */
function openStream(port: number, path: string): Promise<Stream> {
  return new Promise((resolve, reject) => {
    const socket = connect({ port, host: "127.0.0.1" });
    const stream: Stream = { socket, arrivals: [] };
    let head: Buffer | undefined = Buffer.alloc(0);
    // An event name split between two reads is found by keeping the end of the last one.
    let tail = Buffer.alloc(0);
    socket.on("data", (chunk: Buffer) => {
      const now = performance.now();
      if (head) {
        head = Buffer.concat([head, chunk]);
        const end = head.indexOf("\r\n\r\n");
        if (end < 0) return;
        const status = head.subarray(0, head.indexOf("\r\n")).toString();
        if (!status.startsWith("HTTP/1.1 200")) return reject(new Error(`stream refused: ${status}`));
        chunk = head.subarray(end + 4);
        head = undefined;
        resolve(stream);
      }
      const text = Buffer.concat([tail, chunk]);
      for (let at = text.indexOf(SPOTS); at >= 0; at = text.indexOf(SPOTS, at + SPOTS.length))
        stream.arrivals.push(now);
      tail = text.subarray(Math.max(0, text.length - SPOTS.length + 1));
    });
    socket.once("error", reject);
    socket.write(`GET ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\nAccept: text/event-stream\r\n\r\n`);
  });
}

async function openAll(port: number, path: string): Promise<Stream[]> {
  const streams: Stream[] = [];
  let next = 0;
  const opener = async () => {
    while (next < STREAMS) {
      next++;
      streams.push(await openStream(port, path));
    }
  };
  await Promise.all(Array.from({ length: OPENING_AT_ONCE }, opener));
  return streams;
}

async function api(url: string, path: string, token?: string, body?: unknown) {
  const res = await fetch(`${url}${path}`, {
    method: body === undefined ? "GET" : "POST",
    headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), "content-type": "application/json" },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  return { status: res.status, json: (await res.json()) as Record<string, unknown> };
}

const median = (values: number[]) =>
  pick(
    [...values].sort((a, b) => a - b),
    0.5,
  );
const pick = (sorted: number[], q: number) => sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * q))]!;

const bench: Bench = {
  name: `live streams: ${STREAMS.toLocaleString("en")} open on one process`,
  async run(): Promise<BenchResult[]> {
    const ownLimit = checkFiles("this process", "self");
    const dataDir = mkdtempSync(join(tmpdir(), "fitkit-bench-streams-"));
    const bound = String(STREAMS + 10);
    const server = await startBuiltServer(dataDir, 300_000, {
      FITKIT_LIVE_STREAMS_MAX: bound,
      FITKIT_LIVE_STREAMS_PER_ADDRESS: bound,
    });
    const streams: Stream[] = [];
    try {
      const serverLimit = checkFiles("the server", server.pid);
      console.log(`  open files allowed: this process ${ownLimit}, the server ${serverLimit}`);
      const port = Number(new URL(server.url).port);
      // Every location, as a franchise-wide page asks: opening one then costs no database read.
      const path = "/studios/live-classes/stream";

      // A member and a class of the streamed location it can book.
      const session = await api(server.url, "/api/auth/sign-in/email", undefined, {
        email: "member@demo.fitkit.dev",
        password: DEMO_PASSWORD,
      });
      const token = session.json.token as string;
      const listed = await api(server.url, "/studios/class?location=live&public=true");
      const open = (listed.json.items as { id: string; spots_left: number }[]).filter((c) => c.spots_left > 1);
      let booked: { classId: string; reservation: string } | undefined;
      for (const c of open) {
        const res = await api(server.url, "/studios/reservation/", token, { class_id: c.id });
        if (res.status === 200) booked = { classId: c.id, reservation: res.json.id as string };
        if (booked) break;
      }
      if (!booked) throw new Error("the demo member could book no class at the live location");
      await api(server.url, `/studios/reservation/${booked.reservation}/cancel`, token, {});

      // The hub listens from the first stream on: that one is opened and closed before memory is read.
      (await openStream(port, path)).socket.destroy();
      await new Promise((r) => setTimeout(r, 500));
      const before = residentKb(server.pid);
      const openStarted = performance.now();
      streams.push(...(await openAll(port, path)));
      const openSeconds = (performance.now() - openStarted) / 1000;
      await new Promise((r) => setTimeout(r, 1000));
      const after = residentKb(server.pid);

      // Book, cancel, book, ...: each is one change of the class's counts, sent to every stream.
      const latencies: number[] = [];
      /** Per change: its request's answer, and from the first stream reached to the last. */
      const answers: number[] = [];
      const spreads: number[] = [];
      let reservation = booked.reservation;
      for (let change = 1; change <= CHANGES; change++) {
        const sent = performance.now();
        const res =
          change % 2 === 1
            ? await api(server.url, "/studios/reservation/", token, { class_id: booked.classId })
            : await api(server.url, `/studios/reservation/${reservation}/cancel`, token, {});
        if (res.status !== 200) throw new Error(`change ${change} answered ${res.status}: ${JSON.stringify(res.json)}`);
        answers.push(performance.now() - sent);
        if (change % 2 === 1) reservation = res.json.id as string;
        while (streams.some((s) => s.arrivals.length < change)) {
          if (performance.now() - sent > GIVE_UP_MS)
            throw new Error(`change ${change} reached ${streams.filter((s) => s.arrivals.length >= change).length}`);
          await new Promise((r) => setTimeout(r, 5));
        }
        const reached = streams.map((s) => s.arrivals[change - 1]! - sent);
        latencies.push(...reached);
        spreads.push(Math.max(...reached) - Math.min(...reached));
        await new Promise((r) => setTimeout(r, 500));
      }
      latencies.sort((a, b) => a - b);
      const n = STREAMS.toLocaleString("en");
      return [
        { metric: `open ${n} streams (${OPENING_AT_ONCE} at a time)`, value: openSeconds, unit: "s" },
        { metric: `a spot change reaching each of ${n} streams, p50`, value: pick(latencies, 0.5), unit: "ms" },
        {
          metric: `a spot change reaching each of ${n} streams, p99`,
          value: pick(latencies, 0.99),
          unit: "ms",
          budget: { limit: 1000, better: "lower" },
        },
        { metric: `a spot change reaching the last of ${n} streams`, value: latencies.at(-1)!, unit: "ms" },
        { metric: "  of which the booking or cancelling request itself, median", value: median(answers), unit: "ms" },
        { metric: `  of which from the first stream reached to the last, median`, value: median(spreads), unit: "ms" },
        { metric: "server memory per open stream", value: (after - before) / STREAMS, unit: "KB" },
        {
          metric: `server resident memory with ${n} streams open`,
          value: after / 1024,
          unit: "MB",
          compare: { label: "with none", value: before / 1024 },
        },
      ];
    } finally {
      for (const s of streams) s.socket.destroy();
      await server.stop();
      rmSync(dataDir, { recursive: true, force: true });
    }
  },
};
export default bench;
