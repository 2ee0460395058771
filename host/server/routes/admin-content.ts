import type { FastifyInstance, FastifyRequest } from "fastify";
import { memberOf } from "../context.js";
import {
  errorSchema,
  exactObject,
  imageUrlSchema,
  longTextSchema,
  memberSecurity,
  noBody,
  readableText,
  slugSchema,
  strictObject,
} from "../schemas.js";
import { CONTENT_STATUSES } from "../services/content-states.js";
import { adminBannerSchema, bannerFieldNames, bannerFieldSchemas } from "../services/admin-banners.js";
import {
  adminSeriesSchema,
  adminSeriesSummarySchema,
  seriesFieldNames,
  seriesFieldSchemas,
} from "../services/admin-series.js";
import type { Actor, ConsoleArea } from "../services/operator-access.js";
import { orderedContentRoutes } from "./admin-ordered-content.js";
import { typed } from "./typed.js";

const string = { type: "string" } as const;
const integer = { type: "integer" } as const;
const status = { type: "string", enum: CONTENT_STATUSES } as const;
const recordId = exactObject({ id: { type: "string", minLength: 1, maxLength: 128 } });

const trainerFields = {
  name: readableText(120, 1),
  slug: slugSchema,
  bio: longTextSchema,
  image_url: imageUrlSchema,
} as const;
const collectionFields = {
  name: readableText(120, 1),
  slug: slugSchema,
  description: longTextSchema,
  image_url: imageUrlSchema,
} as const;
const ordered = { id: string, status, position: integer, workouts: integer, updated_at: string } as const;
const orderedRequired = ["id", "status", "position", "workouts", "updated_at"] as const;
const trainer = strictObject({ ...trainerFields, ...ordered, name: string }, [
  ...(Object.keys(trainerFields) as (keyof typeof trainerFields)[]),
  ...orderedRequired,
]);
const collection = strictObject({ ...collectionFields, ...ordered, name: string }, [
  ...(Object.keys(collectionFields) as (keyof typeof collectionFields)[]),
  ...orderedRequired,
]);

const refusals = { 400: errorSchema, 401: errorSchema, 403: errorSchema, 404: errorSchema, 409: errorSchema };
const itemsOf = <const T extends object>(item: T) => exactObject({ items: { type: "array", items: item } });

/**
 * The console's content beside workouts (/admin/v1): trainers, collections, series and announcement banners, each
 * created as a draft, edited, published and retired (nothing is deleted), trainers and collections put in order one
 * place at a time.
 * Registered inside adminRoutes, so its role check (read for every role, writes for admins and editors) applies.
 */
export async function adminContentRoutes(instance: FastifyInstance) {
  const app = typed(instance);
  const { trainers, collections, series: seriesService, banners } = app.services;

  const actor = (request: FastifyRequest): Actor => {
    const member = memberOf(request);
    return { id: member.id, email: member.email };
  };
  const write = { config: { consoleArea: "catalogue" as ConsoleArea } };
  const common = { tags: ["admin"], security: memberSecurity };

  // Trainers and collections: the same verbs over records in an explicit order.
  orderedContentRoutes(
    instance,
    [
      {
        path: "trainers",
        what: "trainer",
        service: trainers,
        answer: trainer,
        body: strictObject(trainerFields, ["name", "slug", "bio", "image_url"]),
      },
      {
        path: "collections",
        what: "collection",
        service: collections,
        answer: collection,
        body: strictObject(collectionFields, ["name", "slug", "description", "image_url"]),
      },
    ],
    { actor, area: "catalogue" },
  );

  app.get(
    "/series",
    {
      schema: {
        ...common,
        summary: "Every series in every state, by name",
        response: { 200: itemsOf(adminSeriesSummarySchema), ...refusals },
      },
    },
    async () => ({ items: await seriesService.list() }),
  );
  app.get(
    "/series/:id",
    {
      schema: {
        ...common,
        summary: "One series with its workouts in order",
        params: recordId,
        response: { 200: adminSeriesSchema, ...refusals },
      },
    },
    async (request) => seriesService.get(request.params.id),
  );
  const seriesBody = strictObject(seriesFieldSchemas, seriesFieldNames);
  app.post(
    "/series",
    {
      ...write,
      schema: {
        ...common,
        summary: "Create a series as a draft with its workouts in order (members see it once published)",
        body: seriesBody,
        response: { 200: adminSeriesSchema, ...refusals },
      },
    },
    async (request) => seriesService.create(actor(request), withChapters(request.body)),
  );
  app.put(
    "/series/:id",
    {
      ...write,
      schema: {
        ...common,
        summary: "Replace a series' fields and its workouts in their new order (its state stays)",
        params: recordId,
        body: seriesBody,
        response: { 200: adminSeriesSchema, ...refusals },
      },
    },
    async (request) => seriesService.update(actor(request), request.params.id, withChapters(request.body)),
  );
  for (const [verb, summary] of [
    ["publish", "Publish a series with at least one workout: members see it in their series lists"],
    ["retire", "Retire a series: out of members' lists; it still opens by its slug for members enrolled in it"],
  ] as const)
    app.post(
      `/series/:id/${verb}`,
      {
        ...write,
        schema: {
          ...common,
          summary,
          params: recordId,
          body: noBody,
          response: { 200: adminSeriesSchema, ...refusals },
        },
      },
      async (request) => seriesService.change(actor(request), request.params.id, verb),
    );

  app.get(
    "/banners",
    {
      schema: {
        ...common,
        summary: "Every announcement banner: in use first (latest start first), then the retired",
        response: { 200: itemsOf(adminBannerSchema), ...refusals },
      },
    },
    async () => ({ items: await banners.list() }),
  );
  app.get(
    "/banners/:id",
    {
      schema: { ...common, summary: "One banner", params: recordId, response: { 200: adminBannerSchema, ...refusals } },
    },
    async (request) => banners.get(request.params.id),
  );
  const bannerBody = strictObject(bannerFieldSchemas, bannerFieldNames);
  app.post(
    "/banners",
    {
      ...write,
      schema: {
        ...common,
        summary: "Create a banner as a draft (members see it once published, within its window)",
        body: bannerBody,
        response: { 200: adminBannerSchema, ...refusals },
      },
    },
    async (request) => banners.create(actor(request), request.body),
  );
  app.put(
    "/banners/:id",
    {
      ...write,
      schema: {
        ...common,
        summary: "Replace a banner's words, link and window (its state stays)",
        params: recordId,
        body: bannerBody,
        response: { 200: adminBannerSchema, ...refusals },
      },
    },
    async (request) => banners.update(actor(request), request.params.id, request.body),
  );
  for (const [verb, summary] of [
    ["publish", "Publish a banner: members see it on their home page between its start and end"],
    ["retire", "Retire a banner: members stop seeing it (publish brings it back)"],
  ] as const)
    app.post(
      `/banners/:id/${verb}`,
      {
        ...write,
        schema: {
          ...common,
          summary,
          params: recordId,
          body: noBody,
          response: { 200: adminBannerSchema, ...refusals },
        },
      },
      async (request) => banners.change(actor(request), request.params.id, verb),
    );
}

/** The schema's defaults fill a missing chapter (1) and title (""); the types do not know it. */
function withChapters<T extends { items: { workout_id: string; chapter?: number; chapter_title?: string }[] }>(
  body: T,
) {
  return {
    ...body,
    items: body.items.map((i) => ({
      workout_id: i.workout_id,
      chapter: i.chapter ?? 1,
      chapter_title: i.chapter_title ?? "",
    })),
  };
}
