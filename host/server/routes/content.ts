import type { FastifyInstance } from "fastify";
import type { RouteOptions } from "../context.js";
import { notFound } from "../errors.js";
import { strictObject } from "../schemas.js";
import { catalogueIndex } from "../search/index.js";
import {
  activeBanners,
  assetsTagged,
  carousels,
  dynamicContent,
  homePage,
  pageBySlug,
  pagesList,
} from "../services/content.js";
import { splitIds } from "./catalogue.js";
import { typed } from "./typed.js";

const homeQuery = strictObject({
  id: { type: "string", minLength: 1, maxLength: 200 },
  slug: { type: "string", minLength: 1, maxLength: 200 },
  include: { type: "integer", minimum: 0, maximum: 10, default: 4 },
  distinct: {
    type: "boolean",
    description: "each category or collection row leaves out the carousels' workouts and those of the rows above it",
  },
});
const dynamicQuery = strictObject({
  filter: { type: "string", enum: ["coachMark", "welcome", "faq", "dynamic"] },
  contains: { type: "string", maxLength: 200 },
});
const pageQuery = strictObject({ slug: { type: "string", minLength: 1, maxLength: 200 } });
const assetsQuery = strictObject({ tags: { type: "string", maxLength: 1000 } });

/** Public site content: home page, carousels, banners, keyed copy, pages and assets. */
export async function contentRoutes(instance: FastifyInstance, { ctx }: RouteOptions) {
  const app = typed(instance);
  const live = catalogueIndex(ctx);
  const tags = ["content"];

  app.get(
    "/home_page",
    {
      schema: {
        tags,
        summary: "The home page (default, or by id or slug) with its rows resolved",
        querystring: homeQuery,
      },
    },
    async (request) => {
      const page = await homePage(ctx.db, await live.get(), request.query.id ?? request.query.slug, {
        distinct: request.query.distinct,
      });
      if (!page) throw notFound("Home page not found");
      return page;
    },
  );

  app.get("/carousels", { schema: { tags, summary: "Carousels with their items" } }, async () =>
    carousels(ctx.db, await live.get()),
  );

  app.get("/announcementBanner", { schema: { tags, summary: "Announcement banners active now" } }, async () =>
    activeBanners(ctx.db, ctx.clock.now()),
  );

  app.get(
    "/dynamic_content",
    {
      schema: {
        tags,
        summary: "Keyed copy (coachMark, welcome, faq, dynamic), optionally narrowed by name",
        querystring: dynamicQuery,
      },
    },
    async (request) => dynamicContent(ctx.db, request.query.filter, request.query.contains),
  );

  app.get(
    "/content/page",
    { schema: { tags, summary: "A content page by slug (every page without one)", querystring: pageQuery } },
    async (request) => {
      if (request.query.slug === undefined) return pagesList(ctx.db);
      const page = await pageBySlug(ctx.db, request.query.slug);
      if (!page) throw notFound("Page not found");
      return page;
    },
  );

  app.get(
    "/assets",
    { schema: { tags, summary: "Assets carrying every listed tag (comma-separated)", querystring: assetsQuery } },
    async (request) => assetsTagged(ctx.db, splitIds(request.query.tags)),
  );
}
