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
    // Avoid filters: the chips' own words, in the dialog and in the active-filter summary.
    "avoid.jumping": "No jumping",
    "avoid.wrists": "No wrist load",
    "avoid.shoulders": "No shoulder load",
    "avoid.knees": "No deep knee bends",
    "avoid.lower-back": "No lower-back strain",
    "avoid.floor": "No floor work",
    "avoid.weights": "No weights",
    "avoid.ball": "No P.ball",
    "avoid.band": "No P.band",
    "avoid.gliders": "No gliders",
  },
  libraryEn,
);
