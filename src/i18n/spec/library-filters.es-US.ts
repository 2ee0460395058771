import type { TranslationOf } from "../translate-core.js";
import type { libraryFiltersEn } from "./library-filters.js";

/** library-filters.ts in Latin American / US Spanish (es-US), loaded with the language that needs it. */
export const libraryFiltersEs = {
  "filter.length": "Duración de la clase",
  "filter.level": "Nivel",
  "filter.pacing": "Ritmo",
  "filter.trainer": "Entrenadores",
  "filter.equipment": "Equipo",
  "filter.focus": "Zona del cuerpo",
  "filter.benefits": "Beneficios",
  "filter.collections": "Colecciones",
  "filter.live.all": "Mostrar todo",
  "filter.equipment.selected": "Solo el equipo seleccionado",
  "filter.equipment.additional": "Equipo seleccionado y adicional",
} as const satisfies TranslationOf<typeof libraryFiltersEn>;
