import type { FastifyInstance } from "fastify";
import type { RouteOptions } from "../context.js";
import { memberOf } from "../context.js";
import { renderIcs } from "../../../src/domain/ics.js";
import { parseDateBound } from "../services/schedule.js";
import { ScheduleAnswers } from "../services/schedule-answers.js";
import { errorSchema, exactObject, memberSecurity, noBody, pageOf, ref, strictObject, uuidSchema } from "../schemas.js";
import { sendSerialised, typed } from "./typed.js";
import { LiveClass, Reservation, WaitlistEntry } from "../services/live-classes.js";

const classIdSchema = { type: "string", minLength: 1, maxLength: 128, pattern: "^[a-z0-9][a-z0-9-]*$" } as const;
/** A location id or slug; empty means every location, like an absent one. */
const locationSchema = { type: "string", maxLength: 100 } as const;

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
