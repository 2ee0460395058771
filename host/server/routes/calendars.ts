import type { FastifyInstance } from "fastify";
import type { RouteOptions } from "../context.js";
import { memberOf } from "../context.js";
import { rejectUnstorableText } from "./reject-unstorable-text.js";
import { errorSchema, exactObject, memberSecurity, noBody } from "../schemas.js";
import {
  calendarEnrollmentSchema,
  calendarStatusSchema,
  calendarsWithStatus,
  enrollInCalendar,
  myCalendarSchema,
  myCalendars,
  pauseCalendar,
  resumeCalendar,
  unenrollFromCalendar,
} from "../services/calendars.js";
import { assertTimeZone } from "../services/time-range.js";
import { queryObject } from "./query.js";
import { typed } from "./typed.js";

const calendarParams = exactObject({ id: { type: "string", minLength: 1, maxLength: 200 } });
/** The member's IANA time zone: plan days are its calendar dates (UTC when not sent). */
const tzSchema = { type: "string", minLength: 1, maxLength: 64 } as const;
/** Pause and resume take the member's zone (optional) and answer the contract's error body: 404, 409. */
const pauseBody = { type: ["object", "null"], additionalProperties: false, properties: { tz: tzSchema } } as const;
const pauseErrors = { 400: errorSchema, 401: errorSchema, 404: errorSchema, 409: errorSchema };

/** The member side of calendars: the list with status, enrolment, pausing, mine. Content is the catalogue's. */
export async function calendarRoutes(instance: FastifyInstance, { ctx }: RouteOptions) {
  const app = typed(instance);
  const member = { onRequest: app.requireMember, preValidation: rejectUnstorableText };
  const tags = ["calendars"];

  app.get(
    "/tsapi/workout_calendars",
    {
      ...member,
      schema: {
        tags,
        summary: "Every workout calendar with the member's status in it",
        security: memberSecurity,
        response: { 200: exactObject({ data: { type: "array", items: calendarStatusSchema } }) },
      },
    },
    async (request) => ({ data: await calendarsWithStatus(ctx.db, memberOf(request).id) }),
  );

  app.post(
    "/v2/workouts/calendars/:id/enroll",
    {
      ...member,
      schema: {
        tags,
        summary: "Enrol in a calendar (by id or slug; idempotent)",
        security: memberSecurity,
        body: noBody,
        params: calendarParams,
        response: { 200: calendarEnrollmentSchema },
      },
    },
    async (request) => enrollInCalendar(ctx.db, ctx.clock, memberOf(request).id, request.params.id),
  );

  app.post(
    "/v2/workouts/calendars/:id/unenroll",
    {
      ...member,
      schema: {
        tags,
        summary: "Leave a calendar (by id or slug; idempotent)",
        security: memberSecurity,
        body: noBody,
        params: calendarParams,
        response: { 200: calendarEnrollmentSchema },
      },
    },
    async (request) => unenrollFromCalendar(ctx.db, memberOf(request).id, request.params.id),
  );

  app.post(
    "/v2/workouts/calendars/:id/pause",
    {
      ...member,
      schema: {
        tags,
        summary:
          "Pause a calendar the member is in (vacation): today's day stops advancing until resumed. Answers the " +
          "calendar as mine does; 404 when not enrolled, 409 when already paused or over",
        security: memberSecurity,
        body: pauseBody,
        params: calendarParams,
        response: { 200: myCalendarSchema, ...pauseErrors },
      },
    },
    async (request) => {
      const tz = request.body?.tz ?? "UTC";
      assertTimeZone(tz);
      return pauseCalendar(ctx.db, ctx.clock, memberOf(request).id, request.params.id, tz);
    },
  );

  app.post(
    "/v2/workouts/calendars/:id/resume",
    {
      ...member,
      schema: {
        tags,
        summary:
          "Resume a paused calendar: the paused day and every later one move by the whole days the pause lasted " +
          "(in the zone it began in). Answers the calendar as mine does; 404 when not enrolled, 409 when not paused",
        security: memberSecurity,
        body: pauseBody,
        params: calendarParams,
        response: { 200: myCalendarSchema, ...pauseErrors },
      },
    },
    async (request) => {
      const tz = request.body?.tz ?? "UTC";
      assertTimeZone(tz);
      return resumeCalendar(ctx.db, ctx.clock, memberOf(request).id, request.params.id, tz);
    },
  );

  app.get(
    "/v2/workouts/calendars/mine",
    {
      ...member,
      schema: {
        tags,
        summary: "The member's calendars with today's day and each day's state, dated in tz (default UTC)",
        security: memberSecurity,
        querystring: queryObject({ tz: { ...tzSchema, default: "UTC" } }),
        response: { 200: exactObject({ data: { type: "array", items: myCalendarSchema } }) },
      },
    },
    async (request) => {
      assertTimeZone(request.query.tz);
      return { data: await myCalendars(ctx.db, ctx.clock, memberOf(request).id, request.query.tz) };
    },
  );
}
