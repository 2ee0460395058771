import type { TranslationOf } from "../translate-core.js";
import type { membershipStepsEn } from "./membership-steps.js";

/** membership-steps.ts in Latin American / US Spanish (es-US), loaded with the language that needs it. */
export const membershipStepsEs = {
  "action.agree": "SÍ, ACEPTO",
  "action.takeMeBack": "No, quiero regresar",
  "action.cancelAnyway": "CANCELAR DE TODOS MODOS",
  "action.keepWorkingOut": "¡Olvídalo! Quiero seguir entrenando.",
  "action.noThanksCancel": "No, gracias. Cancela mi membresía.",
} as const satisfies TranslationOf<typeof membershipStepsEn>;
