import type { FastifyInstance } from "fastify";
import type { RouteOptions } from "../context.js";
import { memberOf } from "../context.js";
import { rejectUnstorableText } from "./reject-unstorable-text.js";
import { memberSecurity, strictObject } from "../schemas.js";
import { enrollInSeries, leaveSeries, memberSeries } from "../services/series-progress.js";
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
    "fingerprint",
  ],
} as const;
const enrollmentAnswer = strictObject({ success: { type: "boolean", const: true }, series: enrollmentSchema }, [
  "success",
  "series",
]);

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
