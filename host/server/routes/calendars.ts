import type { FastifyInstance } from "fastify";
import type { RouteOptions } from "../context.js";
import { memberOf } from "../context.js";
import { rejectUnstorableText } from "./reject-unstorable-text.js";
import { memberSecurity, noBody, strictObject } from "../schemas.js";
import { calendarsWithStatus, enrollInCalendar, myCalendars, unenrollFromCalendar } from "../services/calendars.js";
import { typed } from "./typed.js";

const calendarParams = strictObject({ id: { type: "string", minLength: 1, maxLength: 200 } }, ["id"]);
const enrollmentAnswer = strictObject(
  {
    calendar_id: { type: "string" },
    status: { type: "string", enum: ["enrolled", "not_enrolled"] },
    enrolled_at: { type: ["string", "null"] },
  },
  ["calendar_id", "status", "enrolled_at"],
);

const string = { type: "string" } as const;
const integer = { type: "integer" } as const;
/** A calendar with the member's status in it (services/calendars.ts `calendarsWithStatus`). */
const calendarStatusFields = {
  calendar_id: string,
  id: string,
  slug: string,
  name: string,
  description: string,
  image_url: string,
  total_days: integer,
  status: { type: "string", enum: ["enrolled", "not_enrolled"] },
  enrolled_at: { type: ["string", "null"] },
} as const;
const calendarStatusRequired = Object.keys(calendarStatusFields) as (keyof typeof calendarStatusFields)[];
const calendarStatusSchema = strictObject(calendarStatusFields, calendarStatusRequired);
/** An enrolled calendar with today's day number and each day's state. */
const myCalendarSchema = strictObject(
  {
    ...calendarStatusFields,
    status: { type: "string", const: "enrolled" },
    current_day: integer,
    progress: strictObject({ completed_days: integer, total_days: integer }, ["completed_days", "total_days"]),
    days: {
      type: "array",
      items: strictObject(
        {
          day: integer,
          date: { type: "string", description: "YYYY-MM-DD" },
          kind: { type: "string", enum: ["workout", "walk", "rest"] },
          workout_id: { type: ["string", "null"] },
          status: { type: "string", enum: ["rest", "completed", "not_started"] },
        },
        ["day", "date", "kind", "workout_id", "status"],
      ),
    },
  },
  [...calendarStatusRequired, "current_day", "progress", "days"],
);

/** The member side of calendars: the list with status, enrolment, mine. Calendar content is the catalogue's. */
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
        response: { 200: strictObject({ data: { type: "array", items: calendarStatusSchema } }, ["data"]) },
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
        response: { 200: enrollmentAnswer },
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
        response: { 200: enrollmentAnswer },
      },
    },
    async (request) => unenrollFromCalendar(ctx.db, memberOf(request).id, request.params.id),
  );

  app.get(
    "/v2/workouts/calendars/mine",
    {
      ...member,
      schema: {
        tags,
        summary: "The member's calendars with today's day and each day's state",
        security: memberSecurity,
        response: { 200: strictObject({ data: { type: "array", items: myCalendarSchema } }, ["data"]) },
      },
    },
    async (request) => ({ data: await myCalendars(ctx.db, ctx.clock, memberOf(request).id) }),
  );
}
