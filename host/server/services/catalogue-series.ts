/** Series and workout calendars as the public reads answer them (api-contract.md "Series and calendars"). */
import type { Selectable } from "kysely";
import type { Db } from "../db/index.js";
import type { SeriesTable } from "../db/tables/catalogue.js";
import type { CatalogueIndex } from "../search/index.js";
import type { Workout } from "./catalogue-workouts.js";

type SeriesRow = Selectable<SeriesTable>;

/** The series members see listed: published ones (drafts are the console's; retired ones left the lists). */
function seriesRows(db: Db) {
  return db.selectFrom("series").selectAll().where("status", "=", "published");
}

function workoutsOf(index: CatalogueIndex, ids: readonly string[]): Workout[] {
  return ids.flatMap((id) => {
    const n = index.byId(id);
    return n === undefined ? [] : [index.workout(n)];
  });
}

const unique = (values: string[]) => [...new Set(values)];

/** A series without its items: what lists, carousels and the overview show. */
function seriesSummary(s: SeriesRow, workouts: Workout[]) {
  return {
    id: s.id,
    slug: s.slug,
    name: s.name,
    description: s.description,
    level: s.level,
    image_url: s.image_url,
    featured: s.featured,
    suggested_schedule: s.suggested_schedule,
    before_you_start: s.before_you_start,
    workoutsCount: workouts.length,
    total: workouts.length,
    totalMinutes: workouts.reduce((sum, w) => sum + w.duration, 0),
    equipment: unique(workouts.flatMap((w) => w.equipment)),
    trainers: unique(workouts.flatMap((w) => w.trainers.map((t) => t.name))),
    classTypes: unique(workouts.flatMap((w) => w.category)),
    focus: unique(workouts.flatMap((w) => w.focusMember)),
    created_at: s.created_at.toISOString(),
  };
}

async function itemsBySeries(db: Db, seriesIds: string[]) {
  if (!seriesIds.length)
    return new Map<string, { workout_id: string; position: number; chapter: number; chapter_title: string }[]>();
  const rows = await db
    .selectFrom("series_items")
    .selectAll()
    .where("series_id", "in", seriesIds)
    .orderBy("series_id")
    .orderBy("position")
    .execute();
  const out = new Map<string, typeof rows>();
  for (const r of rows) out.set(r.series_id, [...(out.get(r.series_id) ?? []), r]);
  return out;
}

async function summaries(db: Db, index: CatalogueIndex, rows: SeriesRow[]) {
  const items = await itemsBySeries(
    db,
    rows.map((r) => r.id),
  );
  return rows.map((s) =>
    seriesSummary(
      s,
      workoutsOf(
        index,
        (items.get(s.id) ?? []).map((i) => i.workout_id),
      ),
    ),
  );
}

export async function listSeries(
  db: Db,
  index: CatalogueIndex,
  options: { limit: number; skip: number; sortField: "name" | "created_at" },
) {
  const [rows, total] = await Promise.all([
    seriesRows(db)
      .orderBy(options.sortField === "name" ? "name" : "created_at", options.sortField === "name" ? "asc" : "desc")
      .orderBy("id")
      .limit(options.limit)
      .offset(options.skip)
      .execute(),
    seriesRows(db)
      .clearSelect()
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .executeTakeFirstOrThrow(),
  ]);
  return { items: await summaries(db, index, rows), total: Number(total.n) };
}

/** Series by ids or slugs, in the order asked; unknown ones are left out. */
export async function seriesByIds(db: Db, index: CatalogueIndex, ids: string[]) {
  if (!ids.length) return { items: [] };
  const rows = await seriesRows(db)
    .where((eb) => eb.or([eb("id", "in", ids), eb("slug", "in", ids)]))
    .execute();
  const found = await summaries(db, index, rows);
  const items = ids
    .flatMap((key) => found.filter((s) => s.id === key || s.slug === key))
    .filter((s, i, all) => all.findIndex((o) => o.id === s.id) === i);
  return { items };
}

