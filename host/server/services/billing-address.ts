import type { Db } from "../db/index.js";
import { badRequest } from "../errors.js";
import type { Clock } from "../clock.js";
import { isBilled, ownSubscription } from "./subscription-store.js";

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
const COUNTRIES: Record<string, "USA" | "Canada"> = { usa: "USA", us: "USA", "united states": "USA", canada: "Canada", ca: "Canada" };
const ZIP: Record<"USA" | "Canada", RegExp> = {
  USA: /^\d{5}(-\d{4})?$/,
  Canada: /^[ABCEGHJ-NPRSTVXY]\d[ABCEGHJ-NPR-TV-Z] ?\d[ABCEGHJ-NPR-TV-Z]\d$/i,
};

/** The spec's billing address messages (section 5). */
export const WRONG_ZIP = "Wrong Zip Code";
export const WRONG_CITY = "Wrong City";

/** Validates and saves the billing address of one of the member's subscriptions. */
export async function saveBillingAddress(db: Db, clock: Clock, userId: string, subscriptionId: string, input: BillingAddressInput) {
  if (input.subscriptionId && input.subscriptionId !== subscriptionId) throw badRequest("subscriptionId does not match the path");
  const sub = await ownSubscription(db, userId, subscriptionId);
  if (!isBilled(sub)) throw badRequest("This membership's billing address is managed where it was bought");
  const country = COUNTRIES[input.country.trim().toLowerCase()];
  const zip = (input.zip ?? "").trim();
  const city = (input.city ?? "").trim();
  const problems: string[] = [];
  if (!country) problems.push("country must be one of the following values: USA, Canada");
  else if (!ZIP[country].test(zip)) problems.push(WRONG_ZIP);
  if (!city) problems.push(WRONG_CITY);
  if (!input.address1.trim()) problems.push("address1 should not be empty");
  if (!input.state.trim()) problems.push("state should not be empty");
  if (problems.length) throw badRequest(problems.length === 1 ? problems[0] : problems);
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
