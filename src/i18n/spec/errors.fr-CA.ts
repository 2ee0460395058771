import type { TranslationOf } from "../translate-core.js";
import type { errorsEn } from "./errors.js";

/** errors.ts in Canadian French (fr-CA), loaded with the language that needs it. */
export const errorsFr = {
  "error.loading": "Nous avons du mal à charger cette page. Veuillez réessayer dans quelques minutes.",
  "error.loadingWithCode": "Nous avons du mal à charger cette page. Veuillez réessayer dans quelques minutes. ({code})",
  "error.unexpected": "Une erreur inattendue s’est produite",
  "action.goBack": "Retour",
  "workout.minutes": "{minutes} min",
} as const satisfies TranslationOf<typeof errorsEn>;
