/** Site content: home page rows, carousels, banners, keyed copy, pages and assets. */
import { sql } from "kysely";
import type { Db } from "../db/index.js";
import type { DynamicContentKey } from "../db/tables/catalogue.js";
import type { CatalogueIndex } from "../search/index.js";
import { LIBRARY_FILTER, defaultRequest } from "./catalogue.js";
import { seriesByIds } from "./catalogue-series.js";

const ROW_LIMIT = 12;

/** The newest `limit` workouts matching `filter`, leaving out those in `leaveOut` (never more than the index holds). */
function newestIn(index: CatalogueIndex, filter: string, limit: number, leaveOut: ReadonlySet<string> = new Set()) {
  const filters = filter ? `${LIBRARY_FILTER} AND ${filter}` : LIBRARY_FILTER;
  return index
    .search({ ...defaultRequest(), filters, hits: limit + leaveOut.size })
    .hits.map((n) => index.workout(n))
    .filter((w) => !leaveOut.has(w.id))
    .slice(0, limit);
}

/** The workouts the carousels show: the home page draws them above its rows. */
async function carouselWorkoutIds(db: Db) {
  const rows = await db
    .selectFrom("carousels")
    .select("item_ids")
    .where("kind", "=", "workouts")
    .where("status", "=", "published")
    .execute();
  return rows.flatMap((r) => r.item_ids);
}

/**
 * The rows of a home page with their items resolved (favourites and stats rows are filled by the client). `distinct`:
 * each category or collection row leaves out the workouts of the carousels and of the rows above it, so rows that
 * overlap in the catalogue ("New Classes", "Quick Hits", both newest first) each show classes of their own, exactly
 * what the hosted home page draws.
 */
export async function homePage(db: Db, index: CatalogueIndex, key?: string, options: { distinct?: boolean } = {}) {
  const page = await db
    .selectFrom("home_pages")
    .selectAll()
    .$if(!!key, (q) => q.where((eb) => eb.or([eb("id", "=", key!), eb("slug", "=", key!)])))
    .$if(!key, (q) => q.where("is_default", "=", true))
    .executeTakeFirst();
  if (!page) return null;
  const rows = await db
    .selectFrom("home_page_rows")
    .selectAll()
    .where("home_page_id", "=", page.id)
    .where("status", "=", "published")
    .orderBy("position")
    .orderBy("id")
    .execute();
  // Rows resolve in page order: a distinct row leaves out what the rows above it took.
  const shown = new Set(options.distinct ? await carouselWorkoutIds(db) : []);
  const leaveOut = (items: { id: string }[]) => {
    if (options.distinct) for (const w of items) shown.add(w.id);
    return items;
  };
  const resolved = await Promise.all(
    rows.map(async (row) => {
      const source = row.source as { slug?: string; limit?: number; featured?: boolean; ids?: string[] };
      const limit = Math.min(source.limit ?? ROW_LIMIT, 50);
      let items: unknown[] = [];
      if (row.kind === "category")
        items = leaveOut(
          newestIn(
            index,
            source.slug && source.slug !== "all-classes" ? `category:"${source.slug}"` : "",
            limit,
            shown,
          ),
        );
      else if (row.kind === "collection")
        items = leaveOut(newestIn(index, `collections:"${source.slug ?? ""}"`, limit, shown));
      else if (row.kind === "workouts")
        items = (source.ids ?? []).flatMap((id) =>
          index.byId(id) === undefined ? [] : [index.workout(index.byId(id)!)],
        );
      else if (row.kind === "series") items = await featuredOrListedSeries(db, index, source);
      return { position: rows.indexOf(row) + 1, title: row.title, kind: row.kind, source: row.source, items };
    }),
  );
  return { id: page.id, slug: page.slug, title: page.title, rows: resolved };
}

