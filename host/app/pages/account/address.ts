import type { BillingAddress } from "../../../../src/api/types.js";

export type AddressErrors = Partial<Record<keyof BillingAddress, "zip" | "city" | "required">>;

/** Spec §9 countries and the postal formats the server accepts for them. */
const ZIP = {
  USA: /^\d{5}(-\d{4})?$/,
  Canada: /^[ABCEGHJ-NPRSTVXY]\d[ABCEGHJ-NPR-TV-Z] ?\d[ABCEGHJ-NPR-TV-Z]\d$/i,
} as const;

/** Spec §5 billing address checks before sending ("Wrong Zip Code", "Wrong City"); the server checks again. */
export function validateAddress(a: BillingAddress): AddressErrors {
  const errors: AddressErrors = {};
  const pattern = ZIP[a.country as keyof typeof ZIP] ?? ZIP.USA;
  if (!pattern.test(a.zip.trim())) errors.zip = "zip";
  if (!a.city.trim()) errors.city = "city";
  if (!a.address1.trim()) errors.address1 = "required";
  if (!a.state.trim()) errors.state = "required";
  return errors;
}

/** Which spec messages a 400 from the server named (its body's message is one string or a list). */
export function serverAddressErrors(message: unknown, wrongZip: string, wrongCity: string): AddressErrors {
  const list = Array.isArray(message) ? message.map(String) : typeof message === "string" ? [message] : [];
  return { ...(list.includes(wrongZip) ? { zip: "zip" } : {}), ...(list.includes(wrongCity) ? { city: "city" } : {}) };
}
