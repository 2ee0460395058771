import { HttpError } from "../errors.js";
import type { BillingProvider, ChargeRequest, ChargeResult } from "./provider.js";

const BILLING_UNAVAILABLE = "Billing is not available";

/** 503: this server sells nothing (FITKIT_BILLING_PROVIDER=off). */
const billingUnavailable = () => new HttpError(503, BILLING_UNAVAILABLE);

/**
 * FITKIT_BILLING_PROVIDER=off: no card is saved and no money moves. Card and purchase routes answer 503 before
 * reaching it (billingGuard); what remains is for the renewal job, where a charge fails like an unpayable card.
 */
export class DisabledBilling implements BillingProvider {
  readonly name = "off";
  constructor(private readonly publicUrl: string) {}

  async createSetup(): Promise<never> {
    throw billingUnavailable();
  }

  async setDefault(): Promise<never> {
    throw billingUnavailable();
  }

  async defaultCard() {
    return undefined;
  }

  async charge(_db: unknown, request: ChargeRequest): Promise<ChargeResult> {
    return request.amount === 0
      ? { ok: true, paymentId: null }
      : { ok: false, paymentId: null, message: BILLING_UNAVAILABLE };
  }

  async confirmPayment(): Promise<never> {
    throw billingUnavailable();
  }

  async refund(): Promise<never> {
    throw billingUnavailable();
  }

  /** Nothing is collected with billing off, so there is nothing to pause or resume at a provider. */
  async pauseCollection() {}

  async resumeCollection() {}

  customerPortalUrl(): string {
    return `${this.publicUrl}/account/subscriptions`;
  }
}

/** onRequest hooks for card and purchase routes: with billing off they answer 503 before anything else runs. */
export function billingGuard(billing: BillingProvider) {
  return billing instanceof DisabledBilling
    ? [
        async () => {
          throw billingUnavailable();
        },
      ]
    : [];
}
