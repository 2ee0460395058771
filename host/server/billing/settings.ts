/** Which payment provider bills subscriptions, read from the environment once at start. */
export interface BillingSettings {
  provider: "sandbox" | "stripe";
  stripe?: {
    secretKey: string;
    /** Another API origin, e.g. stripe-mock (`http://localhost:12111`); Stripe's own by default. */
    apiBase?: string;
  };
}

export function loadBillingSettings(env: NodeJS.ProcessEnv): BillingSettings {
  const provider = env.FITKIT_BILLING_PROVIDER ?? (env.STRIPE_SECRET_KEY ? "stripe" : "sandbox");
  if (provider === "sandbox") return { provider };
  if (provider !== "stripe") throw new Error(`FITKIT_BILLING_PROVIDER must be sandbox or stripe, got ${provider}`);
  if (!env.STRIPE_SECRET_KEY) throw new Error("FITKIT_BILLING_PROVIDER=stripe needs STRIPE_SECRET_KEY");
  return { provider, stripe: { secretKey: env.STRIPE_SECRET_KEY, apiBase: env.STRIPE_API_BASE || undefined } };
}
