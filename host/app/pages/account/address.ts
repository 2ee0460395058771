import type { BillingAddress } from "../../../../src/api/types.js";
import { problemOfMessage } from "../../../../widgets/membership-panel/address-refusal.js";
import {
  addressProblems,
  type AddressCountry,
  type AddressField,
  type AddressProblem,
} from "../../../../src/domain/billing-address.js";

export type AddressErrors = Partial<Record<AddressField, AddressProblem>>;

/** The address rule (src/domain/billing-address.ts, the one the server applies) before sending. */
export function validateAddress(a: BillingAddress): AddressErrors {
  return addressProblems(a, a.country === "Canada" ? "Canada" : ("USA" satisfies AddressCountry));
}

/** The fields a 400 from the server named (its body's message is one string or a list). */
export function serverAddressErrors(message: unknown): AddressErrors {
  const list = Array.isArray(message) ? message.map(String) : typeof message === "string" ? [message] : [];
  const errors: AddressErrors = {};
  for (const m of list) {
    const named = problemOfMessage(m);
    if (named) errors[named[0]] = named[1];
  }
  return errors;
}
