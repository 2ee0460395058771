import type { TranslationOf } from "../translate-core.js";
import type { referralEn } from "./referral.js";

/** referral.ts in Latin American / US Spanish (es-US), loaded with the language that needs it. */
export const referralEs = {
  "referral.member": "REGALA ${amount}, RECIBE ${amount}",
  "referral.visitor": "EMPIEZA GRATIS",
} as const satisfies TranslationOf<typeof referralEn>;
