import { safeRedirect } from "../../../src/domain/index.js";

/** The product's own domain: the last two labels of this page's host ("app.fitkit.dev" → "fitkit.dev"). */
const ownDomain = () => location.hostname.split(".").slice(-2).join(".");

/** The `redirect` (or `returnTo`) parameter of a query string, made safe (spec §5); null when absent or empty. */
export function redirectTarget(search: string): string | null {
  const q = new URLSearchParams(search);
  return safeRedirect(q.get("redirect") ?? q.get("returnTo"), ownDomain());
}

/**
 * Where to go after signing in: the safe redirect target, else /home. Absolute same-site targets become paths when
 * they are on this origin, so the router handles them without a reload.
 */
export function afterSignIn(search: string): string {
  const target = redirectTarget(search);
  if (!target) return "/home";
  if (target.startsWith("/")) return target;
  const url = new URL(target);
  return url.origin === location.origin ? url.pathname + url.search + url.hash : target;
}

/** `path` carrying the current page's redirect parameter along (and any extra parameters). */
export function withReturn(path: string, search: string, extra: Record<string, string> = {}): string {
  const q = new URLSearchParams();
  const current = new URLSearchParams(search);
  const back = current.get("redirect") ?? current.get("returnTo");
  for (const [k, v] of Object.entries(extra)) if (v) q.set(k, v);
  if (back) q.set("redirect", back);
  const s = q.toString();
  return s ? `${path}?${s}` : path;
}

/** The sign-in page for a member-only deep link, returning to it afterwards. */
export const signInFor = (pathWithQuery: string) => `/continue?redirect=${encodeURIComponent(pathWithQuery)}`;
