import type { FastifyInstance, FastifyRequest } from "fastify";
import { memberOf } from "../context.js";
import { errorSchema, exactObject, memberSecurity, noBody, strictObject } from "../schemas.js";
import { CONTENT_STATUSES } from "../services/content-states.js";
import type { Actor, ConsoleArea } from "../services/operator-access.js";
import { orderedContentRoutes } from "./admin-ordered-content.js";
import { typed } from "./typed.js";

const string = { type: "string" } as const;
const integer = { type: "integer" } as const;
const status = { type: "string", enum: CONTENT_STATUSES } as const;
/** Text a member reads: no control characters; `min` 1 also refuses a blank. */
const text = (max: number, min = 0) =>
  ({
    type: "string",
    minLength: min,
    maxLength: max,
    pattern: min ? "^[^\\u0000-\\u001f]*\\S[^\\u0000-\\u001f]*$" : "^[^\\u0000-\\u001f]*$",
  }) as const;
const longText = { type: "string", maxLength: 5000 } as const;
const slug = { type: "string", minLength: 1, maxLength: 100, pattern: "^[a-z0-9]+(-[a-z0-9]+)*$" } as const;
const imageUrl = { type: "string", maxLength: 500, pattern: "^(|https://\\S+|/\\S*)$" } as const;
const recordId = exactObject({ id: { type: "string", minLength: 1, maxLength: 128 } });

const trainerFields = { name: text(120, 1), slug, bio: longText, image_url: imageUrl } as const;
const collectionFields = { name: text(120, 1), slug, description: longText, image_url: imageUrl } as const;
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

const seriesItem = strictObject(
  {
    workout_id: { type: "string", minLength: 1, maxLength: 128 },
    chapter: { type: "integer", minimum: 1, maximum: 100, default: 1 },
    chapter_title: { ...text(120), default: "" },
  },
  ["workout_id"],
);
const seriesFields = {
  name: text(200, 1),
  slug,
  description: longText,
  level: text(60),
  image_url: imageUrl,
  suggested_schedule: longText,
  before_you_start: longText,
  featured: { type: "boolean" },
  items: { type: "array", maxItems: 200, items: seriesItem, description: "The workouts in order, first first" },
} as const;
const seriesFieldNames = Object.keys(seriesFields) as (keyof typeof seriesFields)[];
const series = strictObject(
  {
    ...seriesFields,
    name: string,
    items: {
      type: "array",
      items: exactObject({
        workout_id: string,
        chapter: integer,
        chapter_title: string,
        name: { ...string, description: "The workout's" },
      }),
    },
    id: string,
    status,
    updated_at: string,
  },
  [...seriesFieldNames, "id", "status", "updated_at"],
);
const seriesSummary = exactObject({
  id: string,
  slug: string,
  name: string,
  status,
  workouts: integer,
  updated_at: string,
});

const instant = { type: ["string", "null"], format: "date-time" } as const;
const bannerFields = {
  message: text(300, 1),
  link_text: text(60),
  link_url: { type: "string", maxLength: 500, pattern: "^(|https://\\S+|/\\S*)$" },
  starts_at: { ...instant, description: "When members start seeing it (null: as soon as it is published)" },
  ends_at: { ...instant, description: "When they stop (null: until it is retired); after starts_at" },
} as const;
const bannerFieldNames = ["message", "link_text", "link_url", "starts_at", "ends_at"] as const;
const banner = strictObject(
  {
    ...bannerFields,
    message: string,
    link_text: string,
    id: string,
    status,
    showing: { type: "boolean", description: "Members see it now: published and within its window" },
    updated_at: string,
  },
  [...bannerFieldNames, "id", "status", "showing", "updated_at"],
);

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
        response: { 200: itemsOf(seriesSummary), ...refusals },
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
        response: { 200: series, ...refusals },
      },
    },
    async (request) => seriesService.get(request.params.id),
  );
  const seriesBody = strictObject(seriesFields, seriesFieldNames);
  app.post(
    "/series",
    {
      ...write,
      schema: {
        ...common,
        summary: "Create a series as a draft with its workouts in order (members see it once published)",
        body: seriesBody,
        response: { 200: series, ...refusals },
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
        response: { 200: series, ...refusals },
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
        schema: { ...common, summary, params: recordId, body: noBody, response: { 200: series, ...refusals } },
      },
      async (request) => seriesService.change(actor(request), request.params.id, verb),
    );

  app.get(
    "/banners",
    {
      schema: {
        ...common,
        summary: "Every announcement banner: in use first (latest start first), then the retired",
        response: { 200: itemsOf(banner), ...refusals },
      },
    },
    async () => ({ items: await banners.list() }),
  );
  app.get(
    "/banners/:id",
    { schema: { ...common, summary: "One banner", params: recordId, response: { 200: banner, ...refusals } } },
    async (request) => banners.get(request.params.id),
  );
  const bannerBody = strictObject(bannerFields, bannerFieldNames);
  app.post(
    "/banners",
    {
      ...write,
      schema: {
        ...common,
        summary: "Create a banner as a draft (members see it once published, within its window)",
        body: bannerBody,
        response: { 200: banner, ...refusals },
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
        response: { 200: banner, ...refusals },
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
        schema: { ...common, summary, params: recordId, body: noBody, response: { 200: banner, ...refusals } },
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
