import type { FastifyInstance, FastifyReply } from "fastify";
import type { RouteOptions } from "../context.js";
import { badRequest, notFound } from "../errors.js";
import { exactObject, openObject, pageOf, ref, strictObject, Workout } from "../schemas.js";
import type { LRUCache } from "lru-cache";
import { byteCache } from "../byte-cache.js";
import {
  catalogueIndex,
  FilterSyntaxError,
  SearchInputError,
  SORTS,
  type CatalogueIndex,
  type SearchRequest,
} from "../search/index.js";
import {
  categoryScope,
  filterGroups,
  listCategories,
  listCollections,
  listLocations,
  LIBRARY_FILTER,
  defaultRequest,
} from "../services/catalogue.js";
import { sendSerialised, typed } from "./typed.js";
import { AVOID_KEYS, avoidList, MAX_AVOID } from "../../../src/domain/avoid.js";

const searchBody = strictObject({
  facets: {
    anyOf: [
      { type: "string", enum: ["*", ""] },
      { type: "array", maxItems: 32, items: { type: "string", minLength: 1, maxLength: 64 } },
    ],
    default: [],
  },
  /** Long enough for a member's whole favourites or watched list as `id:` terms. */
  filters: { type: "string", maxLength: 65_536, default: "" },
  keywords: { type: "string", maxLength: 256, default: "" },
  sort: { type: "string", enum: [...SORTS], default: "newest" },
  page: { type: "integer", minimum: 0, maximum: 100_000, default: 0 },
  /** Above MAX_HITS the page size is capped, not refused (docs/server.md). */
  hits: { type: "integer", minimum: 1, default: 50 },
  pagination: { type: "string", enum: ["on", "off"], default: "on" },
  equipmentFilter: { type: "string", enum: ["selected", "additional"], default: "additional" },
  seriesWorkoutsParam: { type: "string", maxLength: 200, default: "" },
  /** Avoid filters (docs/members.md): leaves out workouts with any of these strains or equipment. */
  avoid: { type: "array", maxItems: MAX_AVOID, items: { type: "string", enum: AVOID_KEYS }, default: [] },
});

const string = { type: "string" } as const;
const integer = { type: "integer" } as const;

/** The answer of a search (api-contract.md "Workouts"); facets count workouts per value, per facet. */
const searchAnswer = exactObject({
  hits: { type: "array", items: ref(Workout) },
  nbHits: integer,
  page: integer,
  nbPages: integer,
  hitsPerPage: integer,
  facets: { type: "object", additionalProperties: { type: "object", additionalProperties: integer } },
  selected: { type: "array", items: string },
});

const filterOptionSchema = exactObject({
  label: string,
  value: string,
  filter: { type: "string", description: "The filter-language term it adds" },
  count: integer,
});
const filterGroupSchema = exactObject({
  key: string,
  label: string,
  multiple: { type: "boolean", description: "Several options may be chosen at once" },
  options: { type: "array", items: filterOptionSchema },
});

const categorySchema = exactObject({
  id: string,
  slug: string,
  name: string,
  description: string,
  order: integer,
  is_all: { type: "boolean" },
  seo: openObject,
});
const collectionFields = {
  id: string,
  slug: string,
  name: string,
  description: string,
  image_url: string,
  workoutsCount: integer,
} as const;
const collectionRequired = ["id", "slug", "name", "description", "image_url", "workoutsCount"] as const;
const collectionSchema = strictObject(collectionFields, collectionRequired);
const locationSchema = strictObject(
  {
    id: string,
    slug: string,
    name: string,
    kind: { type: "string", enum: ["studio", "virtual"] },
    time_zone: { type: "string", description: "IANA zone the studio keeps its class times in" },
    description: string,
    address: string,
    city: string,
    image_url: string,
    policy: exactObject({
      booking_window_days: { type: "integer", description: "booking opens this many days before a class starts" },
      late_cancel_minutes: {
        type: "integer",
        description: "cancelling later than this many minutes before the start is a late cancel",
      },
      auto_book_cutoff_minutes: {
        type: "integer",
        description: "a spot opening earlier than this before the start books the first waitlisted member",
      },
      max_open_bookings: {
        type: "integer",
        description:
          "open bookings and waitlist places a member may hold here (the location's own limit, else the default of 10)",
      },
    }),
  },
  ["id", "slug", "name", "kind", "time_zone", "description", "address", "city", "image_url"],
);

