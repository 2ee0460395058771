import type { FastifyInstance } from "fastify";
import type { RouteOptions } from "../context.js";
import { memberOf } from "../context.js";
import { rejectUnstorableText } from "./reject-unstorable-text.js";
import { exactObject, memberSecurity } from "../schemas.js";
import {
  challengeSchema,
  joinedChallengesSchema,
  listChallenges,
  readJoinedChallenges,
  setJoinedChallenges,
} from "../services/challenges.js";
import { idList } from "./attributes.js";
import { queryObject } from "./query.js";
import { typed } from "./typed.js";

const challengesAnswer = exactObject({ items: { type: "array", items: challengeSchema } });

export async function challengeRoutes(instance: FastifyInstance, { ctx }: RouteOptions) {
  const app = typed(instance);
  const member = { onRequest: app.requireMember, preValidation: rejectUnstorableText };
  const tags = ["challenges"];

  app.get(
    "/v2/workouts/challenges",
    {
      ...member,
      schema: {
        tags,
        summary: "Challenges (current=true: running now) with the member's progress, on-demand vs live",
        security: memberSecurity,
        querystring: queryObject({ current: { type: "boolean", default: false } }),
        response: { 200: challengesAnswer },
      },
    },
    async (request) => ({
      items: await listChallenges(ctx.db, ctx.clock, memberOf(request).id, { current: request.query.current }),
    }),
  );

  app.get(
    "/v2/workouts/challenges/mine",
    {
      ...member,
      schema: {
        tags,
        summary: "The challenges the member joined, with progress",
        security: memberSecurity,
        response: { 200: challengesAnswer },
      },
    },
    async (request) => ({ items: await listChallenges(ctx.db, ctx.clock, memberOf(request).id, { mine: true }) }),
  );

  app.get(
    "/user/v1/attribute/challenges",
    {
      ...member,
      schema: {
        tags,
        summary: "The ids of the challenges the member joined",
        security: memberSecurity,
        response: { 200: joinedChallengesSchema },
      },
    },
    async (request) => readJoinedChallenges(ctx.db, memberOf(request).id),
  );

  app.put(
    "/user/v1/attribute/challenges",
    {
      ...member,
      schema: {
        tags,
        summary: "Set the joined challenges (the whole list; idempotent). Ended challenges cannot be newly joined",
        security: memberSecurity,
        body: exactObject({ challenges: idList }),
        response: { 200: joinedChallengesSchema },
      },
    },
    async (request) => setJoinedChallenges(ctx.db, ctx.clock, memberOf(request).id, request.body.challenges),
  );
}
