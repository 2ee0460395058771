import type { FastifyInstance } from "fastify";
import type { RouteOptions } from "../context.js";
import { memberOf } from "../context.js";
import { renderIcs } from "../../../src/domain/ics.js";
import { parseDateBound } from "../services/schedule.js";
import { ScheduleAnswers } from "../services/schedule-answers.js";
import {
  errorSchema,
  exactObject,
  memberSecurity,
  named,
  noBody,
  pageOf,
  ref,
  strictObject,
  uuidSchema,
} from "../schemas.js";
import { sendSerialised, typed } from "./typed.js";

const classIdSchema = { type: "string", minLength: 1, maxLength: 128, pattern: "^[a-z0-9][a-z0-9-]*$" } as const;
/** A location id or slug; empty means every location, like an absent one. */
const locationSchema = { type: "string", maxLength: 100 } as const;

const liveClassSchema = {
  type: "object",
  additionalProperties: false,
  properties: {
    id: { type: "string" },
    description: { type: "string" },
    duration: { type: "integer", description: "minutes" },
    equipment: { type: "array", items: { type: "string" } },
    class_full: { type: "boolean" },
    completed: { type: "boolean", description: "the class has ended" },
    start_date: { type: "string", format: "date-time" },
    end_date: { type: "string", format: "date-time" },
    startDateTime: { type: "string", format: "date-time" },
    trainer_name: { type: "string" },
    trainer_image_url: { type: ["string", "null"] },
    type: { type: "string" },
    spots_left: { type: "integer" },
    room: {
      type: "string",
      description: "the studio room it is held in (empty when not named); schedules filter by it",
    },
    zoom_link: {
      type: ["string", "null"],
      description:
        "only for a member holding a reservation, from 15 minutes before start until the end; absent in public answers",
    },
    location: {
      type: "object",
      additionalProperties: false,
      description: "where the class happens: kind virtual (a video-call link) or studio (in person at the address)",
      properties: {
        id: { type: "string" },
        slug: { type: "string" },
        name: { type: "string" },
        kind: { type: "string", enum: ["studio", "virtual"] },
        address: { type: "string" },
        city: { type: "string" },
        time_zone: { type: "string" },
      },
      required: ["id", "slug", "name", "kind", "address", "city", "time_zone"],
    },
    policy: {
      type: "object",
      additionalProperties: false,
      description: "the location's booking and cancellation rules, with their instants for this class",
      properties: {
        booking_window_days: { type: "integer", description: "booking opens this many days before the start" },
        late_cancel_minutes: { type: "integer", description: "cancelling later than this before the start is late" },
        auto_book_cutoff_minutes: {
          type: "integer",
          description: "a spot opening earlier than this before the start books the first waitlisted member",
        },
        max_open_bookings: {
          type: "integer",
          description:
            "open bookings and waitlist places a member may hold at the location (the location's own limit, else the default of 10)",
        },
        booking_opens_at: { type: "string", format: "date-time" },
        free_cancel_until: { type: "string", format: "date-time", description: "later cancels are marked late" },
      },
      required: [
        "booking_window_days",
        "late_cancel_minutes",
        "auto_book_cutoff_minutes",
        "max_open_bookings",
        "booking_opens_at",
        "free_cancel_until",
      ],
    },
    waitlist: {
      type: "object",
      additionalProperties: false,
      description: "the class's waitlist; position and entry_id are the signed-in member's own (null otherwise)",
      properties: {
        count: { type: "integer", description: "members waiting" },
        capacity: { type: "integer" },
        open: { type: "boolean", description: "joinable now: the class is full, not started, the list has room" },
        position: { type: ["integer", "null"], description: "1 = next in line" },
        entry_id: { type: ["string", "null"] },
      },
      required: ["count", "capacity", "open", "position", "entry_id"],
    },
  },
  required: [
    "id",
    "description",
    "duration",
    "equipment",
    "class_full",
    "completed",
    "start_date",
    "end_date",
    "startDateTime",
    "trainer_name",
    "trainer_image_url",
    "type",
    "spots_left",
  ],
} as const;

