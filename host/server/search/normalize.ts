/** Text normalisation shared by the index, the filters and the keyword search: case and accents never matter. */

const MARKS = /\p{M}/gu;
const PLAIN = /^[\x21-\x7e]+(?: [\x21-\x7e]+)*$/;

/** A filter value or facet value in comparable form: `"Zoé  Laurent"` → `"zoe laurent"`. */
export function normalizeValue(text: string): string {
  // Printable ASCII words single-spaced (ids, slugs, most names): only the case can change. Spares the index build
  // three regular expressions and a Unicode normalisation per id and slug (400k of them at 200k workouts).
  if (PLAIN.test(text)) return text.toLowerCase();
  return text.normalize("NFD").replace(MARKS, "").toLowerCase().trim().replace(/\s+/g, " ");
}

/** Keyword terms: letters and digits only, so punctuation, SQL and regex metacharacters are just separators. */
export function keywordTerms(text: string): string[] {
  return normalizeValue(text)
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);
}
