import type { FastifyInstance } from "fastify";
import { memberOf } from "../context.js";
import { errorSchema, exactObject, memberSecurity, strictObject } from "../schemas.js";
import { localDaySchema, numbersCsv, numbersReportSchema, workoutNumbersSchema } from "../services/numbers.js";
import { typed } from "./typed.js";

const integer = { type: "integer" } as const;
const string = { type: "string" } as const;
const rangeQuery = {
  from: { ...localDaySchema, description: "first local day (YYYY-MM-DD); its week or month is the first interval" },
  to: {
    ...localDaySchema,
    description: "last local day (YYYY-MM-DD), default today; its week or month is the last interval",
  },
  interval: { type: "string", enum: ["week", "month"], default: "month" },
  zone: { type: "string", minLength: 1, maxLength: 64, description: "IANA time zone of the boundaries; default UTC" },
  currency: { type: "string", pattern: "^[A-Z]{3}$", description: "money figures in this currency; default USD" },
} as const;

const refusals = { 400: errorSchema, 401: errorSchema, 403: errorSchema };

/**
 * The business's numbers for admins and viewers (/admin/v1/numbers): memberships, money, plays and live classes by
 * week or month in a time zone, as JSON or CSV, and plays per workout. Editors, support and members are refused (403),
 * anonymous callers 401.
 */
export async function adminNumbersRoutes(instance: FastifyInstance) {
  const app = typed(instance);
  const { operatorAccess: access, numbers } = app.services;
  const common = { tags: ["admin"], security: memberSecurity };

  app.addHook("onRequest", app.requireMember);
  app.addHook("preHandler", async (request) => {
    await access.require(memberOf(request).id, "numbers");
  });

  app.get(
    "/numbers",
    {
      schema: {
        ...common,
        summary: "Members, trials, MRR, churn, refunds, failed payments, plays and live classes per week or month",
        querystring: strictObject(rangeQuery),
        response: { 200: numbersReportSchema, ...refusals },
      },
    },
    async (request) => numbers.report(request.query),
  );

  app.get(
    "/numbers.csv",
    {
      schema: {
        ...common,
        summary: "The same numbers as CSV, one row per interval",
        querystring: strictObject(rangeQuery),
        response: { 200: { type: "string", description: "text/csv" }, ...refusals },
      },
    },
    async (request, reply) => {
      const result = await numbers.report(request.query);
      const name = `fitkit-numbers-${result.interval}-${result.from}-${result.to}.csv`;
      return reply
        .type("text/csv; charset=utf-8")
        .header("content-disposition", `attachment; filename="${name}"`)
        .header("cache-control", "private, no-store")
        .send(numbersCsv(result));
    },
  );

  app.get(
    "/numbers/workouts",
    {
      schema: {
        ...common,
        summary:
          "Plays, completions and completion rate per workout for sessions started in the range, most played first",
        querystring: strictObject({
          ...rangeQuery,
          limit: { type: "integer", minimum: 1, maximum: 100, default: 25 },
          offset: { type: "integer", minimum: 0, maximum: 100_000, default: 0 },
        }),
        response: {
          200: exactObject({
            items: { type: "array", items: workoutNumbersSchema },
            total: integer,
            from: localDaySchema,
            to: localDaySchema,
            zone: string,
          }),
          ...refusals,
        },
      },
    },
    async (request) => {
      const { limit = 25, offset = 0, ...range } = request.query;
      return numbers.workouts({ ...range, limit, offset });
    },
  );
}
