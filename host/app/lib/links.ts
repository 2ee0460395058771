/**
 * External destinations (spec §2: a shop with bundles, trial memberships, the fitness quiz and the studio experience;
 * a franchise site). Same-tab by default; `newTab` links carry rel="noopener noreferrer".
 */
export const EXTERNAL = {
  shop: "https://shop.fitkit.dev",
  quiz: "https://shop.fitkit.dev/pages/fitness-quiz",
  studio: "https://shop.fitkit.dev/pages/studio-experience",
  franchise: "https://franchise.fitkit.dev",
  terms: "https://shop.fitkit.dev/pages/terms-of-service",
  waiver: "https://shop.fitkit.dev/pages/liability-waiver",
  support: "support@fitkit.dev",
} as const;
