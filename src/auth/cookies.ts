/**
 * Spec §2: leftover refresh and id token cookies from older sign-in flows are removed on load; tokens live in storage
 * only. Any spelling older clients used (`refresh`, `refreshToken`, `fitkit.idToken`, …), on the root path, the current
 * path and the site's parent domain.
 */
export function removeLeftoverTokenCookies(doc: Pick<Document, "cookie"> = document) {
  for (const pair of doc.cookie.split(";")) {
    const name = pair.split("=")[0]?.trim();
    if (!name || !/(^|[._-])(refresh|refreshToken|id|idToken)$/i.test(name)) continue;
    for (const path of ["/", location.pathname]) doc.cookie = `${name}=; Max-Age=0; path=${path}`;
    const domain = location.hostname.split(".").slice(-2).join(".");
    if (domain.includes(".")) doc.cookie = `${name}=; Max-Age=0; path=/; domain=.${domain}`;
  }
}
