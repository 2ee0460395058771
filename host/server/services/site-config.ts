/**
 * `/config.json`: what a client needs to know about this deployment. Only the environment label follows the request's
 * host (spec §9); the API base is a link clients call with members' tokens, so it comes from configuration.
 */
import type { ServerConfig } from "../config.js";
import { environmentFromHost } from "../../../src/domain/environment.js";

/** Feature flags: FITKIT_FEATURES="referral,-multiSubscription" switches flags on (name) or off (-name). */
export function loadFeatureFlags(env: NodeJS.ProcessEnv): Record<string, boolean> {
  const flags: Record<string, boolean> = { referral: true, multiSubscription: false, legacyStats: false };
  for (const item of (env.FITKIT_FEATURES ?? "")
    .split(",")
    .map((s) => s.trim())
    .filter(Boolean)) {
    if (item.startsWith("-")) flags[item.slice(1)] = false;
    else flags[item] = true;
  }
  return flags;
}

export function siteConfig(config: ServerConfig, features: Record<string, boolean>, requestHost: string) {
  return {
    environment: environmentFromHost(requestHost, config.environment),
    apiBase: config.publicUrl,
    video: {
      provider: config.media.videoProvider,
      ...(config.media.muxEnvKey ? { envKey: config.media.muxEnvKey } : {}),
    },
    music: { provider: config.media.musicProvider },
    auth: {
      provider: "fitkit",
      signInPath: "/api/auth/sign-in/email",
      refreshPath: "/api/auth/refresh-token",
      accessTokenSeconds: 900,
    },
    analytics: { provider: "fitkit", collectorPath: "/v2/analytics/events" },
    // The sites allowed to embed the widgets: the hosted app's booking popup posts its answer only to these.
    embedOrigins: config.allowedOrigins.map((o) => new URL(o).origin),
    // Where a visitor starts a membership: an external store (FITKIT_STORE_URL), or null for the in-app funnel.
    store: { url: config.storeUrl ?? null },
    // Which payment provider takes cards: the card form explains the sandbox's test cards, never Stripe's.
    billing: { provider: config.billing.provider },
    features,
  };
}
