import type { TranslationOf } from "../translate-core.js";
import type { referralEn } from "./referral.js";

/** referral.ts in Canadian French (fr-CA), loaded with the language that needs it. */
export const referralFr = {
  "referral.member": "DONNEZ {amount} $, RECEVEZ {amount} $",
  "referral.visitor": "COMMENCEZ GRATUITEMENT",
} as const satisfies TranslationOf<typeof referralEn>;
