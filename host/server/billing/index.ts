import type { Clock } from "../clock.js";
import { SandboxBilling } from "./sandbox.js";

export type { BillingProvider, Card, ChargeRequest, ChargeResult } from "./provider.js";
export { PAYMENT_ERROR, paymentDeclined } from "./provider.js";
export { SandboxBilling } from "./sandbox.js";

/** The configured payment provider: the local sandbox (the only one shipped). */
export function createBillingProvider(options: { clock: Clock; publicUrl: string }): SandboxBilling {
  return new SandboxBilling(options.clock, options.publicUrl);
}
