import { libraryEn } from "../../src/i18n/spec/library.js";
import { sayWith } from "../ui/copy.js";

/** This widget's chrome labels, then the shared ones and the spec's catalogue. */
export const say = sayWith(
  {
    "search.label": "Search workouts",
    "search.placeholder": "Search by name, trainer, focus…",
    "search.categories": "Categories",
    "search.all": "All Workouts",
    "search.filters": "Filters",
    "search.filtersCount": "Filters ({count})",
    "search.sort": "Sort",
    "search.noExact": "No exact matches",
    "search.noExactHint": "Try fewer filters or a different search.",
    "search.more": "Show more",
    "search.removeFilter": "Remove filter {label}",
  },
  libraryEn,
);