export const LiveClass = named("LiveClass", liveClassSchema);

const reservationSchema = {
  type: "object",
  additionalProperties: false,
  properties: {
    id: { type: "string" },
    status: { type: "string", enum: ["pending", "standard cancel", "check in"] },
    class_data: ref(LiveClass),
    late_cancel: { type: "boolean", description: "cancelled after the free-cancellation cutoff" },
    from_waitlist: { type: "boolean", description: "booked from the waitlist" },
  },
  required: ["id", "status", "class_data"],
} as const;

const waitlistEntrySchema = {
  type: "object",
  additionalProperties: false,
  properties: {
    id: { type: "string" },
    status: { type: "string", enum: ["waiting", "left", "promoted", "expired"] },
    position: { type: ["integer", "null"], description: "1 = next in line; null once no longer waiting" },
    class_data: ref(LiveClass),
  },
  required: ["id", "status", "position", "class_data"],
} as const;

export const Reservation = named("Reservation", reservationSchema);
export const WaitlistEntry = named("WaitlistEntry", waitlistEntrySchema);

const errors = { 400: errorSchema, 401: errorSchema, 404: errorSchema };

const reservationParams = exactObject({ id: uuidSchema });
const classParams = exactObject({ id: classIdSchema });

export async function studiosRoutes(instance: FastifyInstance, { ctx }: RouteOptions) {
  const app = typed(instance);
  const { schedule, reservations, waitlist } = app.services;
  const answers = ctx.config.scheduleCacheBytes
    ? new ScheduleAnswers({
        db: ctx.db,
        clock: ctx.clock,
        maxBytes: ctx.config.scheduleCacheBytes,
        onLookup: (hit) => ctx.metrics.cacheLookup("schedule", hit),
      })
    : undefined;

  app.get(
    "/class",
    {
      onRequest: app.optionalMember,
      schema: {
        tags: ["studios"],
        summary: "The live-class schedule (public; a member's token adds their video-call links)",
        querystring: strictObject({
          min_date: {
            type: "string",
            maxLength: 40,
            description: "YYYY-MM-DD (local date of each class) or ISO date-time",
          },
          max_date: {
            type: "string",
            maxLength: 40,
            description: "YYYY-MM-DD (local date of each class) or ISO date-time; at most 30 days ahead",
          },
          location: locationSchema,
          public: { type: "boolean", description: "answer for a public page: member-only fields left out" },
          // Every class of all four locations over the 30-day horizon fits in one default page.
          limit: { type: "integer", minimum: 1, maximum: 2000, default: 1000 },
          skip: { type: "integer", minimum: 0, default: 0 },
        }),
        response: { 200: pageOf(ref(LiveClass)), 400: errorSchema, 401: errorSchema },
      },
    },
    async (request, reply) => {
      const q = request.query;
      const isPublic = q.public === true;
      const query = {
        min: parseDateBound("min_date", q.min_date),
        max: parseDateBound("max_date", q.max_date),
        location: q.location || undefined,
        isPublic,
        limit: q.limit,
        skip: q.skip,
      };
      const memberId = isPublic ? undefined : request.member?.id;
      // Every visitor without a member's token asking the same gets the same bytes, kept while the schedule holds.
      const answer =
        memberId === undefined ? await answers?.get(query, (page) => String(reply.serialize(page))) : undefined;
      if (answer) return sendSerialised(reply.header("etag", answer.etag), answer.body);
      return schedule.listClasses({ ...query, memberId });
    },
  );

  app.get(
    "/reservation",
    {
      onRequest: app.requireMember,
      schema: {
        tags: ["studios"],
        summary: "The member's reservations: upcoming (not cancelled, class not ended), or all with history=true",
        security: memberSecurity,
        querystring: strictObject({
          location: locationSchema,
          history: {
            type: "boolean",
            description: "every reservation (cancelled and past included), latest class first",
          },
          limit: { type: "integer", minimum: 1, maximum: 500, default: 100 },
          skip: { type: "integer", minimum: 0, default: 0 },
        }),
        response: { 200: pageOf(ref(Reservation)), 400: errorSchema, 401: errorSchema },
      },
    },
    async (request) => {
      const q = request.query;
      const locationId = q.location ? await schedule.resolveLocation(q.location) : undefined;
      return reservations.list(memberOf(request).id, {
        locationId,
        history: q.history === true,
        limit: q.limit,
        skip: q.skip,
      });
    },
  );

  app.post(
    "/reservation/",
    {
      onRequest: app.requireMember,
      schema: {
        tags: ["studios"],
        summary: "Book a class (status pending); 400 when full, started, cancelled or already booked, 404 when unknown",
        security: memberSecurity,
        body: exactObject({ class_id: classIdSchema }),
        response: { 200: ref(Reservation), ...errors },
      },
    },
    async (request) => reservations.book(memberOf(request).id, request.body.class_id),
  );

  app.post(
    "/reservation/:id/cancel",
    {
      onRequest: app.requireMember,
      schema: {
        tags: ["studios"],
        summary: "Cancel a reservation (status standard cancel); 422 once the class has started",
        security: memberSecurity,
        body: noBody,
        params: reservationParams,
        response: { 200: ref(Reservation), ...errors, 422: errorSchema },
      },
    },
    async (request) => {
      return reservations.cancel(memberOf(request).id, request.params.id);
    },
  );

  app.post(
    "/class/:id/waitlist",
    {
      onRequest: app.requireMember,
      schema: {
        tags: ["studios"],
        summary:
          "Join a full class's waitlist (position in the answer); 400 when the class has spots, the list is full, the member is booked or waiting for an overlapping class",
        security: memberSecurity,
        body: noBody,
        params: classParams,
        response: { 200: ref(WaitlistEntry), ...errors },
      },
    },
    async (request) => waitlist.join(memberOf(request).id, request.params.id),
  );

  app.post(
    "/waitlist/:id/leave",
    {
      onRequest: app.requireMember,
      schema: {
        tags: ["studios"],
        summary: "Leave a waitlist (the member's own entry); everyone behind moves up",
        security: memberSecurity,
        body: noBody,
        params: reservationParams,
        response: { 200: ref(WaitlistEntry), ...errors },
      },
    },
    async (request) => waitlist.leave(memberOf(request).id, request.params.id),
  );

  app.get(
    "/waitlist",
    {
      onRequest: app.requireMember,
      schema: {
        tags: ["studios"],
        summary: "The member's waitlist places for classes still to start, soonest first",
        security: memberSecurity,
        querystring: strictObject({ location: locationSchema }),
        response: { 200: pageOf(ref(WaitlistEntry)), 400: errorSchema, 401: errorSchema },
      },
    },
    async (request) => {
      const q = request.query;
      const locationId = q.location ? await schedule.resolveLocation(q.location) : undefined;
      return waitlist.list(memberOf(request).id, { locationId });
    },
  );

  app.post(
    "/reservation/:id/checkin/",
    {
      onRequest: app.requireMember,
      schema: {
        tags: ["studios"],
        summary: "Check in (status check in), from 15 minutes before start until the class ends",
        security: memberSecurity,
        body: noBody,
        params: reservationParams,
        response: { 200: ref(Reservation), ...errors },
      },
    },
    async (request) => reservations.checkIn(memberOf(request).id, request.params.id),
  );

  app.get(
    "/reservation/:id/calendar.ics",
    {
      onRequest: app.requireMember,
      schema: {
        tags: ["studios"],
        summary: "The reservation as an iCalendar event (add to calendar)",
        security: memberSecurity,
        params: reservationParams,
        response: { 200: { type: "string", description: "text/calendar" }, ...errors },
      },
    },
    async (request, reply) => {
      const event = await reservations.calendarEvent(memberOf(request).id, request.params.id);
      const day = new Date(event.start).toISOString().slice(0, 10);
      return reply
        .type("text/calendar; charset=utf-8")
        .header("content-disposition", `attachment; filename="fitkit-class-${day}.ics"`)
        .send(renderIcs(event));
    },
  );
}
