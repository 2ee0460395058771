import type { TranslationOf } from "../translate-core.js";
import type { promoRefusalsEn } from "./promo-refusals.js";

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
