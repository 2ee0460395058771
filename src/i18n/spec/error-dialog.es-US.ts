import type { TranslationOf } from "../translate-core.js";
import type { errorDialogEn } from "./error-dialog.js";

/** error-dialog.ts in Latin American / US Spanish (es-US), loaded with the language that needs it. */
export const errorDialogEs = {
  "error.page": "¡Ay, no! Algo salió mal de nuestro lado.",
  "error.modalTitle": "¡UPS!",
  "error.support": "Si el problema continúa, escríbenos a {email}.",
  "action.continue": "Continuar",
} as const satisfies TranslationOf<typeof errorDialogEn>;
