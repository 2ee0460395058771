import type { Clock } from "../clock.js";
import type { BillingProvider } from "./provider.js";
import { SandboxBilling } from "./sandbox.js";
import type { BillingSettings } from "./settings.js";
import { StripeBilling } from "./stripe.js";

export type { BillingProvider, Card, ChargeRequest, ChargeResult } from "./provider.js";
export { PAYMENT_ERROR, paymentDeclined } from "./provider.js";
export { SandboxBilling } from "./sandbox.js";
export { StripeBilling } from "./stripe.js";
export { loadBillingSettings, type BillingSettings } from "./settings.js";

/** The configured payment provider: the local sandbox by default, Stripe with STRIPE_SECRET_KEY. */
export function createBillingProvider(options: { settings: BillingSettings; clock: Clock; publicUrl: string }): BillingProvider {
  const { settings } = options;
  if (settings.provider === "stripe" && settings.stripe) return new StripeBilling(settings.stripe.secretKey, options.publicUrl, settings.stripe.apiBase);
  return new SandboxBilling(options.clock, options.publicUrl);
}
