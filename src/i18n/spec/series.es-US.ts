import type { TranslationOf } from "../translate-core.js";
import type { seriesEn } from "./series.js";

/** series.ts in Latin American / US Spanish (es-US), loaded with the language that needs it. */
export const seriesEs = {
  "success.seriesCompleted": "¡LO LOGRASTE!",
  "confirm.leaveSeries": "¿Seguro que quieres salir de {series}? Tu progreso no se guardará.",
  "action.yesLeaveSeries": "Sí, salir de la serie",
  "action.lookForAnotherSeries": "Buscar otra serie",
  "series.beforeYouStart": "Antes de empezar",
  "series.additionalContent": "Contenido adicional",
  "series.readMore": "Leer más",
  "series.readLess": "Leer menos",
  "series.start": "Empezar la serie",
  "series.joinNow": "Únete ahora",
  "series.join": "Unirme a la serie",
  "series.leave": "Salir de la serie",
  "series.enrolled": "Inscripción activa",
  "series.continue": "Continuar",
  "series.moreInfo": "Más información",
  "series.progress": "{completed} de {total} completados",
  "action.backToHome": "Volver al inicio",
} as const satisfies TranslationOf<typeof seriesEn>;
