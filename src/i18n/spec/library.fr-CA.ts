import type { TranslationOf } from "../translate-core.js";
import type { libraryEn } from "./library.js";

/** library.ts in Canadian French (fr-CA), loaded with the language that needs it. */
export const libraryFr = {
  "action.clearAll": "Tout effacer",
  "action.backToTop": "Retour en haut",
  "action.addFavourite": "Ajouter aux favoris",
  "action.removeFavourite": "Retirer des favoris",
  "sortMenu.newest": "Plus récents d’abord",
  "sortMenu.popular": "Les plus populaires",
  "sortMenu.oldest": "Plus anciens d’abord",
  "sortMenu.shortest": "Plus courts d’abord",
  "sortMenu.longest": "Plus longs d’abord",
  "filter.live": "Enregistrements du studio virtuel en direct",
  "filter.favorites": "Favoris",
  "filter.watched": "Visionnés",
  "filter.length.5-15": "5-15 min",
  "filter.length.16-25": "16-25 min",
  "filter.length.26-35": "26-35 min",
  "filter.length.36-45": "36-45 min",
  "filter.length.46-60": "46-60 min",
  "filter.length.60+": "60 min et plus",
  "filter.live.only": "Seulement",
  "filter.live.hide": "Masquer",
  "search.results": "{count} résultats",
  "search.results#one": "{count} résultat",
  "search.resultsFor": "{count} résultats pour « {keywords} »",
  "search.resultsFor#one": "{count} résultat pour « {keywords} »",
} as const satisfies TranslationOf<typeof libraryEn>;
