import type { FastifyInstance, FastifyRequest } from "fastify";
import type { RouteOptions } from "../context.js";
import { memberOf } from "../context.js";
import { rejectUnstorableText } from "./reject-unstorable-text.js";
import { exactObject, memberSecurity, strictObject, uuidSchema } from "../schemas.js";
import { queryObject } from "./query.js";
import { historyEntrySchema, workoutHistory } from "../services/history.js";
import { onboardingResult, submitOnboarding } from "../services/onboarding.js";
import { endedSessionSchema, endSession, startedSessionSchema, startSession } from "../services/sessions.js";
import { statsByDay, statsDaySchema, statsTotals, statsTotalsSchema } from "../services/stats.js";
import { assertTimeZone } from "../services/time-range.js";
import { ingestVideoEvents, MAX_EVENTS_PER_BATCH, VIDEO_EVENT_TYPES } from "../services/video-events.js";
import { typed } from "./typed.js";

const workoutParams = exactObject({ workoutId: { type: "string", minLength: 1, maxLength: 200 } });
const dateParam = { type: "string", minLength: 10, maxLength: 40 } as const;
const tzParam = { type: "string", minLength: 1, maxLength: 64, default: "UTC" } as const;
const positionSchema = { type: "number", minimum: 0 } as const;

/** The web client's device header, recorded when sent, never required. */
const deviceOf = (request: FastifyRequest) => {
  const device = request.headers["x-device"];
  return typeof device === "string" && device.length <= 32 ? device : undefined;
};

const videoEventSchema = strictObject(
  {
    event_type: { type: "string", enum: VIDEO_EVENT_TYPES },
    workout_id: { type: "string", minLength: 1, maxLength: 200 },
    session_id: { anyOf: [uuidSchema, { type: "null" }] },
    position: { anyOf: [{ type: "number", minimum: 0, maximum: 86_400 }, { type: "null" }] },
    occurred_at: { type: "string", format: "date-time" },
    data: { type: "object", maxProperties: 20, additionalProperties: true },
  },
  ["event_type", "workout_id"],
);

