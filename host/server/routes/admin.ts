import type { FastifyInstance, FastifyRequest } from "fastify";
import type { RouteOptions } from "../context.js";
import { memberOf } from "../context.js";
import { STRAIN_TAGS } from "../../../src/domain/avoid.js";
import { errorSchema, exactObject, memberSecurity, noBody, strictObject, successSchema } from "../schemas.js";
import { adminWorkoutSchema } from "../services/admin-workouts.js";
import { auditEntrySchema, listAudit } from "../services/audit.js";
import {
  CONSOLE_AREAS,
  mayDo,
  OPERATOR_ROLES,
  operatorSchema,
  type Actor,
  type ConsoleArea,
} from "../services/operator-access.js";
import { adminMemberRoutes } from "./admin-members.js";
import { adminCalendarRoutes } from "./admin-calendars.js";
import { adminContentRoutes } from "./admin-content.js";
import { adminHomeContentRoutes } from "./admin-home-content.js";
import { adminPaymentRoutes } from "./admin-payments.js";
import { workoutBodySchema } from "../services/workout-rules.js";
import { adminOfferRoutes } from "./admin-offers.js";
import { typed } from "./typed.js";

const string = { type: "string" } as const;
const strings = { type: "array", items: string } as const;
const integer = { type: "integer" } as const;
const nullableString = { type: ["string", "null"] } as const;
const role = { type: "string", enum: OPERATOR_ROLES } as const;
const status = { type: "string", enum: ["draft", "scheduled", "published", "archived"] } as const;

const workoutId = exactObject({ id: { type: "string", minLength: 1, maxLength: 128 } });

const listItem = exactObject({
  id: string,
  slug: string,
  name: string,
  status,
  type: string,
  level: string,
  release_at: nullableString,
  release_zone: nullableString,
  updated_at: string,
});

const vocabularyItem = exactObject({ id: string, name: string });

const refusals = { 400: errorSchema, 401: errorSchema, 403: errorSchema, 404: errorSchema, 409: errorSchema };
const tagsOf = ["admin"];

declare module "fastify" {
  interface FastifyContextConfig {
    /** What an /admin/v1 route does, checked against the caller's company role before its handler. */
    consoleArea?: ConsoleArea;
  }
}

/**
 * The operator console's API (/admin/v1): the company's roles, the catalogue's workouts through their states
 * (draft → scheduled → published → archived) and the audit log. Every route needs a signed-in member (401) with a
 * company role that covers the route's area (403): reads for every role, the catalogue for admins and editors,
 * roles for admins. One preHandler checks it for every route of the plugin.
 */
