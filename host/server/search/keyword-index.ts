/**
 * Keyword retrieval and relevance over the catalogue. The term dictionary is minisearch's radix tree
 * (`SearchableMap`: exact, prefix and fuzzy lookups in microseconds); postings are our own per-field document lists,
 * so scoring a query touches typed arrays only, whatever the number of matches.
 */
import SearchableMap from "minisearch/SearchableMap";
import type { Workout } from "../services/catalogue-workouts.js";
import { Bitset } from "./bitset.js";
import { KEYWORD_FIELDS, allowsFuzzy, allowsPrefix, matchQuality } from "./keywords.js";
import { keywordTerms } from "./normalize.js";

type FieldText = (w: Workout) => string;
const FIELD_TEXT: Record<(typeof KEYWORD_FIELDS)[number]["name"], FieldText> = {
  name: (w) => w.name,
  trainers: (w) => w.trainers.map((t) => t.name).join(" "),
  description: (w) => w.description,
  benefits: (w) => w.benefits.join(" "),
  focus: (w) => w.focusMember.join(" "),
  equipment: (w) => w.equipment.join(" "),
};

/** A dictionary term's documents, per keyword field (same order as KEYWORD_FIELDS). */
type Postings = (Int32Array | null)[];

export interface KeywordMatches {
  bits: Bitset;
  /** Relevance per document number (0 for documents that do not match); valid until the next search. */
  scores: Int32Array;
}

export class KeywordIndex {
  readonly #size: number;
  readonly #terms: SearchableMap<Postings>;
  /** Scratch arrays reused by every query (searches are synchronous), sparing the collector 120 KB a query at 20k. */
  readonly #best: Uint8Array;
  readonly #alive: Uint8Array;
  readonly #scores: Int32Array;

  constructor(workouts: Workout[]) {
    this.#size = workouts.length;
    this.#best = new Uint8Array(this.#size);
    this.#alive = new Uint8Array(this.#size);
    this.#scores = new Int32Array(this.#size);
    const lists = new Map<string, number[][]>();
    workouts.forEach((w, n) => {
      KEYWORD_FIELDS.forEach((field, f) => {
        for (const term of new Set(keywordTerms(FIELD_TEXT[field.name](w)))) {
          let perField = lists.get(term);
          if (!perField) lists.set(term, (perField = KEYWORD_FIELDS.map(() => [])));
          perField[f]!.push(n);
        }
      });
    });
    this.#terms = new SearchableMap<Postings>();
    for (const [term, perField] of lists)
      this.#terms.set(
        term,
        perField.map((docs) => (docs.length ? Int32Array.from(docs) : null)),
      );
  }

  /** Dictionary terms a query term reaches, each with its match quality. */
  #expand(q: string, index: number, terms: string[]): [Postings, number][] {
    const found = new Map<string, Postings>();
    const exact = this.#terms.get(q);
    if (exact) found.set(q, exact);
    if (allowsPrefix(q, index, terms))
      for (const [term, postings] of this.#terms.atPrefix(q)) found.set(term, postings);
    if (allowsFuzzy(q)) for (const [term, [postings]] of this.#terms.fuzzyGet(q, 1)) found.set(term, postings);
    return [...found].map(([term, postings]) => [postings, matchQuality(q, index, terms, term)]);
  }

  /** Documents matching every term, with relevance: per term the best field weight × quality, summed. */
  search(terms: string[]): KeywordMatches {
    const scores = this.#scores.fill(0);
    const alive = this.#alive.fill(1);
    const best = this.#best;
    terms.forEach((q, i) => {
      best.fill(0);
      for (const [postings, quality] of this.#expand(q, i, terms)) {
        KEYWORD_FIELDS.forEach((field, f) => {
          const docs = postings[f];
          if (!docs) return;
          const value = quality * field.weight;
          for (let k = 0; k < docs.length; k++) {
            const n = docs[k]!;
            if (best[n]! < value) best[n] = value;
          }
        });
      }
      for (let n = 0; n < this.#size; n++) {
        if (best[n]) scores[n]! += best[n]!;
        else alive[n] = 0;
      }
    });
    const bits = new Bitset(this.#size);
    for (let n = 0; n < this.#size; n++) {
      if (alive[n]) bits.set(n);
      else scores[n] = 0;
    }
    return { bits, scores };
  }
}
