import type { TranslationOf } from "../translate-core.js";
import type { libraryEn } from "./library.js";

/** library.ts in Latin American / US Spanish (es-US), loaded with the language that needs it. */
export const libraryEs = {
  "action.clearAll": "Borrar todo",
  "action.backToTop": "Volver arriba",
  "action.addFavourite": "Agregar a favoritos",
  "action.removeFavourite": "Quitar de favoritos",
  "sortMenu.newest": "Más recientes primero",
  "sortMenu.popular": "Más populares",
  "sortMenu.oldest": "Más antiguos primero",
  "sortMenu.shortest": "Más cortos primero",
  "sortMenu.longest": "Más largos primero",
  "filter.live": "Grabaciones del estudio virtual en vivo",
  "filter.favorites": "Favoritos",
  "filter.watched": "Vistos",
  "filter.length.5-15": "5-15 min",
  "filter.length.16-25": "16-25 min",
  "filter.length.26-35": "26-35 min",
  "filter.length.36-45": "36-45 min",
  "filter.length.46-60": "46-60 min",
  "filter.length.60+": "60+ min",
  "filter.live.only": "Solo",
  "filter.live.hide": "Ocultar",
  "search.results": "{count} resultados",
  "search.results#one": "{count} resultado",
  "search.resultsFor": "{count} resultados para “{keywords}”",
  "search.resultsFor#one": "{count} resultado para “{keywords}”",
} as const satisfies TranslationOf<typeof libraryEn>;
