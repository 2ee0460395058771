import type { TranslationOf } from "../translate-core.js";
import type { membershipStepsEn } from "./membership-steps.js";

/** membership-steps.ts in Canadian French (fr-CA), loaded with the language that needs it. */
export const membershipStepsFr = {
  "action.agree": "OUI, J’ACCEPTE",
  "action.takeMeBack": "Non, revenir en arrière",
  "action.cancelAnyway": "ANNULER QUAND MÊME",
  "action.keepWorkingOut": "Finalement, non! Je veux continuer à m’entraîner.",
  "action.noThanksCancel": "Non merci, annulez mon abonnement.",
} as const satisfies TranslationOf<typeof membershipStepsEn>;
