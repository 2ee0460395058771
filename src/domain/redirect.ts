/**
 * Spec §5 redirect safety: follow a target only if it is relative, or its host is the product's own domain (or a
 * subdomain of it), or localhost; anything else goes to the site root "/". An empty target is not followed (null).
 */
export function safeRedirect(target: string | null | undefined, ownDomain: string): string | null {
  const t = target?.trim();
  if (!t) return null;
  if (t.startsWith("/") && !t.startsWith("//") && !t.startsWith("/\\")) return t;
  let url: URL;
  try {
    url = new URL(t);
  } catch {
    return "/";
  }
  if (url.protocol !== "https:" && url.protocol !== "http:") return "/";
  const host = url.hostname.toLowerCase();
  const own = ownDomain.toLowerCase().replace(/^\./, "");
  return host === own || host.endsWith(`.${own}`) || host === "localhost" || host === "127.0.0.1" ? url.href : "/";
}
