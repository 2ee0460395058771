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

/** A field's texts: a workout's words in the field are the union of each text's (the same as splitting them joined). */
type FieldTexts = (w: Workout) => readonly string[];
const FIELD_TEXTS: Record<(typeof KEYWORD_FIELDS)[number]["name"], FieldTexts> = {
  name: (w) => [w.name],
  trainers: (w) => w.trainers.map((t) => t.name),
  description: (w) => [w.description],
  benefits: (w) => w.benefits,
  focus: (w) => w.focusMember,
  equipment: (w) => w.equipment,
};

/** A dictionary term's documents, per keyword field (same order as KEYWORD_FIELDS). */
type Postings = (Int32Array | null)[];

export interface KeywordMatches {
  bits: Bitset;
  /** The matching documents (in no particular order): a query touches these, not the whole catalogue. */
  docs: Int32Array;
  /** Relevance per document number (0 for documents that do not match); valid until the next search. */
  scores: Int32Array;
}

export class KeywordIndex {
  readonly #size: number;
  readonly #terms: SearchableMap<Postings>;
  /**
   * Scratch arrays reused by every query (searches are synchronous), sparing the collector 120 KB a query at 20k.
   * Only the entries a query touched are reset, so a query costs its postings, not the catalogue's size.
   */
  readonly #best: Uint8Array;
  readonly #scores: Int32Array;
  /** The documents the current term reached, and those still matching every term so far. */
  readonly #touched: Int32Array;
  readonly #alive: Int32Array;
  #scored = new Int32Array(0);

  constructor(workouts: Workout[]) {
    this.#size = workouts.length;
    this.#best = new Uint8Array(this.#size);
    this.#scores = new Int32Array(this.#size);
    this.#touched = new Int32Array(this.#size);
    this.#alive = new Int32Array(this.#size);
    const fields = KEYWORD_FIELDS.length;
    // Terms are numbered as met; texts repeat across a catalogue (equipment, focus, trainers, templated copy), so
    // each distinct text is split into its terms' numbers once.
    const termIds = new Map<string, number>();
    const termsOf = new Map<string, Int32Array>();
    const termsIn = (text: string) => {
      let ids = termsOf.get(text);
      if (!ids) {
        ids = Int32Array.from(keywordTerms(text), (term) => {
          let id = termIds.get(term);
          if (id === undefined) termIds.set(term, (id = termIds.size));
          return id;
        });
        termsOf.set(text, ids);
      }
      return ids;
    };
    // Two passes over the workouts: count each term's documents per field, then fill lists of exactly that size in
    // document order. A (term, field) slot remembers the last document it took, so a document counts once in it.
    let counts = new Int32Array(1024 * fields);
    let last = new Int32Array(1024 * fields).fill(-1);
    const visit = (take: (slot: number, n: number) => void) => {
      for (let n = 0; n < this.#size; n++) {
        const w = workouts[n]!;
        for (let f = 0; f < fields; f++) {
          for (const text of FIELD_TEXTS[KEYWORD_FIELDS[f]!.name](w)) {
            const ids = termsIn(text);
            if (termIds.size * fields > counts.length) {
              const grown = new Int32Array(counts.length * 2);
              grown.set(counts);
              counts = grown;
              const lastGrown = new Int32Array(last.length * 2).fill(-1);
              lastGrown.set(last);
              last = lastGrown;
            }
            for (let k = 0; k < ids.length; k++) {
              const slot = ids[k]! * fields + f;
              if (last[slot] === n) continue;
              last[slot] = n;
              take(slot, n);
            }
          }
        }
      }
    };
    visit((slot) => counts[slot]!++);
    const postings = Array.from({ length: termIds.size * fields }, (_, i) =>
      counts[i] ? new Int32Array(counts[i]) : null,
    );
    const filled = new Int32Array(termIds.size * fields);
    last.fill(-1);
    visit((slot, n) => (postings[slot]![filled[slot]!++] = n));
    this.#terms = new SearchableMap<Postings>();
    for (const [term, id] of termIds) this.#terms.set(term, postings.slice(id * fields, (id + 1) * fields));
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
    const scores = this.#scores;
    const best = this.#best;
    const touched = this.#touched;
    for (let k = 0; k < this.#scored.length; k++) scores[this.#scored[k]!] = 0;
    let alive: Int32Array | null = null;
    let first = new Int32Array(0);
    for (let i = 0; i < terms.length; i++) {
      let count = 0;
      for (const [postings, quality] of this.#expand(terms[i]!, i, terms)) {
        for (let f = 0; f < KEYWORD_FIELDS.length; f++) {
          const docs = postings[f];
          const value = quality * KEYWORD_FIELDS[f]!.weight;
          if (!docs || !value) continue;
          for (let k = 0; k < docs.length; k++) {
            const n = docs[k]!;
            const had = best[n]!;
            if (!had) touched[count++] = n;
            if (had < value) best[n] = value;
          }
        }
      }
      if (!alive) {
        for (let k = 0; k < count; k++) scores[touched[k]!] = best[touched[k]!]!;
        alive = first = touched.slice(0, count);
      } else {
        // Compacted into the scratch list (in place from the second term on: it only ever shrinks).
        const next = this.#alive;
        let kept = 0;
        for (let k = 0; k < alive.length; k++) {
          const n = alive[k]!;
          if (!best[n]) continue;
          scores[n]! += best[n];
          next[kept++] = n;
        }
        alive = next.subarray(0, kept);
      }
      for (let k = 0; k < count; k++) best[touched[k]!] = 0;
    }
    const docs = alive ? alive.slice() : new Int32Array(0);
    const bits = new Bitset(this.#size);
    for (let k = 0; k < docs.length; k++) bits.set(docs[k]!);
    // Documents a later term dropped keep no score.
    for (let k = 0; k < first.length; k++) if (!bits.has(first[k]!)) scores[first[k]!] = 0;
    this.#scored = docs;
    return { bits, docs, scores };
  }
}
