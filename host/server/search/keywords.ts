/**
 * Keyword matching rules, shared by the minisearch-backed index and anything that must agree with it.
 * A query term matches a word of a workout exactly, as a prefix (the last term only, while the member types), or
 * with one typo (terms of 4+ characters). Relevance is an integer: for each term, the best
 * field weight × match quality over the words it matches, summed over the terms.
 */
import { keywordTerms } from "./normalize.js";

/** The searchable text of a workout, by field, with its weight. */
export const KEYWORD_FIELDS = [
  { name: "name", weight: 3 },
  { name: "trainers", weight: 2 },
  { name: "description", weight: 1 },
  { name: "benefits", weight: 1 },
  { name: "focus", weight: 1 },
  { name: "equipment", weight: 1 },
] as const;

/** At most this many terms count; the rest of a very long query is ignored. */
const MAX_TERMS = 12;
const MIN_PREFIX_LENGTH = 2;
const MIN_FUZZY_LENGTH = 4;

const EXACT = 4;
const PREFIX = 2;
const FUZZY = 1;

export function queryTerms(keywords: string): string[] {
  return keywordTerms(keywords).slice(0, MAX_TERMS);
}

export const allowsPrefix = (term: string, index: number, terms: readonly string[]) =>
  index === terms.length - 1 && term.length >= MIN_PREFIX_LENGTH;
export const allowsFuzzy = (term: string) => term.length >= MIN_FUZZY_LENGTH;

/** Whether a and b are at Levenshtein distance ≤ 1. */
export function withinOneEdit(a: string, b: string): boolean {
  if (a === b) return true;
  const la = a.length;
  const lb = b.length;
  if (Math.abs(la - lb) > 1) return false;
  let i = 0;
  while (i < la && i < lb && a[i] === b[i]) i++;
  if (la === lb) return a.slice(i + 1) === b.slice(i + 1);
  return la > lb ? a.slice(i + 1) === b.slice(i) : a.slice(i) === b.slice(i + 1);
}

/** How well query term `q` (at `index` of `terms`) matches the word `word`: 0 when it does not. */
export function matchQuality(q: string, index: number, terms: readonly string[], word: string): number {
  if (word === q) return EXACT;
  if (allowsPrefix(q, index, terms) && word.startsWith(q)) return PREFIX;
  if (allowsFuzzy(q) && withinOneEdit(q, word)) return FUZZY;
  return 0;
}
