/**
 * Spec §9: the second host label selects the environment (`app.staging.fitkit.com` → staging); production uses the
 * bare app host and the www host (`app.fitkit.com`, `www.fitkit.com`). Without an environment label (localhost, an
 * address, a two-label host) the fallback applies: the server passes its own FITKIT_ENVIRONMENT, which defaults to dev.
 */
export function environmentFromHost(host: string, fallback = "dev"): string {
  const name = host
    .replace(/:\d+$/, "")
    .replace(/^\[.*\]$/, "")
    .toLowerCase();
  if (!name || /^[\d.]+$/.test(name) || name.includes(":")) return fallback;
  const labels = name.split(".").filter(Boolean);
  if (labels.length >= 4) return labels[1]!;
  if (labels.length === 3) return "production";
  return fallback;
}
