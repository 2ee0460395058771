/*
 * The stream is written by hand, not with @fastify/sse (0.6.0, the release for Fastify 5; read 2026-11-28): that
 * plugin frames and serialises each message per connection and, on a full send buffer, waits for "drain" without a
 * bound, while this route frames a change once for every stream, drops a client past MAX_BACKLOG_BYTES (it comes
 * back asking for what it missed), sends a `retry:` hint and an opening comment, closes the connection with the
 * stream and cuts it after a shutdown grace; the replay of missed changes is the hub's, which the plugin leaves to
 * the caller too. What the plugin would take over (the head, the heartbeat timer, the frame text) is `sseFrame` and
 * a few lines here. docs/decisions/own-sse-framing.md.
 */
import { isIP } from "node:net";
import type { FastifyInstance } from "fastify";
import type { RouteOptions } from "../context.js";
import { HttpError } from "../errors.js";
import { errorSchema, strictObject } from "../schemas.js";
import { SpotsHub, type SpotsEvent, type StreamMessage } from "../services/live-spots.js";
import { typed } from "./typed.js";

/** One text/event-stream frame: its fields (a data line per line of `data`), then the blank line that ends it. */
function sseFrame(fields: { comment?: string; retry?: number; id?: string; event?: string; data?: string }): string {
  const { comment, retry, id, event, data } = fields;
  const lines = [
    ...(comment === undefined ? [] : [`: ${comment}`]),
    ...(retry === undefined ? [] : [`retry: ${retry}`]),
    ...(id === undefined ? [] : [`id: ${id}`]),
    ...(event === undefined ? [] : [`event: ${event}`]),
    ...(data === undefined ? [] : data.split("\n").map((line) => `data: ${line}`)),
  ];
  return `${lines.join("\n")}\n\n`;
}

/** A browser that lost its stream waits this long before its own reconnect (the `retry:` hint). */
const RETRY_HINT_MS = 2000;
/** How long a refused client should wait before asking again (it refreshes the schedule every 30 s meanwhile). */
const REFUSED_RETRY_AFTER_S = 30;
/** Locations one stream may follow (a franchise page showing several schedules). */
const MAX_LOCATIONS = 50;
/**
 * Bytes of one stream the process holds for a client that does not take them (once the kernel's send buffer is
 * full): past it the client is dropped, and reconnects asking for what it missed. Far above the bursts the server
 * sends at once (a reconnect's replay of the 500 kept changes, a day's classes added: about 100 KB each), so a
 * reader that stalls for a moment is not dropped; with the per-address bound, what one client can make the process
 * hold stays small.
 */
export const MAX_BACKLOG_BYTES = 1024 * 1024;
const RESYNC_FRAME = Buffer.from(sseFrame({ event: "resync", data: "{}" }));
const HEARTBEAT_FRAME = sseFrame({ comment: "heartbeat" });
/** At shutdown, how long an ended stream may take to deliver what it holds before its connection is cut. */
const SHUTDOWN_GRACE_MS = 1000;

/**
 * Who a stream is counted against for the per-address bound: the client address, or its /64 for IPv6 (one
 * subscriber's network; the addresses within it cost nothing to change).
 */
export function streamOwner(ip: string): string {
  const mapped = ip.startsWith("::ffff:") ? ip.slice(7) : ip;
  if (isIP(mapped) !== 6) return mapped;
  const [head = "", tail = ""] = mapped.split("::");
  const left = head ? head.split(":") : [];
  const right = tail ? tail.split(":") : [];
  const groups = [...left, ...Array<string>(Math.max(0, 8 - left.length - right.length)).fill("0"), ...right];
  return `${groups
    .slice(0, 4)
    .map((g) => parseInt(g, 16).toString(16))
    .join(":")}::/64`;
}

/**
 * `GET /studios/live-classes/stream`: Server-Sent Events with the spot counts of the asked locations' classes as they
 * change (a `spots` event per change, whoever made it: a booking through any process on the database, the waitlist,
 * staff), a `resync` event when changes may have been missed, and a heartbeat comment. Public, like the schedule.
 * At most `config.liveStreamsMax` streams per process (past that 503 with Retry-After) and
 * `config.liveStreamsPerAddress` per client address (past that 429); a client that stops reading is dropped.
 */
