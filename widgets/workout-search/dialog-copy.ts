import { libraryEn } from "../../src/i18n/spec/library.js";
import { libraryFiltersEn } from "../../src/i18n/spec/library-filters.js";
import { sayWith } from "../ui/copy.js";

/** The filters dialog's own labels and the spec's filter copy: they load with the dialog, not with the library. */
export const say = sayWith(
  {
    "search.apply": "Show {count} results",
    "search.apply#one": "Show {count} result",
    "search.applyPlain": "Apply",
    // The suggestions under an empty search load with the dialog's code (filters-dialog.tsx exports them).
    "search.suggested": "Other workouts you might like",
    "search.equipmentMode": "Equipment match",
    "search.membersOnly": "Sign in to filter by favorites and watched workouts.",
    "filter.avoid": "Avoid",
    "search.avoidNotSaved": "Applied, but not saved for your next visit.",
  },
  { ...libraryEn, ...libraryFiltersEn },
);
