import type { TranslationOf } from "../translate-core.js";
import type { errorDialogEn } from "./error-dialog.js";

/** error-dialog.ts in Canadian French (fr-CA), loaded with the language that needs it. */
export const errorDialogFr = {
  "error.page": "Oh non… Un problème est survenu de notre côté.",
  "error.modalTitle": "OUPS!",
  "error.support": "Si le problème persiste, écrivez-nous à {email}.",
  "action.continue": "Continuer",
} as const satisfies TranslationOf<typeof errorDialogEn>;
