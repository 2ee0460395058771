import type { FilterGroup, WorkoutFilters } from "../../src/api/index.js";
import type { LengthKey, ListFilterKey } from "../../src/domain/filters.js";
import { say } from "./copy.js";

/** Other names the filters endpoint and the search answer's facets use for some groups. */
const ALIASES: Partial<Record<ListFilterKey, string>> = {
  trainer: "trainers",
  focus: "focusMember",
  collections: "collection",
};
/** The names a group may go by: its key, and its alias if it has one. */
export const facetNames = (key: ListFilterKey): string[] => [key, ALIASES[key] ?? key];

/** The group the filters endpoint describes for a key (it answers a list of groups or `{ groups }`). */
export function describedGroup(filters: WorkoutFilters | undefined, key: ListFilterKey): FilterGroup | undefined {
  const list = Array.isArray(filters) ? filters : (filters as { groups?: unknown } | undefined)?.groups;
  return Array.isArray(list)
    ? (list as FilterGroup[]).find((g) => g.key === key || facetNames(key).includes(g.key))
    : undefined;
}

/**
 * The label of one option, for the dialog and for the chip of an active value: the length bucket's (spec §9), else
 * the filters endpoint's, else the value itself (values known only from the search answer's facets).
 */
export const optionLabel = (filters: WorkoutFilters | undefined, key: ListFilterKey, value: string): string =>
  key === "length"
    ? say(`filter.length.${value as LengthKey}`)
    : String(describedGroup(filters, key)?.options.find((o) => String(o.value) === value)?.label ?? value);
