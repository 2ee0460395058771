import type { TranslationOf } from "../translate-core.js";
import type { seriesEn } from "./series.js";

/** series.ts in Canadian French (fr-CA), loaded with the language that needs it. */
export const seriesFr = {
  "success.seriesCompleted": "BRAVO, C’EST RÉUSSI!",
  "confirm.leaveSeries": "Voulez-vous vraiment quitter {series}? Votre progression ne sera pas sauvegardée.",
  "action.yesLeaveSeries": "Oui, quitter la série",
  "action.lookForAnotherSeries": "Chercher une autre série",
  "series.beforeYouStart": "Avant de commencer",
  "series.additionalContent": "Contenu supplémentaire",
  "series.readMore": "Lire la suite",
  "series.readLess": "Réduire",
  "series.start": "Commencer la série",
  "series.joinNow": "Inscrivez-vous",
  "series.join": "Rejoindre la série",
  "series.leave": "Quitter la série",
  "series.enrolled": "Inscription active",
  "series.continue": "Continuer",
  "series.moreInfo": "Plus d’info",
  "series.progress": "{completed} sur {total} terminés",
  "action.backToHome": "Retour à l’accueil",
} as const satisfies TranslationOf<typeof seriesEn>;
