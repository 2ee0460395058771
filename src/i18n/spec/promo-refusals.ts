// Apart from the booking refusals (refusals.ts): the membership panel carries these alone, and nothing else shares
// them, so no widget's first script does.
/**
 * Why a promo code is refused: spec section 8's "Invalid Promo Code", followed by the code as typed, and the console's
 * rules of issue 30 saying which rule refused it. Several refused at once answer each sentence as the message, with
 * the one code `promo_codes_refused` naming them all. The membership panel carries these alone.
 */
export const promoRefusalsEn = {
  "refusal.promoNotFound": "Invalid Promo Code",
  "refusal.promoInvalid": "Invalid Promo Code {promo_code}",
  "refusal.promoFullyRedeemed": "Promo code {promo_code} has been fully redeemed",
  "refusal.promoNewMembersOnly": "Promo code {promo_code} is for new members only",
  "refusal.promoOtherPlans": "Promo code {promo_code} does not apply to this plan",
  "refusal.promoCodesRefused": "Invalid Promo Codes {promo_codes}",
  "refusal.promoNeedsRenewing": "Promo codes apply only to a renewing membership",
} as const;

export type PromoRefusalKey = keyof typeof promoRefusalsEn;
/** The promo codes' refusal codes (the panel translates by these alone). */
export const promoRefusalCodes = {
  "refusal.promoNotFound": "promo_not_found",
  "refusal.promoInvalid": "promo_invalid",
  "refusal.promoFullyRedeemed": "promo_fully_redeemed",
  "refusal.promoNewMembersOnly": "promo_new_members_only",
  "refusal.promoOtherPlans": "promo_other_plan",
  "refusal.promoCodesRefused": "promo_codes_refused",
  "refusal.promoNeedsRenewing": "promo_needs_renewing_membership",
} as const satisfies Record<PromoRefusalKey, string>;
