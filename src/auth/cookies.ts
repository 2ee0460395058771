/**
 * Spec §2: leftover `refresh` and `id` cookies (from older clients) are removed on load; tokens live in storage only.
 */
export function removeLeftoverCookies(doc: Pick<Document, "cookie"> = document) {
  for (const name of ["refresh", "id"]) {
    if (new RegExp(`(?:^|;\\s*)${name}=`).test(doc.cookie)) doc.cookie = `${name}=; Max-Age=0; path=/`;
  }
}
