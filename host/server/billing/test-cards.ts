import type { CardBehavior } from "../db/tables/membership.js";

/**
 * The sandbox's test cards, as the common payment providers document them: 4242 4242 4242 4242 succeeds,
 * 4000 0000 0000 0002 is declined, 4000 0000 0000 9995 is declined (insufficient funds), and
 * 4000 0000 0000 0341 can be saved but every charge on it fails (a soft decline, retried), 4000 0000 0000 9979 can be
 * saved but every charge is refused as a stolen card (a hard decline, never retried), and 4000 0027 6000 3184 can be
 * saved but every charge waits for the member's authentication (3-D Secure: requires_action), which the member gives
 * on the confirm page. Any other valid number succeeds.
 */
const BEHAVIOR: Record<string, CardBehavior> = {
  "4000000000000002": "decline",
  "4000000000009995": "decline",
  "4000000000000341": "decline_on_charge",
  "4000000000009979": "stolen_on_charge",
  "4000002760003184": "authenticate_on_charge",
};

/** The issuer's decline code for a charge on a test card that is refused when charged. */
export const CHARGE_DECLINE_CODE: Partial<Record<CardBehavior, string>> = {
  decline_on_charge: "generic_decline",
  stolen_on_charge: "stolen_card",
  authenticate_on_charge: "authentication_required",
};

export function cardBehavior(number: string): CardBehavior {
  return BEHAVIOR[number] ?? "succeed";
}

/** Digits only, or undefined when the number is not a plausible card number (length and Luhn checksum). */
export function normalizeCardNumber(input: string): string | undefined {
  const digits = input.replace(/[\s-]/g, "");
  if (!/^\d{12,19}$/.test(digits)) return undefined;
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0 ? digits : undefined;
}

export function cardBrand(number: string): string {
  if (/^4/.test(number)) return "visa";
  if (/^(5[1-5]|2(2[2-9]|[3-6]\d|7[01]|720))/.test(number)) return "mastercard";
  if (/^3[47]/.test(number)) return "amex";
  if (/^(6011|65|64[4-9])/.test(number)) return "discover";
  return "unknown";
}
