/**
 * Spec §9: the second host label selects the environment (`app.staging.fitkit.dev` → "staging"); the bare app host
 * and the www host are production (`app.fitkit.dev`, `www.fitkit.dev`); "dev" when there is no second label
 * (localhost, other hosts).
 */
export function environmentFromHost(host: string, productDomain: string): string {
  const h = host.toLowerCase().replace(/:\d+$/, "");
  const domain = productDomain.toLowerCase();
  if (h === domain) return "production";
  if (!h.endsWith(`.${domain}`)) return "dev";
  const labels = h.slice(0, -domain.length - 1).split(".");
  if (labels.length === 1) return "production";
  return labels[1] || "dev";
}

/** The hosted app's host for an environment: production uses the bare app host, others insert their name. */
export const appHost = (environment: string, productDomain: string) =>
  environment === "production" ? `app.${productDomain}` : `app.${environment}.${productDomain}`;