/** One series with its workouts in order (chapters included) and related content; null when unknown. */
export async function seriesDetail(db: Db, index: CatalogueIndex, slugOrId: string) {
  // A retired series still opens (members enrolled in it keep their place); a draft is nobody's yet.
  const row = await db
    .selectFrom("series")
    .selectAll()
    .where("status", "in", ["published", "retired"])
    .where((eb) => eb.or([eb("slug", "=", slugOrId), eb("id", "=", slugOrId)]))
    .executeTakeFirst();
  if (!row) return null;
  const [items, related] = await Promise.all([
    itemsBySeries(db, [row.id]).then((m) => m.get(row.id) ?? []),
    db.selectFrom("series_related_content").selectAll().where("series_id", "=", row.id).orderBy("position").execute(),
  ]);
  const hydrated = items.flatMap((i) =>
    workoutsOf(index, [i.workout_id]).map((w) => ({
      ...w,
      position: i.position,
      chapter: i.chapter,
      chapter_title: i.chapter_title,
    })),
  );
  const chapters = unique(items.map((i) => `${i.chapter}`)).map((c) => {
    const inChapter = items.filter((i) => `${i.chapter}` === c);
    return { chapter: Number(c), title: inChapter[0]!.chapter_title, workoutsCount: inChapter.length };
  });
  return {
    ...seriesSummary(row, hydrated),
    items: hydrated,
    chapters,
    relatedContent: related.map((r) => ({
      title: r.title,
      name: r.name,
      description: r.description,
      content: r.content,
      workouts: workoutsOf(index, r.workout_ids),
    })),
  };
}

export async function seriesOverview(db: Db, index: CatalogueIndex) {
  const [page, categories, links, rows] = await Promise.all([
    db.selectFrom("series_overview").selectAll().where("id", "=", "default").executeTakeFirst(),
    db.selectFrom("series_categories").selectAll().orderBy("sort_order").execute(),
    db.selectFrom("series_category_items").selectAll().orderBy("position").execute(),
    seriesRows(db).execute(),
  ]);
  const all = await summaries(db, index, rows);
  const byId = new Map(all.map((s) => [s.id, s]));
  return {
    pageDescription: page?.page_description ?? "",
    newfeaturedSeriesBanner: page?.featured_banner ?? {},
    seriesCategoriesList: categories.map((c) => ({
      name: c.name,
      slug: c.slug,
      series: links
        .filter((l) => l.category_id === c.id)
        .flatMap((l) => (byId.has(l.series_id) ? [byId.get(l.series_id)!] : [])),
    })),
  };
}

type CalendarRow = { id: string; slug: string; name: string; description: string; image_url: string; created_at: Date };

async function calendarsWithDays(db: Db, index: CatalogueIndex, rows: CalendarRow[]) {
  if (!rows.length) return [];
  const days = await db
    .selectFrom("workout_calendar_days")
    .selectAll()
    .where(
      "calendar_id",
      "in",
      rows.map((r) => r.id),
    )
    .orderBy("calendar_id")
    .orderBy("day")
    .execute();
  return rows.map((c) => {
    const own = days.filter((d) => d.calendar_id === c.id);
    return {
      id: c.id,
      slug: c.slug,
      name: c.name,
      description: c.description,
      image_url: c.image_url,
      total_days: own.length,
      days: own.map((d) => ({
        day: d.day,
        kind: d.kind,
        workout_id: d.workout_id,
        workout: d.workout_id ? (workoutsOf(index, [d.workout_id])[0] ?? null) : null,
      })),
    };
  });
}

/** One calendar with its days (rest and walk days included); null when unknown. */
export async function calendarDetail(db: Db, index: CatalogueIndex, slugOrId: string) {
  const row = await db
    .selectFrom("workout_calendars")
    .selectAll()
    .where((eb) => eb.or([eb("slug", "=", slugOrId), eb("id", "=", slugOrId)]))
    .where("status", "<>", "draft") // a retired calendar still opens for the members enrolled in it
    .executeTakeFirst();
  return row ? (await calendarsWithDays(db, index, [row]))[0]! : null;
}

/** Every calendar (public part; the member list adds enrolment status), or those named by id or slug. */
export async function listCalendars(db: Db, index: CatalogueIndex, ids?: string[]) {
  if (ids && !ids.length) return { items: [], total: 0 };
  const rows = await db
    .selectFrom("workout_calendars")
    .selectAll()
    .where("status", "=", "published")
    .$if(!!ids, (q) => q.where((eb) => eb.or([eb("id", "in", ids!), eb("slug", "in", ids!)])))
    .orderBy("name")
    .execute();
  const items = await calendarsWithDays(db, index, rows);
  return { items, total: items.length };
}
