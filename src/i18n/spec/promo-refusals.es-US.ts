import type { TranslationOf } from "../translate-core.js";
import type { promoRefusalsEn } from "./promo-refusals.js";

/** The promo codes' refusals in es-US (the membership panel carries these alone). */
export const promoRefusalsEs = {
  "refusal.promoNotFound": "Código promocional no válido",
  "refusal.promoInvalid": "Código promocional no válido: {promo_code}",
  "refusal.promoFullyRedeemed": "El código promocional {promo_code} ya se canjeó por completo",
  "refusal.promoNewMembersOnly": "El código promocional {promo_code} es solo para miembros nuevos",
  "refusal.promoOtherPlans": "El código promocional {promo_code} no aplica a este plan",
  "refusal.promoCodesRefused": "Códigos promocionales no válidos: {promo_codes}",
  "refusal.promoNeedsRenewing": "Los códigos promocionales solo aplican a una membresía que se renueva",
} as const satisfies TranslationOf<typeof promoRefusalsEn>;