export async function adminRoutes(instance: FastifyInstance, { ctx }: RouteOptions) {
  const app = typed(instance);
  const { operatorAccess: access, workouts } = app.services;

  app.addHook("onRequest", app.requireMember);
  app.addHook("preHandler", async (request) => {
    await access.require(memberOf(request).id, request.routeOptions.config.consoleArea ?? "read");
  });
  const actor = (request: FastifyRequest): Actor => {
    const member = memberOf(request);
    return { id: member.id, email: member.email };
  };
  const area = (consoleArea: ConsoleArea) => ({ config: { consoleArea } });
  await app.register(adminMemberRoutes, { ctx });
  const common = { tags: tagsOf, security: memberSecurity };
  await instance.register(adminContentRoutes, { ctx }); // trainers, collections, series: the same role check
  // Home rows, carousels, FAQ and welcome copy; workout calendars: the same role check.
  await instance.register(adminHomeContentRoutes, { ctx });
  await instance.register(adminCalendarRoutes, { ctx });

  await instance.register(adminPaymentRoutes, { ctx });
  await app.register(adminOfferRoutes, { ctx });

  app.get(
    "/me",
    {
      schema: {
        ...common,
        summary: "The caller's company role and what it may do",
        response: {
          200: exactObject({
            user_id: string,
            email: string,
            role,
            areas: {
              type: "array",
              items: { type: "string", enum: CONSOLE_AREAS },
            },
          }),
          ...refusals,
        },
      },
    },
    async (request) => {
      const member = memberOf(request);
      const r = (await access.roleOf(member.id))!; // the preHandler refused callers without one
      const areas = CONSOLE_AREAS.filter((a) => mayDo(r, a));
      return { user_id: member.id, email: member.email, role: r, areas };
    },
  );

  app.get(
    "/operators",
    {
      schema: {
        ...common,
        summary: "Everyone with a company role",
        response: { 200: exactObject({ items: { type: "array", items: operatorSchema } }), ...refusals },
      },
    },
    async () => ({ items: await access.list() }),
  );

  app.post(
    "/operators",
    {
      ...area("roles"),
      schema: {
        ...common,
        summary: "Give an account a company role (replacing its role); admins only",
        body: exactObject({ email: { type: "string", minLength: 3, maxLength: 254 }, role }),
        response: { 200: operatorSchema, ...refusals },
      },
    },
    async (request) => access.grant(actor(request), request.body.email, request.body.role, ctx.clock.now()),
  );

  app.delete(
    "/operators/:id",
    {
      ...area("roles"),
      schema: {
        ...common,
        summary: "Take an account's company role away; admins only, never their own",
        params: exactObject({ id: { type: "string", format: "uuid", description: "the account's user id" } }),
        response: { 200: successSchema, ...refusals },
      },
    },
    async (request) => {
      await access.revoke(actor(request), request.params.id, ctx.clock.now());
      return { success: true as const };
    },
  );

  app.get(
    "/vocabulary",
    {
      schema: {
        ...common,
        summary: "What a workout can name: trainers, categories, collections, strain tags",
        response: {
          200: exactObject({
            trainers: { type: "array", items: vocabularyItem },
            categories: { type: "array", items: vocabularyItem },
            collections: { type: "array", items: vocabularyItem },
            strain: strings,
          }),
          ...refusals,
        },
      },
    },
    async () => {
      const [trainers, categories, collections] = await Promise.all([
        ctx.db.selectFrom("trainers").select(["id", "name"]).orderBy("name").execute(),
        ctx.db
          .selectFrom("workout_categories")
          .select(["id", "name"])
          .where("is_all", "=", false)
          .orderBy("sort_order")
          .execute(),
        ctx.db.selectFrom("collections").select(["id", "name"]).orderBy("sort_order").orderBy("id").execute(),
      ]);
      return { trainers, categories, collections, strain: [...STRAIN_TAGS] };
    },
  );

  app.get(
    "/workouts",
    {
      schema: {
        ...common,
        summary: "Workouts in every state, most recently changed first; `q` finds by name, slug or id",
        querystring: strictObject({
          q: { type: "string", maxLength: 200 },
          status,
          limit: { type: "integer", minimum: 1, maximum: 100, default: 25 },
          offset: { type: "integer", minimum: 0, maximum: 1_000_000, default: 0 },
        }),
        response: {
          200: exactObject({ items: { type: "array", items: listItem }, total: integer }),
          ...refusals,
        },
      },
    },
    async (request) => {
      const { q, status: s, limit = 25, offset = 0 } = request.query;
      return workouts.list({ limit, offset, ...(q ? { q } : {}), ...(s ? { status: s } : {}) });
    },
  );

  app.get(
    "/workouts/:id",
    {
      schema: {
        ...common,
        summary: "One workout with every field, its state and release",
        params: workoutId,
        response: { 200: adminWorkoutSchema, ...refusals },
      },
    },
    async (request) => workouts.get(request.params.id),
  );

  app.post(
    "/workouts",
    {
      ...area("catalogue"),
      schema: {
        ...common,
        summary: "Create a workout as a draft (in no listing until published)",
        body: workoutBodySchema,
        response: { 200: adminWorkoutSchema, ...refusals },
      },
    },
    async (request) => workouts.create(actor(request), request.body),
  );

  app.put(
    "/workouts/:id",
    {
      ...area("catalogue"),
      schema: {
        ...common,
        summary: "Replace a workout's fields (its state and release stay)",
        params: workoutId,
        body: workoutBodySchema,
        response: { 200: adminWorkoutSchema, ...refusals },
      },
    },
    async (request) => workouts.update(actor(request), request.params.id, request.body),
  );

  app.post(
    "/workouts/:id/schedule",
    {
      ...area("catalogue"),
      schema: {
        ...common,
        summary: "Release a draft at a wall time in a named time zone (or move a scheduled release)",
        params: workoutId,
        body: exactObject({
          release_local: {
            type: "string",
            pattern: "^\\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\\d|3[01])T([01]\\d|2[0-3]):[0-5]\\d$",
            description: "YYYY-MM-DDTHH:MM in release_zone",
          },
          release_zone: { type: "string", minLength: 1, maxLength: 64, description: "IANA time zone" },
        }),
        response: { 200: adminWorkoutSchema, ...refusals },
      },
    },
    async (request) =>
      workouts.schedule(actor(request), request.params.id, request.body.release_local, request.body.release_zone),
  );

  for (const [verb, summary] of [
    ["publish", "Publish a draft or scheduled workout now"],
    ["unschedule", "Call off a scheduled release: back to a draft"],
    ["archive", "Take a published workout out of the library (history, favourites and series keep it)"],
    ["restore", "Put an archived workout back in the library"],
  ] as const) {
    app.post(
      `/workouts/:id/${verb}`,
      {
        ...area("catalogue"),
        schema: {
          ...common,
          summary,
          params: workoutId,
          body: noBody,
          response: { 200: adminWorkoutSchema, ...refusals },
        },
      },
      async (request) => workouts[verb](actor(request), request.params.id),
    );
  }

  app.get(
    "/audit",
    {
      schema: {
        ...common,
        summary: "The audit log, newest first: every console write with who, when, and the values before and after",
        querystring: strictObject({
          actor: { type: "string", maxLength: 254, description: "user id or email ('system' for jobs)" },
          record_type: { type: "string", maxLength: 40 },
          record_id: { type: "string", maxLength: 128 },
          from: { type: "string", format: "date-time" },
          to: { type: "string", format: "date-time" },
          before: { type: "integer", minimum: 1, description: "entries older than this id (the next page)" },
          limit: { type: "integer", minimum: 1, maximum: 200, default: 50 },
        }),
        response: { 200: exactObject({ items: { type: "array", items: auditEntrySchema } }), ...refusals },
      },
    },
    async (request) => {
      const q = request.query;
      return {
        items: await listAudit(ctx.db, {
          limit: q.limit,
          ...(q.actor ? { actor: q.actor } : {}),
          ...(q.record_type ? { recordType: q.record_type } : {}),
          ...(q.record_id ? { recordId: q.record_id } : {}),
          ...(q.from ? { from: new Date(q.from) } : {}),
          ...(q.to ? { to: new Date(q.to) } : {}),
          ...(q.before ? { before: q.before } : {}),
        }),
      };
    },
  );
}
