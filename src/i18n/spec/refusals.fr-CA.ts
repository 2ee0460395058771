import type { TranslationOf } from "../translate-core.js";
import type { promoRefusalsEn, refusalsEn } from "./refusals.js";

/** The promo codes' refusals in fr-CA (the membership panel carries these alone). */
export const promoRefusalsFr = {
  "refusal.promoNotFound": "Code promo invalide",
  "refusal.promoInvalid": "Code promo invalide : {promo_code}",
  "refusal.promoFullyRedeemed": "Le code promo {promo_code} a été entièrement utilisé",
  "refusal.promoNewMembersOnly": "Le code promo {promo_code} est réservé aux nouveaux membres",
  "refusal.promoOtherPlans": "Le code promo {promo_code} ne s’applique pas à ce forfait",
  "refusal.promoCodesRefused": "Codes promo invalides : {promo_codes}",
  "refusal.promoNeedsRenewing": "Les codes promo ne s’appliquent qu’à un abonnement qui se renouvelle",
} as const satisfies TranslationOf<typeof promoRefusalsEn>;

/** refusals.ts in Canadian French (fr-CA), loaded with the language that needs it. */
export const refusalsFr = {
  ...promoRefusalsFr,
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
