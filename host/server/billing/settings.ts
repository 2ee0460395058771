import { StartupError } from "../errors.js";

/** Which payment provider bills subscriptions, read from the environment once at start. */
export interface BillingSettings {
  /** `off`: nothing is sold; every card and purchase route answers 503 (see billing/disabled.ts). */
  provider: "sandbox" | "stripe" | "off";
  stripe?: {
    secretKey: string;
    /** Another API origin, e.g. stripe-mock (`http://localhost:12111`); Stripe's own by default. */
    apiBase?: string;
    /** STRIPE_WEBHOOK_SECRET (whsec_…): with it, POST /webhooks/stripe takes Stripe's signed events. */
    webhookSecret?: string;
  };
}

/**
 * Stripe with STRIPE_SECRET_KEY, else the local sandbox — outside production. In production the sandbox (where test
 * card 4242 buys a real membership) is never a fallback: it must be named in FITKIT_BILLING_PROVIDER.
 */
export function loadBillingSettings(env: NodeJS.ProcessEnv, production = false): BillingSettings {
  const named = env.FITKIT_BILLING_PROVIDER || undefined;
  if (production && !named && !env.STRIPE_SECRET_KEY) {
    throw new StartupError(
      "no payment provider in production: set STRIPE_SECRET_KEY, or FITKIT_BILLING_PROVIDER=off to run without billing",
    );
  }
  const provider = named ?? (env.STRIPE_SECRET_KEY ? "stripe" : "sandbox");
  if (provider === "sandbox" || provider === "off") return { provider };
  if (provider !== "stripe")
    throw new StartupError(`FITKIT_BILLING_PROVIDER must be stripe, off or sandbox, got ${provider}`);
  if (!env.STRIPE_SECRET_KEY) throw new StartupError("FITKIT_BILLING_PROVIDER=stripe needs STRIPE_SECRET_KEY");
  return {
    provider,
    stripe: {
      secretKey: env.STRIPE_SECRET_KEY,
      apiBase: env.STRIPE_API_BASE || undefined,
      webhookSecret: env.STRIPE_WEBHOOK_SECRET || undefined,
    },
  };
}
