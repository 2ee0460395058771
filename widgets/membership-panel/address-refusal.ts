import {
  ADDRESS_LIMITS,
  WRONG_CITY,
  WRONG_ZIP,
  type AddressField,
  type AddressProblem,
} from "../../src/domain/billing-address.js";

// Reading the server's refusal back onto the form's field is the form's concern (the rule itself lives in
// src/domain/billing-address.ts): the panel's address flow and the hosted app's address page share this.
/** The field and problem a server message names (the inverse of `addressProblemMessage`), for the form. */
export function problemOfMessage(message: string): [AddressField, AddressProblem] | undefined {
  if (message === WRONG_ZIP) return ["zip", "zip"];
  if (message === WRONG_CITY) return ["city", "city"];
  const field = (Object.keys(ADDRESS_LIMITS) as AddressField[]).find((k) => message.startsWith(`${k} `));
  if (!field) return undefined;
  if (/shorter than/.test(message)) return [field, "tooLong"];
  if (/should not be empty/.test(message)) return [field, "required"];
  if (field === "phone") return [field, "phone"];
  return undefined;
}
