import { createSandboxPaymentMethod } from "../../src/api/calls/membership.js";
import type { BillingAddressChange, PaymentCard } from "../../src/api/index.js";
import { membershipWrites } from "../../src/store/slices/membership-writes.js";
import type { useMembership } from "./data.js";

type Data = ReturnType<typeof useMembership>;

/**
 * The membership slice with the flows' writes (plan, coupons, cancel, card, address, studio link), which the first
 * flow to open adds to the panel's store: the panel itself, before any flow, does not download them.
 */
export const withWrites = ({ store }: Data) => store.use(membershipWrites).membership;

export interface TestCard {
  number: string;
  exp_month: number;
  exp_year: number;
  cvc: string;
}

/**
 * Saves a card the way a payment provider's browser SDK does: a setup secret, the sandbox tokenizes the test card
 * (the number never reaches our database), then the token becomes the default card (declined cards fail here).
 */
export async function updateCard(data: Data, card: TestCard): Promise<PaymentCard> {
  const m = withWrites(data);
  const setup = await m.setupPayment.run();
  if (!setup) throw m.setupPayment.error.peek();
  const token = await createSandboxPaymentMethod(data.store.api, { client_secret: setup.client_secret, ...card });
  const saved = await m.setDefaultPayment.run(token.payment_method_id);
  if (!saved) throw m.setDefaultPayment.error.peek();
  return saved;
}

/** Saves the billing address (the subscription that shows it reloads). */
export async function updateAddress(data: Data, address: BillingAddressChange) {
  const m = withWrites(data);
  const saved = await m.updateBillingAddress.run(address);
  if (!saved) throw m.updateBillingAddress.error.peek();
  return saved;
}
