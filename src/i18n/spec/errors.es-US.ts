import type { TranslationOf } from "../translate-core.js";
import type { errorsEn } from "./errors.js";

/** errors.ts in Latin American / US Spanish (es-US), loaded with the language that needs it. */
export const errorsEs = {
  "error.loading": "Parece que tenemos problemas para cargar esta página. Vuelve a intentarlo en unos minutos.",
  "error.loadingWithCode":
    "Parece que tenemos problemas para cargar esta página. Vuelve a intentarlo en unos minutos. ({code})",
  "error.unexpected": "Ocurrió un error inesperado",
  "action.goBack": "Volver",
  "workout.minutes": "{minutes} min",
} as const satisfies TranslationOf<typeof errorsEn>;
