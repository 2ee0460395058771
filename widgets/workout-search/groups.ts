import type { FilterGroup, SearchResponse, WorkoutFilters } from "../../src/api/index.js";
import { LENGTH_BUCKETS, type ListFilterKey } from "../../src/domain/filters.js";
import { say } from "./copy.js";

export interface Option {
  value: string;
  label: string;
  count?: number;
}
export interface Group {
  key: ListFilterKey;
  label: string;
  options: Option[];
}

/** The dialog's list groups in the product's order (live recordings and the member switches are separate controls). */
const ORDER: ListFilterKey[] = ["length", "pacing", "trainer", "equipment", "focus", "benefits", "collections"];
/** Facet names the search answer may use for each group. */
const FACET: Record<ListFilterKey, string[]> = {
  length: [],
  pacing: ["pacing"],
  trainer: ["trainer", "trainers"],
  equipment: ["equipment"],
  focus: ["focus", "focusMember"],
  benefits: ["benefits"],
  collections: ["collections", "collection"],
};

function listOf(filters: WorkoutFilters | undefined): FilterGroup[] {
  if (!filters) return [];
  if (Array.isArray(filters)) return filters;
  if (Array.isArray((filters as { groups?: unknown }).groups)) return (filters as { groups: FilterGroup[] }).groups;
  return [];
}

/**
 * Every group of the filter dialog with its options: the length buckets of spec §9, then the groups the filters
 * endpoint describes, completed from the search answer's facet counts when the endpoint omits a group.
 */
export function filterGroups(filters: WorkoutFilters | undefined, results: SearchResponse | undefined): Group[] {
  const described = listOf(filters);
  return ORDER.map((key) => {
    if (key === "length") return { key, label: say("filter.length"), options: LENGTH_BUCKETS.map((b) => ({ value: b.key, label: say(`filter.length.${b.key}`) })) };
    const group = described.find((g) => g.key === key || FACET[key].includes(g.key));
    const facet = FACET[key].map((name) => results?.facets?.[name]).find(Boolean) ?? {};
    const options: Option[] = group?.options?.length
      ? group.options.map((o) => ({ value: String(o.value), label: String(o.label ?? o.value), count: o.count ?? facet[String(o.value)] }))
      : Object.entries(facet)
          .sort(([a], [b]) => a.localeCompare(b))
          .map(([value, count]) => ({ value, label: value, count }));
    return { key, label: say(`filter.${key}`), options };
  }).filter((g) => g.options.length > 0);
}

/** The chip label of one active value. */
export const chipLabel = (groups: Group[], key: ListFilterKey, value: string) => groups.find((g) => g.key === key)?.options.find((o) => o.value === value)?.label ?? value;
