import type { FastifyInstance } from "fastify";
import type { RouteOptions } from "../context.js";
import { memberOf } from "../context.js";
import { rejectUnstorableText } from "./reject-unstorable-text.js";
import { errorSchema, memberSecurity, strictObject } from "../schemas.js";
import { enrollInSeries, leaveSeries, memberSeries, pauseSeries, resumeSeries } from "../services/series-progress.js";
import { queryObject } from "./query.js";
import { typed } from "./typed.js";

const seriesBody = strictObject({ series_id: { type: "string", minLength: 1, maxLength: 200 } }, ["series_id"]);
const progressSchema = { type: "object", additionalProperties: true } as const;
/** One enrolment as the contract names it; nested parts stay open so every field reaches the client. */
const enrollmentSchema = {
  type: "object",
  properties: {
    user_id: { type: "string" },
    series_id: { type: "string" },
    started_at: { type: ["string", "null"] },
    completed_at: { type: ["string", "null"] },
    status: { type: "string", enum: ["not_started", "enrolled", "in_progress", "completed"] },
    series_detail: progressSchema,
    progress_summary: progressSchema,
    series_state: progressSchema,
    paused: { type: "boolean" },
    paused_at: { type: ["string", "null"] },
    next_workout: { type: ["object", "null"], additionalProperties: true },
    fingerprint: progressSchema,
  },
  required: [
    "user_id",
    "series_id",
    "started_at",
    "completed_at",
    "status",
    "series_detail",
    "progress_summary",
    "series_state",
    "paused",
    "paused_at",
    "fingerprint",
  ],
} as const;
const enrollmentAnswer = strictObject({ success: { type: "boolean", const: true }, series: enrollmentSchema }, [
  "success",
  "series",
]);

/** Pause and resume answer the contract's error body: not enrolled 404, already (or not) paused 409. */
const pauseErrors = { 400: errorSchema, 401: errorSchema, 404: errorSchema, 409: errorSchema };

export async function seriesActivityRoutes(instance: FastifyInstance, { ctx }: RouteOptions) {
  const app = typed(instance);
  const member = { onRequest: app.requireMember, preValidation: rejectUnstorableText };
  const tags = ["series"];

  app.post(
    "/enroll",
    {
      ...member,
      schema: {
        tags,
        summary: "Join a series (idempotent: joining again keeps the progress)",
        security: memberSecurity,
        body: seriesBody,
        response: { 200: enrollmentAnswer },
      },
    },
    async (request) => ({
      success: true,
      series: await enrollInSeries(ctx.db, ctx.clock, memberOf(request).id, request.body.series_id),
    }),
  );

  app.post(
    "/leave",
    {
      ...member,
      schema: {
        tags,
        summary: "Leave a series (idempotent); progress is not kept. Answers the state after leaving",
        security: memberSecurity,
        body: seriesBody,
        response: { 200: enrollmentAnswer },
      },
    },
    async (request) => ({
      success: true,
      series: await leaveSeries(ctx.db, ctx.clock, memberOf(request).id, request.body.series_id),
    }),
  );

  app.post(
    "/pause",
    {
      ...member,
      schema: {
        tags,
        summary:
          "Pause a series the member is in (vacation): progress is kept. 404 when not enrolled, 409 when already " +
          "paused or completed",
        security: memberSecurity,
        body: seriesBody,
        response: { 200: enrollmentAnswer, ...pauseErrors },
      },
    },
    async (request) => ({
      success: true,
      series: await pauseSeries(ctx.db, ctx.clock, memberOf(request).id, request.body.series_id),
    }),
  );

  app.post(
    "/resume",
    {
      ...member,
      schema: {
        tags,
        summary: "Resume a paused series where it stood. 404 when not enrolled, 409 when not paused",
        security: memberSecurity,
        body: seriesBody,
        response: { 200: enrollmentAnswer, ...pauseErrors },
      },
    },
    async (request) => ({
      success: true,
      series: await resumeSeries(ctx.db, ctx.clock, memberOf(request).id, request.body.series_id),
    }),
  );

  app.get(
    "/",
    {
      ...member,
      schema: {
        tags,
        summary: "The member's series with progress; active_only leaves out completed ones",
        security: memberSecurity,
        querystring: queryObject({ active_only: { type: "boolean", default: false } }),
        response: { 200: strictObject({ series: { type: "array", items: enrollmentSchema } }, ["series"]) },
      },
    },
    async (request) => ({
      series: await memberSeries(ctx.db, ctx.clock, memberOf(request).id, request.query.active_only),
    }),
  );
}