async function featuredOrListedSeries(db: Db, index: CatalogueIndex, source: { featured?: boolean; ids?: string[] }) {
  const ids =
    source.ids ??
    (
      await db
        .selectFrom("series")
        .select("id")
        .where("status", "=", "published")
        .where("featured", "=", source.featured ?? true)
        .orderBy("created_at")
        .execute()
    ).map((s) => s.id);
  return (await seriesByIds(db, index, ids)).items;
}

export async function carousels(db: Db, index: CatalogueIndex) {
  const rows = await db
    .selectFrom("carousels")
    .selectAll()
    .where("status", "=", "published")
    .orderBy("sort_order")
    .orderBy("id")
    .execute();
  const collections = await db
    .selectFrom("collections")
    .select(["id", "slug", "name", "description", "image_url"])
    .where("status", "=", "published")
    .execute();
  const items = await Promise.all(
    rows.map(async (c) => {
      const ids = c.item_ids;
      const resolved =
        c.kind === "workouts"
          ? ids.flatMap((id) => (index.byId(id) === undefined ? [] : [index.workout(index.byId(id)!)]))
          : c.kind === "series"
            ? (await seriesByIds(db, index, ids)).items
            : ids.flatMap((id) => collections.filter((col) => col.id === id));
      return { id: c.id, slug: c.slug, title: c.title, kind: c.kind, items: resolved };
    }),
  );
  return { items, total: items.length };
}

/** Published banners within their window at `now`. */
export async function activeBanners(db: Db, now: Date) {
  const rows = await db
    .selectFrom("announcement_banners")
    .selectAll()
    .where("status", "=", "published")
    .where((eb) => eb.or([eb("starts_at", "is", null), eb("starts_at", "<=", now)]))
    .where((eb) => eb.or([eb("ends_at", "is", null), eb("ends_at", ">", now)]))
    .orderBy("starts_at", "desc")
    .execute();
  const items = rows.map((b) => ({
    id: b.id,
    message: b.message,
    link_text: b.link_text,
    link_url: b.link_url,
    starts_at: b.starts_at?.toISOString() ?? null,
    ends_at: b.ends_at?.toISOString() ?? null,
  }));
  return { items, total: items.length };
}

/** Keyed copy; `contains` narrows to entries whose name contains it (any case). */
export async function dynamicContent(db: Db, filter?: DynamicContentKey, contains?: string) {
  const rows = await db
    .selectFrom("dynamic_content")
    .selectAll()
    .where("status", "=", "published")
    .$if(!!filter, (q) => q.where("key", "=", filter!))
    .orderBy("key")
    .orderBy("sort_order")
    .orderBy("id")
    .execute();
  const needle = contains?.toLowerCase();
  const items = rows
    .filter((r) => !needle || r.name.toLowerCase().includes(needle))
    .map((r) => ({ id: r.id, key: r.key, name: r.name, value: r.value }));
  return { items, total: items.length };
}

type PageRow = { id: string; slug: string; title: string; fields: Record<string, unknown>; updated_at: Date };
const pageAnswer = (page: PageRow) => ({
  id: page.id,
  slug: page.slug,
  title: page.title,
  fields: page.fields,
  updated_at: page.updated_at.toISOString(),
});

export async function pageBySlug(db: Db, slug: string) {
  const page = await db.selectFrom("pages").selectAll().where("slug", "=", slug).executeTakeFirst();
  return page ? pageAnswer(page) : null;
}

/** Every page (clients index them by `fields.slug`). */
export async function pagesList(db: Db) {
  const items = (await db.selectFrom("pages").selectAll().orderBy("slug").execute()).map(pageAnswer);
  return { items, total: items.length };
}

/** Assets carrying every one of `tags` (all assets when none is given). */
export async function assetsTagged(db: Db, tags: string[]) {
  const rows = await db
    .selectFrom("assets")
    .selectAll()
    .$if(tags.length > 0, (q) => q.where(sql<boolean>`tags @> ${tags}::text[]`))
    .orderBy("id")
    .execute();
  return { items: rows, total: rows.length };
}
