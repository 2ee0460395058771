/**
 * The billing address rule (spec §3 fields, §5 messages, §9 countries), shared by the server that enforces it and the
 * form that checks it first, so the two cannot disagree. The spec's "Wrong Zip Code" and "Wrong City" stay the
 * server's words for those two fields; the other problems name their field the way every validation answer does.
 */

/**
 * Whether a US ZIP lies in its state's ranges (`zipMatchesState` of ./us-zip.ts): false for another state's ZIP,
 * undefined for a state it does not know. Passed in rather than imported: the server checks with it, while the
 * membership widget leaves that one check to the server (its answer shows on the form as "Wrong Zip Code"), which
 * keeps the table's 1.2 KB out of every page that embeds the widget (the IIFE's budget).
 */
export type ZipStateCheck = (zip: string, state: string) => boolean | undefined;

export type AddressField = "address1" | "address2" | "city" | "state" | "zip" | "phone";
export type AddressProblem = "required" | "zip" | "city" | "phone" | "tooLong";

/** Longest value each field takes (the form's maxlength and the server's schema). */
export const ADDRESS_LIMITS: Record<AddressField, number> = {
  address1: 100,
  address2: 100,
  city: 60,
  state: 60,
  zip: 10,
  phone: 20,
};

/** Spec §9 countries and their postal formats. */
const ADDRESS_ZIP = {
  USA: /^\d{5}(-\d{4})?$/,
  Canada: /^[ABCEGHJ-NPRSTVXY]\d[ABCEGHJ-NPR-TV-Z] ?\d[ABCEGHJ-NPR-TV-Z]\d$/i,
} as const;
export type AddressCountry = keyof typeof ADDRESS_ZIP;

/** A city name: letters (any script) with spaces, dots, hyphens and apostrophes between them ("St. John's"). */
const CITY = /^\p{L}[\p{L}\p{M} .'’-]*$/u;
/** A phone number as people type one: digits with spaces, dashes, dots, brackets and a leading +; 10 to 15 digits. */
const PHONE = /^\+?[\d\s().-]+$/;
export const PHONE_DIGITS = { min: 10, max: 15 } as const;

export interface AddressInput {
  country?: string;
  address1?: string;
  address2?: string;
  city?: string;
  state?: string;
  zip?: string;
  phone?: string;
}

/** What is wrong with each field (trimmed values), or an empty object when the address can be saved. */
export function addressProblems(
  a: AddressInput,
  country: AddressCountry | undefined,
  zipInState?: ZipStateCheck,
): Partial<Record<AddressField, AddressProblem>> {
  const v = (k: AddressField) => (a[k] ?? "").trim();
  const problems: Partial<Record<AddressField, AddressProblem>> = {};
  for (const k of Object.keys(ADDRESS_LIMITS) as AddressField[])
    if (v(k).length > ADDRESS_LIMITS[k]) problems[k] = "tooLong";
  if (!problems.zip && country && !ADDRESS_ZIP[country].test(v("zip"))) problems.zip = "zip";
  // A US ZIP must also be one of its state's (USPS prefix ranges): 99999 is no Illinois ZIP.
  if (!problems.zip && country === "USA" && zipInState?.(v("zip"), v("state")) === false) problems.zip = "zip";
  if (!problems.city && !CITY.test(v("city"))) problems.city = "city";
  if (!problems.address1 && !v("address1")) problems.address1 = "required";
  if (!problems.state && !v("state")) problems.state = "required";
  const phone = v("phone");
  if (!problems.phone && phone) {
    const digits = phone.replace(/\D/g, "").length;
    if (!PHONE.test(phone) || digits < PHONE_DIGITS.min || digits > PHONE_DIGITS.max) problems.phone = "phone";
  }
  return problems;
}

/** The spec's billing address messages (section 5). */
const WRONG_ZIP = "Wrong Zip Code";
const WRONG_CITY = "Wrong City";

/** The server's message for one problem (the contract's style: the field's name, then what is wrong). */
export function addressProblemMessage(field: AddressField, problem: AddressProblem): string {
  switch (problem) {
    case "zip":
      return WRONG_ZIP;
    case "city":
      return WRONG_CITY;
    case "phone":
      return `phone must be a phone number of ${PHONE_DIGITS.min} to ${PHONE_DIGITS.max} digits`;
    case "tooLong":
      return `${field} must be shorter than or equal to ${ADDRESS_LIMITS[field]} characters`;
    case "required":
      return `${field} should not be empty`;
  }
}
