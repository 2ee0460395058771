import type { TranslationOf } from "../translate-core.js";
import type { refusalsEn } from "./refusals.js";

/** refusals.ts in Canadian French (fr-CA), loaded with the language that needs it. */
export const refusalsFr = {
  "refusal.membershipRequired":
    "La réservation des cours en direct fait partie de l’abonnement. Commencez ou renouvelez le vôtre pour réserver.",
  "refusal.classCancelled": "Ce cours a été annulé.",
  "refusal.classStarted": "Ce cours a déjà commencé.",
  "refusal.alreadyBooked": "Vous avez déjà une réservation pour ce cours.",
  "refusal.bookingOpens": "Les réservations pour ce cours ouvrent : {opens} ({count} jour(s) avant le début).",
  "refusal.openBookingsLimit":
    "Vous avez atteint le maximum de réservations ouvertes et de places en liste d’attente à {location} ({count}). Annulez-en une pour en réserver une autre.",
  "refusal.alreadyWaiting": "Vous êtes déjà sur la liste d’attente de ce cours.",
  "refusal.waitingAtSameTime":
    "Vous êtes déjà sur la liste d’attente de {classType} à la même heure; quittez d’abord cette liste.",
  "refusal.spotsLeft": "Il reste des places dans ce cours : réservez-le plutôt.",
  "refusal.waitlistFull": "La liste d’attente de ce cours est complète.",
  "refusal.bookedFromWaitlist": "La liste d’attente vous a déjà inscrit à ce cours : annulez plutôt la réservation.",
  "refusal.noLongerWaiting": "Vous n’êtes plus sur cette liste d’attente.",
  "refusal.entryNotFound": "Nous n’avons pas trouvé votre place sur la liste d’attente.",
} as const satisfies TranslationOf<typeof refusalsEn>;
