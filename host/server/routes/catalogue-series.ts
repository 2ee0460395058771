import type { FastifyInstance } from "fastify";
import type { RouteOptions } from "../context.js";
import { notFound } from "../errors.js";
import { exactObject, openObject, pageOf, ref, strictObject, Workout, workoutSchema } from "../schemas.js";
import { catalogueIndex } from "../search/index.js";
import {
  calendarDetail,
  listCalendars,
  listSeries,
  seriesByIds,
  seriesDetail,
  seriesOverview,
} from "../services/catalogue-series.js";
import { splitIds } from "./catalogue.js";
import { typed } from "./typed.js";

const seriesQuery = strictObject({
  limit: { type: "integer", minimum: 1, maximum: 100, default: 100 },
  skip: { type: "integer", minimum: 0, maximum: 100_000, default: 0 },
  sortField: { type: "string", enum: ["name", "created_at"], default: "name" },
  ids: { type: "string", maxLength: 20_000 },
});
const slugParams = exactObject({ slug: { type: "string", minLength: 1, maxLength: 200 } });
const includeQuery = strictObject({ include: { type: "integer", minimum: 0, maximum: 10, default: 4 } });
const idsQuery = strictObject({ ids: { type: "string", maxLength: 20_000 } });

const string = { type: "string" } as const;
const strings = { type: "array", items: string } as const;
const integer = { type: "integer" } as const;
const workouts = { type: "array", items: ref(Workout) } as const;

/** A series as lists, carousels and the overview show it (services/catalogue-series.ts `seriesSummary`). */
const seriesFields = {
  id: string,
  slug: string,
  name: string,
  description: string,
  level: string,
  image_url: string,
  featured: { type: "boolean" },
  suggested_schedule: string,
  before_you_start: string,
  workoutsCount: integer,
  total: { type: "integer", description: "The number of workouts, as workoutsCount" },
  totalMinutes: { type: "number" },
  equipment: strings,
  trainers: { type: "array", items: string, description: "Trainer names" },
  classTypes: { type: "array", items: string, description: "Category slugs" },
  focus: strings,
  created_at: string,
} as const;
const seriesRequired = Object.keys(seriesFields) as (keyof typeof seriesFields)[];
const seriesSchema = strictObject(seriesFields, seriesRequired);

/** One series with its workouts in order (each with its chapter) and related content. */
const seriesDetailSchema = strictObject(
  {
    ...seriesFields,
    items: {
      type: "array",
      items: strictObject({ ...workoutSchema.properties, position: integer, chapter: integer, chapter_title: string }, [
        ...workoutSchema.required,
        "position",
        "chapter",
        "chapter_title",
      ]),
    },
    chapters: {
      type: "array",
      items: exactObject({ chapter: integer, title: string, workoutsCount: integer }),
    },
    relatedContent: {
      type: "array",
      items: exactObject({ title: string, name: string, description: string, content: string, workouts }),
    },
  },
  [...seriesRequired, "items", "chapters", "relatedContent"],
);

const overviewSchema = exactObject({
  pageDescription: string,
  newfeaturedSeriesBanner: openObject,
  seriesCategoriesList: {
    type: "array",
    items: exactObject({ name: string, slug: string, series: { type: "array", items: seriesSchema } }),
  },
});

/** A workout calendar with its days; rest and walk days have no workout. */
const calendarSchema = exactObject({
  id: string,
  slug: string,
  name: string,
  description: string,
  image_url: string,
  total_days: integer,
  days: {
    type: "array",
    items: exactObject({
      day: integer,
      kind: { type: "string", enum: ["workout", "walk", "rest"] },
      workout_id: { type: ["string", "null"] },
      workout: { anyOf: [ref(Workout), { type: "null" }] },
    }),
  },
});

/** The public, read-only series and calendar calls; enrolment lives with member activity. */
export async function catalogueSeriesRoutes(instance: FastifyInstance, { ctx }: RouteOptions) {
  const app = typed(instance);
  const live = catalogueIndex(ctx);

  app.get(
    "/series_overview_page",
    {
      schema: {
        tags: ["series"],
        summary: "Series overview: copy, featured banner and categories of series",
        response: { 200: overviewSchema },
      },
    },
    async () => seriesOverview(ctx.db, await live.get()),
  );

  app.get(
    "/series",
    {
      schema: {
        tags: ["series"],
        summary: "Series, paged (limit/skip, sorted by name) or by ids",
        querystring: seriesQuery,
        response: {
          200: strictObject(
            {
              items: { type: "array", items: seriesSchema },
              total: { type: "integer", description: "Every series; absent when asked by ids" },
            },
            ["items"],
          ),
        },
      },
    },
    async (request) => {
      const index = await live.get();
      const { ids, ...page } = request.query;
      return ids !== undefined ? seriesByIds(ctx.db, index, splitIds(ids)) : listSeries(ctx.db, index, page);
    },
  );

  app.get(
    "/series/:slug",
    {
      schema: {
        tags: ["series"],
        summary: "One series (slug or id) with its workouts in order and related content",
        params: slugParams,
        querystring: includeQuery,
        response: { 200: seriesDetailSchema },
      },
    },
    async (request) => {
      const series = await seriesDetail(ctx.db, await live.get(), request.params.slug);
      if (!series) throw notFound("Series not found");
      return series;
    },
  );

  app.get(
    "/workout_calendars/ids",
    {
      schema: {
        tags: ["calendars"],
        summary: "Calendars by ids or slugs (comma-separated), or all of them",
        querystring: idsQuery,
        response: { 200: pageOf(calendarSchema) },
      },
    },
    async (request) =>
      listCalendars(
        ctx.db,
        await live.get(),
        request.query.ids === undefined ? undefined : splitIds(request.query.ids),
      ),
  );

  app.get(
    "/workout_calendars/:slug",
    {
      schema: {
        tags: ["calendars"],
        summary: "One workout calendar (slug or id) with its days",
        params: slugParams,
        response: { 200: calendarSchema },
      },
    },
    async (request) => {
      const calendar = await calendarDetail(ctx.db, await live.get(), request.params.slug);
      if (!calendar) throw notFound("Calendar not found");
      return calendar;
    },
  );
}