const integer = { type: "integer" } as const;
export async function workoutActivityRoutes(instance: FastifyInstance, { ctx }: RouteOptions) {
  const app = typed(instance);
  const member = { onRequest: app.requireMember, preValidation: rejectUnstorableText };

  app.get(
    "/v2/workouts/start_session/:workoutId",
    {
      ...member,
      schema: {
        tags: ["sessions"],
        summary: "Start a play of a workout; timecode is where the member left it (resume position, seconds)",
        security: memberSecurity,
        params: workoutParams,
        response: {
          200: startedSessionSchema,
        },
      },
    },
    async (request) =>
      startSession(ctx.db, ctx.clock, memberOf(request).id, request.params.workoutId, deviceOf(request)),
  );

  app.post(
    "/v2/workouts/end_session/:workoutId",
    {
      ...member,
      schema: {
        tags: ["sessions"],
        summary:
          "End a play at the position reached (seconds); complete once the play's video events show 90 % of the video watched, counted once",
        security: memberSecurity,
        params: workoutParams,
        body: exactObject({
          session_id: uuidSchema,
          workout_completed_positions: {
            anyOf: [positionSchema, { type: "array", minItems: 1, maxItems: 10_000, items: positionSchema }],
          },
        }),
        response: {
          200: endedSessionSchema,
        },
      },
    },
    async (request) => {
      const { session_id, workout_completed_positions: p } = request.body;
      return endSession(
        ctx.db,
        ctx.clock,
        memberOf(request).id,
        request.params.workoutId,
        session_id,
        Array.isArray(p) ? p : [p],
      );
    },
  );

  app.post(
    "/v2/workouts/video_events",
    {
      ...member,
      schema: {
        tags: ["sessions"],
        summary: `Store a batch of up to ${MAX_EVENTS_PER_BATCH} player events; a bad event rejects the whole batch, naming its index`,
        security: memberSecurity,
        body: exactObject({
          events: { type: "array", minItems: 1, maxItems: MAX_EVENTS_PER_BATCH, items: videoEventSchema },
        }),
        response: { 200: exactObject({ accepted: { type: "integer" } }) },
      },
    },
    async (request) =>
      ingestVideoEvents(ctx.db, ctx.clock, memberOf(request).id, deviceOf(request), request.body.events),
  );

  app.get(
    "/v2/workouts/history",
    {
      ...member,
      schema: {
        tags: ["history and stats"],
        summary: "The member's workouts, newest first: on-demand plays and, with includeLvs, attended live classes",
        security: memberSecurity,
        querystring: queryObject({
          includeLvs: { type: "boolean", default: false },
          starting_at: dateParam,
          ending_at: dateParam,
          is_completed: { type: "boolean" },
          limit: { type: "integer", minimum: 1, maximum: 500, default: 100 },
          skip: { type: "integer", minimum: 0, maximum: 1_000_000, default: 0 },
          tz: tzParam,
        }),
        response: {
          200: exactObject({ items: { type: "array", items: historyEntrySchema }, total: { type: "integer" } }),
        },
      },
    },
    async (request) => {
      assertTimeZone(request.query.tz);
      return workoutHistory(ctx.db, memberOf(request).id, request.query);
    },
  );

  app.get(
    "/v2/workouts/workout_stats",
    {
      ...member,
      schema: {
        tags: ["history and stats"],
        summary: "Completed live and on-demand workouts and minutes in a date range, with the days that had any",
        security: memberSecurity,
        querystring: queryObject({ startDate: dateParam, endDate: dateParam, tz: tzParam }),
        response: {
          200: exactObject({
            total_lvs: integer,
            total_on_demand: integer,
            totalOnDemand: { type: "integer", description: "total_on_demand, as older clients name it" },
            total_completed: integer,
            total_minutes: { type: "number" },
            by_day: { type: "array", items: statsDaySchema },
          }),
        },
      },
    },
    async (request) => {
      assertTimeZone(request.query.tz);
      const userId = memberOf(request).id;
      const [totals, byDay] = await Promise.all([
        statsTotals(ctx.db, userId, request.query),
        statsByDay(ctx.db, userId, request.query),
      ]);
      return {
        total_lvs: totals.total_lvs,
        total_on_demand: totals.total_on_demand,
        totalOnDemand: totals.total_on_demand,
        total_completed: totals.total_completed,
        total_minutes: totals.total_minutes,
        by_day: byDay,
      };
    },
  );

  app.get(
    "/stats/v2/workouts",
    {
      ...member,
      schema: {
        tags: ["history and stats"],
        summary: "All-time totals (deprecated shape, same records as workout_stats)",
        security: memberSecurity,
        response: {
          200: exactObject({
            data: exactObject({
              stats: statsTotalsSchema,
            }),
          }),
        },
      },
    },
    async (request) => ({ data: { stats: await statsTotals(ctx.db, memberOf(request).id) } }),
  );

  app.post(
    "/v2/workouts/onboarding-results",
    {
      ...member,
      schema: {
        tags: ["onboarding"],
        summary: "Store the onboarding quiz answers (question key → answer); answers the results page URL",
        security: memberSecurity,
        body: {
          type: "object",
          minProperties: 1,
          maxProperties: 50,
          propertyNames: { type: "string", minLength: 1, maxLength: 64 },
          additionalProperties: {
            anyOf: [
              { type: "string", maxLength: 500 },
              { type: "number" },
              { type: "boolean" },
              { type: "array", maxItems: 50, items: { type: "string", maxLength: 500 } },
            ],
          },
        },
        response: { 200: exactObject({ results_url: { type: "string" } }) },
      },
    },
    async (request) => submitOnboarding(ctx.db, ctx.clock, memberOf(request).id, request.body),
  );

  app.get(
    "/v2/workouts/onboarding-results/:id",
    {
      ...member,
      schema: {
        tags: ["onboarding"],
        summary: "One of the member's onboarding results: answers and recommended workouts and series",
        security: memberSecurity,
        params: exactObject({ id: uuidSchema }),
      },
    },
    async (request) => onboardingResult(ctx.db, memberOf(request).id, request.params.id),
  );
}
