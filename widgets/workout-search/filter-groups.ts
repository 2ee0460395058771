import type { SearchResponse, WorkoutFilters } from "../../src/api/index.js";
import { LENGTH_BUCKETS, type ListFilterKey } from "../../src/domain/filters.js";
import { say } from "./dialog-copy.js";
import { describedGroup, facetNames, optionLabel } from "./groups.js";

interface Option {
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
const ORDER: ListFilterKey[] = [
  "length",
  "level",
  "pacing",
  "trainer",
  "equipment",
  "focus",
  "benefits",
  "collections",
];

/**
 * Every group of the filter dialog with its options: the length buckets of spec §9, then the groups the filters
 * endpoint describes, completed from the search answer's facet counts when the endpoint omits a group.
 */
export function filterGroups(filters: WorkoutFilters | undefined, results: SearchResponse | undefined): Group[] {
  return ORDER.map((key) => {
    const label = say(`filter.${key}`);
    const group = describedGroup(filters, key);
    // The length buckets are the spec's; their counts come from the endpoint (within the category tab).
    if (key === "length") {
      const countOf = (value: string) => group?.options.find((o) => String(o.value) === value)?.count;
      return {
        key,
        label,
        options: LENGTH_BUCKETS.map((b) => ({
          value: b.key,
          label: optionLabel(filters, key, b.key),
          count: countOf(b.key),
        })),
      };
    }
    const facet =
      facetNames(key)
        .map((name) => results?.facets[name])
        .find(Boolean) ?? {};
    const options: Option[] = group?.options.length
      ? group.options.map((o) => ({
          value: String(o.value),
          label: String(o.label),
          count: o.count,
        }))
      : Object.entries(facet)
          .sort(([a], [b]) => a.localeCompare(b))
          .map(([value, count]) => ({ value, label: value, count }));
    return { key, label, options };
  }).filter((g) => g.options.length > 0);
}
