import type { FastifyInstance, FastifyRequest } from "fastify";
import { memberOf } from "../context.js";
import { errorSchema, exactObject, memberSecurity, noBody, strictObject } from "../schemas.js";
import {
  adminCalendarSchema,
  adminCalendarSummarySchema,
  calendarFieldNames,
  calendarFieldSchemas,
} from "../services/admin-calendars.js";
import type { Actor, ConsoleArea } from "../services/operator-access.js";
import { typed } from "./typed.js";

const recordId = exactObject({ id: { type: "string", minLength: 1, maxLength: 128 } });
const refusals = { 400: errorSchema, 401: errorSchema, 403: errorSchema, 404: errorSchema, 409: errorSchema };

/**
 * Workout calendars in the console (/admin/v1/calendars): created as drafts with their days in order, edited,
 * published and retired (nothing is deleted). Registered inside adminRoutes, so its role check (read for every role,
 * writes for admins and editors) applies.
 */
export async function adminCalendarRoutes(instance: FastifyInstance) {
  const app = typed(instance);
  const { calendars } = app.services;
  const actor = (request: FastifyRequest): Actor => {
    const member = memberOf(request);
    return { id: member.id, email: member.email };
  };
  const write = { config: { consoleArea: "catalogue" as ConsoleArea } };
  const common = { tags: ["admin"], security: memberSecurity };
  const body = strictObject(calendarFieldSchemas, calendarFieldNames);

  app.get(
    "/calendars",
    {
      schema: {
        ...common,
        summary: "Every workout calendar in every state, by name",
        response: { 200: exactObject({ items: { type: "array", items: adminCalendarSummarySchema } }), ...refusals },
      },
    },
    async () => ({ items: await calendars.list() }),
  );
  app.get(
    "/calendars/:id",
    {
      schema: {
        ...common,
        summary: "One calendar with its days in order",
        params: recordId,
        response: { 200: adminCalendarSchema, ...refusals },
      },
    },
    async (request) => calendars.get(request.params.id),
  );
  app.post(
    "/calendars",
    {
      ...write,
      schema: {
        ...common,
        summary: "Create a calendar as a draft with its days in order (members see it once published)",
        body,
        response: { 200: adminCalendarSchema, ...refusals },
      },
    },
    async (request) => calendars.create(actor(request), request.body),
  );
  app.put(
    "/calendars/:id",
    {
      ...write,
      schema: {
        ...common,
        summary: "Replace a calendar's fields and its days in their new order (its state stays)",
        params: recordId,
        body,
        response: { 200: adminCalendarSchema, ...refusals },
      },
    },
    async (request) => calendars.update(actor(request), request.params.id, request.body),
  );
  for (const [verb, summaryText] of [
    ["publish", "Publish a calendar with at least one day: listed to members and open to enrol"],
    ["retire", "Retire a calendar: out of the lists, closed to new members; those enrolled keep it"],
  ] as const)
    app.post(
      `/calendars/:id/${verb}`,
      {
        ...write,
        schema: {
          ...common,
          summary: summaryText,
          params: recordId,
          body: noBody,
          response: { 200: adminCalendarSchema, ...refusals },
        },
      },
      async (request) => calendars.change(actor(request), request.params.id, verb),
    );
}
