import type { Db } from "../db/index.js";
import { zipMatchesState } from "../../../src/domain/us-zip.js";
import { badRequest, oneOrList } from "../errors.js";
import type { Clock } from "../clock.js";
import { isBilled, ownSubscription } from "./subscription-store.js";
import {
  addressProblemMessage,
  addressProblems,
  type AddressCountry,
  type AddressField,
} from "../../../src/domain/billing-address.js";

export interface BillingAddressInput {
  address1: string;
  address2?: string;
  city?: string;
  country: string;
  phone?: string;
  state: string;
  zip?: string;
  subscriptionId?: string;
}

/** The supported countries (spec section 9) and the spellings clients send for them. */
const COUNTRIES: Partial<Record<string, AddressCountry>> = {
  usa: "USA",
  us: "USA",
  "united states": "USA",
  canada: "Canada",
  ca: "Canada",
};

/** Validates and saves the billing address of one of the member's subscriptions. */
export async function saveBillingAddress(
  db: Db,
  clock: Clock,
  userId: string,
  subscriptionId: string,
  input: BillingAddressInput,
) {
  if (input.subscriptionId && input.subscriptionId !== subscriptionId)
    throw badRequest("subscriptionId does not match the path");
  const sub = await ownSubscription(db, userId, subscriptionId);
  if (!isBilled(sub)) throw badRequest("This membership's billing address is managed where it was bought");
  const country = COUNTRIES[input.country.trim().toLowerCase()];
  const zip = (input.zip ?? "").trim();
  const city = (input.city ?? "").trim();
  // The one rule the form checks too (src/domain/billing-address.ts); messages in the spec's order: zip, then city.
  const problems: string[] = country ? [] : ["country must be one of the following values: USA, Canada"];
  const found = addressProblems(input, country, zipMatchesState);
  for (const field of ["zip", "city", "address1", "address2", "state", "phone"] as AddressField[]) {
    const problem = found[field];
    if (problem) problems.push(addressProblemMessage(field, problem));
  }
  // The code and each field's problem let the form show them on their fields, in the member's language.
  if (problems.length) throw badRequest({ message: oneOrList(problems), code: "address_invalid", values: found });
  const address = {
    address1: input.address1.trim(),
    address2: (input.address2 ?? "").trim(),
    city,
    country: country!,
    phone: (input.phone ?? "").trim(),
    state: input.state.trim(),
    zip: country === "Canada" ? zip.toUpperCase().replace(/^(...)\s?(...)$/, "$1 $2") : zip,
  };
  const now = clock.now();
  await db
    .insertInto("billing_addresses")
    .values({ subscription_id: sub.id, user_id: userId, ...address, updated_at: now })
    .onConflict((oc) => oc.column("subscription_id").doUpdateSet({ ...address, updated_at: now }))
    .execute();
  return address;
}
