import type { Clock } from "../clock.js";
import { DisabledBilling } from "./disabled.js";
import type { BillingProvider } from "./provider.js";
import { SandboxBilling } from "./sandbox.js";
import type { BillingSettings } from "./settings.js";
import { StripeBilling } from "./stripe.js";

export type { BillingProvider } from "./provider.js";
export type { BillingSettings } from "./settings.js";

/** The configured payment provider (billing/settings.ts decides which; production never falls back to the sandbox). */
export function createBillingProvider(options: {
  settings: BillingSettings;
  clock: Clock;
  publicUrl: string;
}): BillingProvider {
  const { settings } = options;
  if (settings.provider === "stripe" && settings.stripe)
    return new StripeBilling(settings.stripe.secretKey, options.publicUrl, settings.stripe.apiBase);
  if (settings.provider === "off") return new DisabledBilling(options.publicUrl);
  return new SandboxBilling(options.clock, options.publicUrl);
}