const idsQuery = strictObject({ ids: { type: "string", maxLength: 20_000 } });
const slugParams = exactObject({ slug: { type: "string", minLength: 1, maxLength: 200 } });
const idParams = exactObject({ id: { type: "string", minLength: 1, maxLength: 200 } });

export const splitIds = (ids: string | undefined) => [
  ...new Set(
    (ids ?? "")
      .split(",")
      .map((s) => s.trim())
      .filter(Boolean),
  ),
];

function runSearch(index: CatalogueIndex, request: SearchRequest): string {
  try {
    const result = index.search(request);
    return `{"hits":[${result.hits.map((n) => index.json(n)).join(",")}],"nbHits":${result.nbHits},"page":${result.page},"nbPages":${result.nbPages},"hitsPerPage":${result.hitsPerPage},"facets":${JSON.stringify(result.facets)},"selected":${JSON.stringify(result.selected)}}`;
  } catch (error) {
    if (error instanceof FilterSyntaxError || error instanceof SearchInputError) throw badRequest(error.message);
    throw error;
  }
}

export async function catalogueRoutes(instance: FastifyInstance, { ctx }: RouteOptions) {
  const app = typed(instance);
  const live = catalogueIndex(ctx);
  const cacheBytes = ctx.config.searchCacheBytes;
  // Finished answers, keyed by the normalised request, per index snapshot (a rebuild starts an empty cache): library
  // traffic repeats (each category's first page, the same filter chips) and an answer is a pure function of the two.
  // Keys count towards the bytes (a filter can be 64 KB); no answer takes more than a quarter of the budget.
  const caches = new WeakMap<CatalogueIndex, LRUCache<string, Buffer>>();
  const cacheFor = (index: CatalogueIndex) => {
    let cache = caches.get(index);
    if (!cache) {
      cache = byteCache<Buffer>(cacheBytes, (answer, key) => key.length * 2 + answer.length, cacheBytes / 4);
      caches.set(index, cache);
    }
    return cache;
  };

  app.post(
    "/workouts/search",
    {
      onRequest: app.optionalMember,
      schema: {
        tags: ["workouts"],
        summary: "Search workouts: filters, facets, keywords, sort and pages",
        description: `Filter language: field:value, field:"quoted", NOT/AND/OR, parentheses, numeric comparisons and "TO" ranges. Default filters exclude nothing; the library sends "${LIBRARY_FILTER}".`,
        body: searchBody,
        response: { 200: searchAnswer },
      },
    },
    async (request, reply) => {
      const body = request.body;
      const index = await live.get();
      // The avoid list once each in a fixed order: equal requests share one cached answer.
      const search = { ...body, facets: body.facets === "" ? [] : body.facets, avoid: avoidList(body.avoid) };
      if (!cacheBytes) return sendSerialised(reply, runSearch(index, search));
      // Validation filled every default, so equal requests serialise equally. The popularity order changes within a
      // snapshot: its answers are keyed by the order they were read from.
      const key = (search.sort === "popular" ? `popularity ${index.popularityVersion} ` : "") + JSON.stringify(search);
      const cache = cacheFor(index);
      let answer = cache.get(key);
      ctx.metrics.cacheLookup("search", answer !== undefined);
      if (!answer) cache.set(key, (answer = Buffer.from(runSearch(index, search))));
      return sendSerialised(reply, answer);
    },
  );

  const byIds = async (request: { query: { ids?: string } }, reply: FastifyReply) => {
    const index = await live.get();
    const hits = splitIds(request.query.ids).flatMap((id) => {
      const n = index.byId(id) ?? index.bySlug(id);
      return n === undefined ? [] : [n];
    });
    return sendSerialised(reply, `{"items":[${hits.map((n) => index.json(n)).join(",")}],"total":${hits.length}}`);
  };
  app.get(
    "/workouts/",
    {
      schema: {
        tags: ["workouts"],
        summary: "Workouts by ids (comma-separated), in the order asked",
        querystring: idsQuery,
        response: { 200: pageOf(ref(Workout)) },
      },
    },
    byIds,
  );

  app.get(
    "/workouts/:slug",
    {
      schema: {
        tags: ["workouts"],
        summary: "One workout by slug (or id)",
        params: slugParams,
        response: { 200: ref(Workout) },
      },
    },
    async (request, reply) => {
      const index = await live.get();
      const n = index.bySlug(request.params.slug) ?? index.byId(request.params.slug);
      if (n === undefined) throw notFound("Workout not found");
      return sendSerialised(reply, index.json(n));
    },
  );

  app.get(
    "/v2/workout/filters",
    {
      schema: {
        tags: ["workouts"],
        summary:
          "Filter dialog groups and options with counts, within a category when one is named, without the avoided workouts",
        querystring: strictObject(
          {
            category: { type: "string", maxLength: 100 },
            /** Avoid keys, comma-separated: counts without the workouts they leave out. */
            avoid: { type: "string", maxLength: 200 },
          },
          [],
        ),
        response: {
          200: exactObject({ groups: { type: "array", items: filterGroupSchema } }),
        },
      },
    },
    async (request) => {
      const avoid = splitIds(request.query.avoid);
      const unknown = avoid.find((key) => !(AVOID_KEYS as readonly string[]).includes(key));
      if (unknown !== undefined)
        throw badRequest(`avoid: unknown value "${unknown}"; expected any of ${AVOID_KEYS.join(", ")}`);
      const scope = await categoryScope(ctx.db, request.query.category);
      if (scope === null) throw notFound("Category not found");
      return filterGroups(ctx.db, await live.get(), scope, avoidList(avoid));
    },
  );

  app.get(
    "/workout_categories",
    {
      schema: {
        tags: ["catalogue"],
        summary: "Workout categories, all-classes first, then by order",
        response: { 200: pageOf(categorySchema) },
      },
    },
    async () => {
      const items = await listCategories(ctx.db);
      return { items, total: items.length };
    },
  );

  app.get(
    "/collections",
    {
      schema: {
        tags: ["catalogue"],
        summary: "Collections with their workout counts",
        response: { 200: pageOf(collectionSchema) },
      },
    },
    async () => {
      const items = await listCollections(ctx.db, await live.get());
      return { items, total: items.length };
    },
  );

  app.get(
    "/collections/:id",
    {
      schema: {
        tags: ["catalogue"],
        summary: "One collection (id or slug) with its workouts, newest first",
        params: idParams,
        response: {
          200: strictObject({ ...collectionFields, workouts: { type: "array", items: ref(Workout) } }, [
            ...collectionRequired,
            "workouts",
          ]),
        },
      },
    },
    async (request) => {
      const index = await live.get();
      const collection = (await listCollections(ctx.db, index)).find(
        (c) => c.id === request.params.id || c.slug === request.params.id,
      );
      if (!collection) throw notFound("Collection not found");
      const { hits } = index.search({
        ...defaultRequest(),
        filters: `${LIBRARY_FILTER} AND collections:"${collection.id}"`,
        pagination: "off",
      });
      return { ...collection, workouts: hits.map((n) => index.workout(n)) };
    },
  );

  app.get(
    "/locations",
    {
      schema: {
        tags: ["catalogue"],
        summary: "Studio locations and the live virtual studio",
        response: { 200: pageOf(locationSchema) },
      },
    },
    async () => {
      const items = await listLocations(ctx.db);
      return { items, total: items.length };
    },
  );

  app.get(
    "/locations/:id",
    {
      schema: {
        tags: ["catalogue"],
        summary: "One location by id or slug",
        params: idParams,
        response: { 200: locationSchema },
      },
    },
    async (request) => {
      const location = (await listLocations(ctx.db)).find(
        (l) => l.id === request.params.id || l.slug === request.params.id,
      );
      if (!location) throw notFound({ message: "Location not found", code: "location_not_found" });
      return location;
    },
  );
}
