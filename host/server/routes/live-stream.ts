import { PassThrough } from "node:stream";
import type { FastifyInstance } from "fastify";
import type { RouteOptions } from "../context.js";
import { HttpError } from "../errors.js";
import { errorSchema, strictObject } from "../schemas.js";
import { ScheduleService } from "../services/schedule.js";
import { SpotsHub, type StreamMessage } from "../services/live-spots.js";
import { typed } from "./typed.js";

/** A browser that lost its stream waits this long before its own reconnect (the `retry:` hint). */
const RETRY_HINT_MS = 2000;
/** How long a refused client should wait before asking again (it refreshes the schedule every 30 s meanwhile). */
const REFUSED_RETRY_AFTER_S = 30;
/** Locations one stream may follow (a franchise page showing several schedules). */
const MAX_LOCATIONS = 50;

/**
 * `GET /studios/live-classes/stream`: Server-Sent Events with the spot counts of the asked locations' classes as they
 * change (a `spots` event per change, whoever made it: a booking through any process on the database, the waitlist,
 * staff), a `resync` event when changes may have been missed, and a heartbeat comment. Public, like the schedule.
 * At most `config.liveStreamsMax` streams per process; past that 503 with Retry-After.
 */
export async function liveStreamRoutes(instance: FastifyInstance, { ctx }: RouteOptions) {
  const app = typed(instance);
  const schedule = new ScheduleService(ctx);
  const hub = new SpotsHub(ctx.database, {
    max: ctx.config.liveStreamsMax,
    onError: (error) => instance.log.error({ err: error }, "live spots"),
  });
  /** How to end each open stream, resolving once its connection is closed. */
  const open = new Set<() => Promise<void>>();
  // Before the server closes: it waits for open connections, and a stream never ends by itself.
  instance.addHook("preClose", async () => {
    await Promise.all([...open].map((end) => end()));
  });
  ctx.onClose(() => hub.close());
  ctx.metrics.countLiveStreams(() => hub.size);

  const refused = () =>
    new HttpError(503, "Too many live schedules are open on this server; refresh the schedule instead", {
      "retry-after": String(REFUSED_RETRY_AFTER_S),
    });

  app.get(
    "/live-classes/stream",
    {
      schema: {
        tags: ["studios"],
        summary: "Live spot counts of the asked locations' classes as they change (text/event-stream)",
        description:
          "Events: `spots` (data: {id, location_id, booked, capacity, waitlisted, cancelled, spots_left, " +
          "class_full}; id: an event id to send back as Last-Event-ID or last_event_id), `resync` (changes may have " +
          "been missed: refetch the schedule). A comment every heartbeat keeps the stream open. 503 with " +
          "Retry-After when this server holds as many streams as it allows.",
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
          503: errorSchema,
        },
      },
    },
    async (request, reply) => {
      if (hub.full()) throw refused();
      const asked = (request.query.location ?? "")
        .split(",")
        .map((l) => l.trim())
        .filter(Boolean);
      if (asked.length > MAX_LOCATIONS) throw new HttpError(400, `location must list at most ${MAX_LOCATIONS}`);
      const locations = new Set(await Promise.all([...new Set(asked)].map((l) => schedule.resolveLocation(l))));
      const header = request.headers["last-event-id"];
      const lastEventId = (typeof header === "string" ? header : undefined) ?? request.query.last_event_id;
      await hub.start();
      // Checked again with no await before subscribing: streams opened meanwhile count.
      if (hub.full()) throw refused();

      const stream = new PassThrough();
      const send = (message: StreamMessage) => {
        stream.write(
          message.kind === "spots"
            ? `id: ${message.event.id}\nevent: spots\ndata: ${JSON.stringify(message.event.change)}\n\n`
            : `event: resync\ndata: {}\n\n`,
        );
      };
      stream.write(`retry: ${RETRY_HINT_MS}\n: live spot counts\n\n`);
      const unsubscribe = hub.subscribe({ locations, send }, lastEventId);
      const heartbeat = setInterval(() => stream.write(": heartbeat\n\n"), ctx.config.liveStreamHeartbeatMs);
      const closed = new Promise<void>((resolve) => reply.raw.once("close", resolve));
      const end = () => {
        if (open.delete(end)) {
          clearInterval(heartbeat);
          unsubscribe();
          stream.end();
        }
        return closed;
      };
      open.add(end);
      void closed.then(end);
      return (
        reply
          .header("content-type", "text/event-stream; charset=utf-8")
          .header("cache-control", "no-cache, no-transform")
          // nginx and similar proxies would otherwise hold events back in their buffer.
          .header("x-accel-buffering", "no")
          // One stream per connection: once it ends (the server shutting down) the connection closes with it.
          .header("connection", "close")
          .send(stream)
      );
    },
  );
}
