import type { EquipmentMode, SearchRequest, SortValue } from "../api/types.js";
import { avoidList, type AvoidKey } from "./avoid.js";

/** Spec §9 length buckets in seconds of `video.duration`. */
export const LENGTH_BUCKETS = [
  { key: "5-15", min: 300, max: 930 },
  { key: "16-25", min: 930, max: 1530 },
  { key: "26-35", min: 1530, max: 2130 },
  { key: "36-45", min: 2130, max: 2730 },
  { key: "46-60", min: 2730, max: 3630 },
  { key: "60+", min: 3630 },
] as const;
export type LengthKey = (typeof LENGTH_BUCKETS)[number]["key"];

/** "video.duration:300 TO 930", or "video.duration > 3630" for the open-ended bucket. */
export function lengthExpression(key: string): string | undefined {
  const b = LENGTH_BUCKETS.find((x) => x.key === key);
  if (!b) return undefined;
  return "max" in b ? `video.duration:${b.min} TO ${b.max}` : `video.duration > ${b.min}`;
}

/** The bucket an expression selects (the inverse of `lengthExpression`). */
export const lengthKeyOf = (expression: string): LengthKey | undefined =>
  LENGTH_BUCKETS.find((b) => lengthExpression(b.key) === expression.trim())?.key;

/** Spec §2 list-valued query keys, in order; `collections` has the singular alternate `collection`. */
export const LIST_FILTER_KEYS = [
  "length",
  "level",
  "benefits",
  "trainer",
  "focus",
  "equipment",
  "pacing",
  "collections",
] as const;
/** Members-only switches (spec §5). */
export const MEMBER_FILTER_KEYS = ["favorites", "watched"] as const;
export type ListFilterKey = (typeof LIST_FILTER_KEYS)[number];

type LiveRecordings = "all" | "only" | "hide";

export interface WorkoutFilterState {
  length: string[];
  level: string[];
  benefits: string[];
  trainer: string[];
  focus: string[];
  equipment: string[];
  pacing: string[];
  collections: string[];
  favorites: boolean;
  watched: boolean;
  /** Spec §9 live recordings filter: show all (default), only, or hide; query key `live` when not "all". */
  live: LiveRecordings;
  /** Avoid filters (docs/members.md): workouts with any of these strains or equipment are left out; key `avoid`. */
  avoid: AvoidKey[];
}

export const emptyFilters = (): WorkoutFilterState => ({
  length: [],
  level: [],
  benefits: [],
  trainer: [],
  focus: [],
  equipment: [],
  pacing: [],
  collections: [],
  favorites: false,
  watched: false,
  live: "all",
  avoid: [],
});

/** Reads filters from a query string; accepts repeated keys and comma lists, and `collection` for `collections`. */
export function filtersFromQuery(query: string | URLSearchParams): WorkoutFilterState {
  const q = new URLSearchParams(query);
  const f = emptyFilters();
  const all = (key: string) =>
    q
      .getAll(key)
      .flatMap((v) => v.split(","))
      .map((v) => v.trim())
      .filter(Boolean);
  for (const key of LIST_FILTER_KEYS)
    f[key] = [...new Set([...all(key), ...(key === "collections" ? all("collection") : [])])];
  f.length = f.length.filter(lengthExpression);
  for (const key of MEMBER_FILTER_KEYS) f[key] = ["true", "1", ""].includes(q.get(key) ?? "-");
  const live = q.get("live");
  f.live = live === "only" || live === "hide" ? live : "all";
  f.avoid = avoidList(all("avoid"));
  return f;
}

/** Writes filters as a query string (without "?"); `singular` uses the alternate `collection` key. */
export function filtersToQuery(f: WorkoutFilterState, options: { singular?: boolean } = {}): string {
  const q = new URLSearchParams();
  for (const key of LIST_FILTER_KEYS)
    if (f[key].length) q.set(key === "collections" && options.singular ? "collection" : key, f[key].join(","));
  for (const key of MEMBER_FILTER_KEYS) if (f[key]) q.set(key, "true");
  if (f.live !== "all") q.set("live", f.live);
  if (f.avoid.length) q.set("avoid", avoidList(f.avoid).join(","));
  return q.toString();
}

