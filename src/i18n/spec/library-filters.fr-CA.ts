import type { TranslationOf } from "../translate-core.js";
import type { libraryFiltersEn } from "./library-filters.js";

/** library-filters.ts in Canadian French (fr-CA), loaded with the language that needs it. */
export const libraryFiltersFr = {
  "filter.length": "Durée du cours",
  "filter.level": "Niveau",
  "filter.pacing": "Rythme",
  "filter.trainer": "Entraîneurs",
  "filter.equipment": "Équipement",
  "filter.focus": "Zone ciblée",
  "filter.benefits": "Bienfaits",
  "filter.collections": "Collections",
  "filter.live.all": "Tout afficher",
  "filter.equipment.selected": "Équipement sélectionné seulement",
  "filter.equipment.additional": "Équipement sélectionné et supplémentaire",
} as const satisfies TranslationOf<typeof libraryFiltersEn>;
