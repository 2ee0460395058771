import type { FastifyInstance } from "fastify";
import type { RouteOptions } from "../context.js";
import { notFound } from "../errors.js";
import { strictObject } from "../schemas.js";
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
const slugParams = strictObject({ slug: { type: "string", minLength: 1, maxLength: 200 } }, ["slug"]);
const includeQuery = strictObject({ include: { type: "integer", minimum: 0, maximum: 10, default: 4 } });
const idsQuery = strictObject({ ids: { type: "string", maxLength: 20_000 } });

/** The public, read-only series and calendar calls; enrolment lives with member activity. */
export async function catalogueSeriesRoutes(instance: FastifyInstance, { ctx }: RouteOptions) {
  const app = typed(instance);
  const live = catalogueIndex(ctx);

  app.get(
    "/series_overview_page",
    { schema: { tags: ["series"], summary: "Series overview: copy, featured banner and categories of series" } },
    async () => seriesOverview(ctx.db, await live.get()),
  );

  app.get(
    "/series",
    {
      schema: {
        tags: ["series"],
        summary: "Series, paged (limit/skip, sorted by name) or by ids",
        querystring: seriesQuery,
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
    { schema: { tags: ["calendars"], summary: "One workout calendar (slug or id) with its days", params: slugParams } },
    async (request) => {
      const calendar = await calendarDetail(ctx.db, await live.get(), request.params.slug);
      if (!calendar) throw notFound("Calendar not found");
      return calendar;
    },
  );
}