/** True when two filter states select the same workouts (order of values ignored). */
export const sameFilters = (a: WorkoutFilterState, b: WorkoutFilterState) =>
  filtersToQuery(normalise(a)) === filtersToQuery(normalise(b));
const normalise = (f: WorkoutFilterState): WorkoutFilterState => {
  const n = { ...f };
  for (const key of LIST_FILTER_KEYS) n[key] = [...f[key]].sort();
  return n;
};

/** Drops keys whose value is empty (spec §2: series filter keys with empty values are dropped). */
export function compactQuery<T extends Record<string, unknown>>(query: T): Partial<T> {
  const out: Partial<T> = {};
  for (const [k, v] of Object.entries(query))
    if (v != null && v !== "" && !(Array.isArray(v) && !v.length)) out[k as keyof T] = v as T[keyof T];
  return out;
}

const quote = (v: string) => `"${v.replace(/["\\]/g, "\\$&")}"`;
const anyOf = (terms: string[]) => (terms.length > 1 ? `(${terms.join(" OR ")})` : terms[0]!);

export interface SearchInput {
  filters: WorkoutFilterState;
  keywords?: string;
  sort?: SortValue;
  page?: number;
  hits?: number;
  /** A category slug; empty or "all" for the whole library. */
  category?: string;
  equipmentMode?: EquipmentMode;
  signedIn?: boolean;
  favouriteIds?: string[];
  watchedIds?: string[];
  /** The member's hidden collection ids (manage workouts, spec §3 collections_hidden): left out of the library. */
  hiddenCollections?: readonly string[];
}

/** Spec §9: default page size and first page. */
export const DEFAULT_HITS = 50;
export const DEFAULT_SORT: SortValue = "newest";
/** Spec §9: the rest category slug; the default list excludes walk and rest types. */
const REST_CATEGORY = "rest";

/**
 * The search request for a filter state (spec §3). Favourites and watched apply only to signed-in members (spec §5)
 * and become an id list; answers null when such a list is empty, because nothing can match (no call needed).
 */
export function searchRequest(input: SearchInput): SearchRequest | null {
  const f = input.filters;
  const terms = [input.category === REST_CATEGORY ? "type:rest" : "NOT type:walk AND NOT type:rest"];
  if (input.category && input.category !== "all" && input.category !== REST_CATEGORY)
    terms.push(`category:${quote(input.category)}`);
  for (const key of LIST_FILTER_KEYS) {
    // Each list key is also the index field it filters; lengths go through their buckets' duration ranges.
    const values =
      key === "length"
        ? f.length.map(lengthExpression).filter((x): x is string => !!x)
        : f[key].map((v) => `${key}:${quote(v)}`);
    if (values.length) terms.push(anyOf(values));
  }
  if (f.live === "only") terms.push("live:true");
  if (f.live === "hide") terms.push("NOT live:true");
  if (input.signedIn) {
    for (const ids of [f.favorites && input.favouriteIds, f.watched && input.watchedIds]) {
      if (!ids) continue;
      if (!ids.length) return null;
      terms.push(anyOf(ids.map((id) => `id:${quote(id)}`)));
    }
    for (const id of input.hiddenCollections ?? []) terms.push(`NOT collections:${quote(id)}`);
  }
  return {
    facets: "*",
    filters: terms.join(" AND "),
    // Only when set: a server from before avoid filters refuses the unknown property.
    ...(f.avoid.length ? { avoid: avoidList(f.avoid) } : {}),
    keywords: input.keywords?.trim() ?? "",
    sort: input.sort ?? DEFAULT_SORT,
    page: input.page ?? 0,
    hits: input.hits ?? DEFAULT_HITS,
    pagination: "on",
    equipmentFilter: input.equipmentMode ?? "selected",
    seriesWorkoutsParam: "",
  };
}

/** Sort options in menu order with their labels' i18n keys; Newest is the default (spec §3). */
export const SORT_OPTIONS: readonly SortValue[] = ["newest", "popular", "oldest", "shortest", "longest"];
