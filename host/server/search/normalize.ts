/** Text normalisation shared by the index, the filters and the keyword search: case and accents never matter. */

const MARKS = /\p{M}/gu;

/** A filter value or facet value in comparable form: `"Zoé  Laurent"` → `"zoe laurent"`. */
export function normalizeValue(text: string): string {
  return text.normalize("NFD").replace(MARKS, "").toLowerCase().trim().replace(/\s+/g, " ");
}

/** Keyword terms: letters and digits only, so punctuation, SQL and regex metacharacters are just separators. */
export function keywordTerms(text: string): string[] {
  return normalizeValue(text)
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);
}
