import type { FastifyInstance } from "fastify";
import type { RouteOptions } from "../context.js";
import { memberOf } from "../context.js";
import { memberSecurity } from "../schemas.js";
import { memberStreaks, streaksSchema } from "../services/streaks.js";
import { assertTimeZone } from "../services/time-range.js";
import { rejectUnstorableText } from "./reject-unstorable-text.js";
import { queryObject } from "./query.js";
import { typed } from "./typed.js";

/** The member's streaks (issue 19), beside the stats they are counted from. */
export async function streakRoutes(instance: FastifyInstance, { ctx }: RouteOptions) {
  const app = typed(instance);
  const member = { onRequest: app.requireMember, preValidation: rejectUnstorableText };

  app.get(
    "/stats/v2/streaks",
    {
      ...member,
      schema: {
        tags: ["history and stats"],
        summary:
          "The member's daily and weekly streaks (current, longest) and daily milestones (7, 30, 100, 365 days, then every year), counted in local days of tz (else the time_zone of their preferences, else UTC)",
        security: memberSecurity,
        querystring: queryObject({ tz: { type: "string", minLength: 1, maxLength: 64 } }),
        response: { 200: streaksSchema },
      },
    },
    async (request) => {
      const { tz } = request.query;
      if (tz !== undefined) assertTimeZone(tz);
      return memberStreaks(ctx.db, ctx.clock, memberOf(request).id, tz);
    },
  );
}
