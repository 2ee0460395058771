import type { FastifyInstance } from "fastify";
import type { RouteOptions } from "../context.js";
import { memberOf } from "../context.js";
import { rejectUnstorableText } from "./reject-unstorable-text.js";
import { errorSchema, exactObject, memberSecurity, ref } from "../schemas.js";
import {
  enrollInSeries,
  leaveSeries,
  memberSeries,
  pauseSeries,
  resumeSeries,
  SeriesEnrollment,
} from "../services/series-progress.js";
import { queryObject } from "./query.js";
import { typed } from "./typed.js";

const seriesBody = exactObject({ series_id: { type: "string", minLength: 1, maxLength: 200 } });
const enrollmentAnswer = exactObject({ success: { type: "boolean", const: true }, series: ref(SeriesEnrollment) });

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
      success: true as const,
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
      success: true as const,
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
      success: true as const,
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
      success: true as const,
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
        response: { 200: exactObject({ series: { type: "array", items: ref(SeriesEnrollment) } }) },
      },
    },
    async (request) => ({
      series: await memberSeries(ctx.db, ctx.clock, memberOf(request).id, request.query.active_only),
    }),
  );
}
