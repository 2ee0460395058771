import { ApiError } from "../../src/api/error.js";
import { ADDRESS_LIMITS, type AddressField, type AddressProblem } from "../../src/domain/billing-address.js";

// Reading the server's refusal back onto the form's fields is the form's concern (the rule itself lives in
// src/domain/billing-address.ts).
/**
 * The fields and problems a refused address names: the server answers `address_invalid` with each field's problem
 * among its values (the same rule the form checks, src/domain/billing-address.ts).
 */
export function problemsOf(error: unknown): [AddressField, AddressProblem][] {
  if (!(error instanceof ApiError) || error.code !== "address_invalid") return [];
  return Object.entries(error.values ?? {}).filter(
    (entry): entry is [AddressField, AddressProblem] => entry[0] in ADDRESS_LIMITS,
  );
}