export async function liveStreamRoutes(instance: FastifyInstance, { ctx }: RouteOptions) {
  const app = typed(instance);
  const { schedule } = app.services;
  const hub = new SpotsHub(ctx.database, {
    max: ctx.config.liveStreamsMax,
    onError: (error) => instance.log.error({ err: error }, "live spots"),
  });
  /** How to end each open stream, resolving once its connection is closed. */
  const open = new Set<() => Promise<void>>();
  /** Open streams per client address (streamOwner). */
  const perOwner = new Map<string, number>();
  // Before the server closes: it waits for open connections, and a stream never ends by itself.
  instance.addHook("preClose", async () => {
    await Promise.all([...open].map((end) => end()));
  });
  ctx.onClose(() => hub.close());
  ctx.metrics.countLiveStreams(() => hub.size);

  /** The frame of the change being sent: one change goes to every stream, so it is framed and encoded once. */
  let framed: { event: SpotsEvent; bytes: Buffer } | undefined;
  const frameOf = (message: StreamMessage): Buffer => {
    if (message.kind === "resync") return RESYNC_FRAME;
    if (framed?.event !== message.event) {
      const { id, change } = message.event;
      framed = {
        event: message.event,
        bytes: Buffer.from(sseFrame({ id, event: "spots", data: JSON.stringify(change) })),
      };
    }
    return framed.bytes;
  };

  const refused = () =>
    new HttpError(503, "Too many live schedules are open on this server; refresh the schedule instead", {
      "retry-after": String(REFUSED_RETRY_AFTER_S),
    });
  const tooManyHere = () =>
    new HttpError(
      429,
      `At most ${ctx.config.liveStreamsPerAddress} live schedules may be open from one address; refresh the schedule instead`,
      { "retry-after": String(REFUSED_RETRY_AFTER_S) },
    );
  const checkRoom = (owner: string) => {
    if (hub.full()) throw refused();
    if ((perOwner.get(owner) ?? 0) >= ctx.config.liveStreamsPerAddress) throw tooManyHere();
  };

  app.get(
    "/live-classes/stream",
    {
      schema: {
        tags: ["studios"],
        summary: "Live spot counts of the asked locations' classes as they change (text/event-stream)",
        description:
          "Events: `spots` (data: a `SpotsChange`, components.schemas; id: an event id to send back as " +
          "Last-Event-ID or last_event_id), `resync` (changes may have " +
          "been missed: refetch the schedule). A comment every heartbeat keeps the stream open. 503 with " +
          "Retry-After when this server holds as many streams as it allows, 429 with Retry-After when the client's " +
          "address holds as many as one address may. A client that stops reading is disconnected; it reconnects " +
          "with the last id it saw.",
        querystring: strictObject({
          location: {
            type: "string",
            maxLength: 2000,
            description: "location ids or slugs, comma-separated; empty or absent: every location",
          },
          last_event_id: {
            type: "string",
            maxLength: 40,
            description: "the id of the last event seen (what the Last-Event-ID header carries on a reconnect)",
          },
        }),
        response: {
          200: { type: "string", description: "text/event-stream" },
          400: errorSchema,
          429: errorSchema,
          503: errorSchema,
        },
      },
    },
    async (request, reply) => {
      // Listened for before anything is awaited: a client may hang up at any point from here on.
      const closed = new Promise<void>((resolve) => reply.raw.once("close", resolve));
      const gone = () => reply.raw.destroyed || request.raw.socket.destroyed;
      const owner = streamOwner(request.ip);
      checkRoom(owner);
      const asked = (request.query.location ?? "")
        .split(",")
        .map((l) => l.trim())
        .filter(Boolean);
      if (asked.length > MAX_LOCATIONS) throw new HttpError(400, `location must list at most ${MAX_LOCATIONS}`);
      const locations = new Set(await Promise.all([...new Set(asked)].map((l) => schedule.resolveLocation(l))));
      const header = request.headers["last-event-id"];
      const lastEventId = (typeof header === "string" ? header : undefined) ?? request.query.last_event_id;
      await hub.start();
      // The client hung up while this waited: nothing to answer, and no slot for it.
      if (gone()) return reply.hijack();
      // Checked again with no await before subscribing: streams opened meanwhile count.
      checkRoom(owner);

      // Written straight to the connection, outside Fastify's answer pipeline (no compression, no buffering
      // stream between): what the connection has not taken is exactly this stream's backlog.
      reply.hijack();
      const res = reply.raw;
      // The headers set on the way here (CORS) go out with the stream's own.
      for (const [name, value] of Object.entries(reply.getHeaders()))
        if (value !== undefined) res.setHeader(name, value);
      res.writeHead(200, {
        "x-request-id": request.id,
        "content-type": "text/event-stream; charset=utf-8",
        "cache-control": "no-cache, no-transform",
        // nginx and similar proxies would otherwise hold events back in their buffer.
        "x-accel-buffering": "no",
        // One stream per connection: once it ends (the server shutting down) the connection closes with it.
        connection: "close",
      });
      // A reset frees the kernel's send buffer at once; a plain close would keep it until the client reads it.
      const drop = () => {
        if (!request.raw.socket.destroyed) request.raw.socket.resetAndDestroy();
      };
      const write = (text: string | Buffer) => {
        res.write(text);
        if (res.writableLength > MAX_BACKLOG_BYTES) drop();
      };
      const send = (message: StreamMessage) => write(frameOf(message));
      write(sseFrame({ retry: RETRY_HINT_MS }) + sseFrame({ comment: "live spot counts" }));
      const unsubscribe = hub.subscribe({ locations, send }, lastEventId);
      perOwner.set(owner, (perOwner.get(owner) ?? 0) + 1);
      const heartbeat = setInterval(() => write(HEARTBEAT_FRAME), ctx.config.liveStreamHeartbeatMs);
      const opened = performance.now();
      const release = () => {
        clearInterval(heartbeat);
        unsubscribe();
        const left = (perOwner.get(owner) ?? 1) - 1;
        if (left > 0) perOwner.set(owner, left);
        else perOwner.delete(owner);
      };
      // Shutting down: what is held is sent, but a client that does not take it does not hold the server up.
      const end = () => {
        if (open.delete(end)) {
          release();
          res.end();
          setTimeout(drop, SHUTDOWN_GRACE_MS).unref();
        }
        return closed;
      };
      open.add(end);
      void closed.then(() => {
        if (open.delete(end)) release();
        // The request's log line, which Fastify writes for the answers it sends itself.
        request.log.info(
          {
            reqId: request.id,
            method: request.method,
            url: request.url,
            statusCode: 200,
            ms: Math.round(performance.now() - opened),
          },
          "request",
        );
      });
      return reply;
    },
  );
}
