/** Catalogue reads besides search: categories, collections, locations and the filter dialog's groups. */
import type { Db } from "../db/index.js";
import { EQUIPMENT, FOCUS, LEVELS, PACING } from "../db/seed/catalogue-vocabulary.js";
import type { CatalogueIndex, SearchRequest } from "../search/index.js";
import type { AvoidKey } from "../../../src/domain/avoid.js";
import { openBookingsLimit } from "../../../src/domain/classes.js";

/** What the library shows unless a filter says otherwise (spec §9: walk and rest are hidden by default). */
export const LIBRARY_FILTER = "NOT type:walk AND NOT type:rest";

export async function listCategories(db: Db) {
  const rows = await db
    .selectFrom("workout_categories")
    .selectAll()
    .where("hidden", "=", false)
    .orderBy("is_all", "desc")
    .orderBy("sort_order")
    .execute();
  return rows.map((c) => ({
    id: c.id,
    slug: c.slug,
    name: c.name,
    description: c.description,
    order: c.sort_order,
    is_all: c.is_all,
    seo: c.seo,
  }));
}

export async function listCollections(db: Db, index: CatalogueIndex) {
  const rows = await db
    .selectFrom("collections")
    .selectAll()
    .where("status", "=", "published")
    .orderBy("sort_order")
    .orderBy("id")
    .execute();
  const counts = index.search({ ...defaultRequest(), facets: ["collections"], hits: 1 }).facets.collections ?? {};
  return rows.map((c) => ({
    id: c.id,
    slug: c.slug,
    name: c.name,
    description: c.description,
    image_url: c.image_url,
    workoutsCount: counts[c.name] ?? 0,
  }));
}

export async function listLocations(db: Db) {
  const rows = await db.selectFrom("locations").selectAll().orderBy("sort_order").orderBy("id").execute();
  return rows.map((l) => ({
    id: l.id,
    slug: l.slug,
    name: l.name,
    kind: l.kind,
    time_zone: l.time_zone,
    description: l.description,
    address: l.address,
    city: l.city,
    image_url: l.image_url,
    // The studio's booking and cancellation rules (issue 18), stated before a member commits.
    policy: {
      booking_window_days: l.booking_window_days,
      late_cancel_minutes: l.late_cancel_minutes,
      auto_book_cutoff_minutes: l.auto_book_cutoff_minutes,
      max_open_bookings: openBookingsLimit(l),
    },
  }));
}

export function defaultRequest(): SearchRequest {
  return {
    facets: [],
    filters: LIBRARY_FILTER,
    keywords: "",
    sort: "newest",
    page: 0,
    hits: 50,
    pagination: "on",
    equipmentFilter: "additional",
    seriesWorkoutsParam: "",
    avoid: [],
  };
}

/** Length buckets of spec §9, in seconds of video (inclusive ranges, as the filter language's `TO`). */
const LENGTH_BUCKETS = [
  { value: "5-15", label: "5-15 min", filter: "video.duration:300 TO 930" },
  { value: "16-25", label: "16-25 min", filter: "video.duration:930 TO 1530" },
  { value: "26-35", label: "26-35 min", filter: "video.duration:1530 TO 2130" },
  { value: "36-45", label: "36-45 min", filter: "video.duration:2130 TO 2730" },
  { value: "46-60", label: "46-60 min", filter: "video.duration:2730 TO 3630" },
  { value: "60+", label: "60+ min", filter: "video.duration > 3630" },
];

const quoted = (field: string, value: string) => `${field}:"${value.replace(/["\\]/g, "\\$&")}"`;

/** Known values first in the product's order, then anything else the catalogue has, alphabetically. */
function ordered(counts: Partial<Record<string, number>>, known: readonly string[]): string[] {
  const rest = Object.keys(counts)
    .filter((v) => !known.includes(v))
    .sort();
  return [...known.filter((v) => v in counts), ...rest];
}

/** Spec §9: the rest category lists the rest days (hidden from every other list). */
const REST_CATEGORY = "rest";

/**
 * What a category tab lists, as the library's search asks for it: the whole library for the all-classes category
 * (or none named), the rest days for `rest`, else the library within that category; null for an unknown slug.
 */
export async function categoryScope(db: Db, slug: string | undefined): Promise<string | null> {
  if (!slug || slug === "all") return LIBRARY_FILTER;
  if (slug === REST_CATEGORY) return "type:rest";
  const row = await db
    .selectFrom("workout_categories")
    .select(["is_all"])
    .where("slug", "=", slug)
    .where("hidden", "=", false)
    .executeTakeFirst();
  if (!row) return null;
  return row.is_all ? LIBRARY_FILTER : `${LIBRARY_FILTER} AND ${quoted("category", slug)}`;
}

/**
 * The filter dialog: each group with its options, the filter expression each adds and how many classes match within
 * `scope` (the category tab the member is on, see categoryScope) and without what `avoid` leaves out, so the counts
 * are what choosing an option shows.
 */
export async function filterGroups(
  db: Db,
  index: CatalogueIndex,
  scope: string = LIBRARY_FILTER,
  avoid: readonly AvoidKey[] = [],
) {
  const base = { ...defaultRequest(), filters: scope, avoid };
  const all = index.search({ ...base, facets: "*", hits: 1 });
  const count = (filter: string) => index.search({ ...base, filters: `${scope} AND ${filter}`, hits: 1 }).nbHits;
  const facet = (key: string, field: string, label: string, values: string[]) => ({
    key,
    label,
    multiple: true,
    options: values.map((v) => ({ label: v, value: v, filter: quoted(field, v), count: all.facets[field]?.[v] ?? 0 })),
  });
  const [trainers, collections] = await Promise.all([
    db
      .selectFrom("trainers")
      .select(["name"])
      .where("status", "=", "published")
      .orderBy("sort_order")
      .orderBy("name")
      .execute(),
    db
      .selectFrom("collections")
      .select(["name"])
      .where("status", "=", "published")
      .orderBy("sort_order")
      .orderBy("id")
      .execute(),
  ]);
  return {
    groups: [
      {
        key: "length",
        label: "Class Length",
        multiple: true,
        options: LENGTH_BUCKETS.map((b) => ({
          label: b.label,
          value: b.value,
          filter: b.filter,
          count: count(b.filter),
        })),
      },
      facet("level", "level", "Level", ordered(all.facets.level ?? {}, LEVELS)),
      facet("pacing", "pacing", "Pacing", ordered(all.facets.pacing ?? {}, PACING)),
      {
        key: "live",
        label: "Live Virtual Studio Recordings",
        multiple: false,
        options: [
          { label: "Show all", value: "all", filter: "", count: all.nbHits },
          { label: "Only live recordings", value: "only", filter: "live:true", count: all.facets.live?.true ?? 0 },
          { label: "Hide live recordings", value: "hide", filter: "live:false", count: all.facets.live?.false ?? 0 },
        ],
      },
      facet(
        "trainer",
        "trainer",
        "Trainers",
        trainers.map((t) => t.name),
      ),
      facet("equipment", "equipment", "Equipment", ordered(all.facets.equipment ?? {}, EQUIPMENT)),
      facet("focus", "focus", "Body Focus", ordered(all.facets.focus ?? {}, FOCUS)),
      facet("benefits", "benefits", "Benefits", ordered(all.facets.benefits ?? {}, [])),
      facet(
        "collections",
        "collections",
        "Collections",
        collections.map((c) => c.name),
      ),
    ],
  };
}
