/**
 * The in-memory search index of one catalogue snapshot: a bitset per filterable value, a column per numeric field,
 * precomputed orders for the five sorts, and a keyword index (minisearch's radix tree over our own postings).
 * Immutable once built, but for the popularity order, which members' activity moves: `setPopularity` replaces it
 * whole (live-index.ts refreshes it); a catalogue change builds a new index.
 */
import { AVOID_EQUIPMENT, AVOID_KEYS, type AvoidKey } from "../../../src/domain/avoid.js";
import type { Workout } from "../services/catalogue-workouts.js";
import { Bitset, type WordsToRead } from "./bitset.js";
import { FACET_FIELDS, FIELDS, fieldNamed, resolveFields, type Field } from "./fields.js";
import { conjuncts, fieldsOf, parseFilters, type FilterNode } from "./filter-parser.js";
import { KeywordIndex } from "./keyword-index.js";
import { queryTerms } from "./keywords.js";
import { normalizeValue } from "./normalize.js";

export const SORTS = ["newest", "oldest", "shortest", "longest", "popular"] as const;
export type Sort = (typeof SORTS)[number];

/** Distinct values per field whose normalised form the build remembers. */
const NORMALIZED_CACHE = 4096;

/** Most hits one answer carries (per page, or in all with pagination off). */
const MAX_HITS = 1000;

export interface SearchRequest {
  facets: "*" | string[];
  filters: string;
  keywords: string;
  sort: Sort;
  page: number;
  hits: number;
  pagination: "on" | "off";
  equipmentFilter: "selected" | "additional";
  /** Restricts the search to one series' workouts (its id or slug). */
  seriesWorkoutsParam: string;
  /** Leaves out the workouts with any of these strains or equipment (avoid filters). */
  avoid: readonly AvoidKey[];
}

export interface SearchResult {
  /** Document numbers in answer order; `index.workout(n)` / `index.json(n)` hydrate them. */
  hits: number[];
  nbHits: number;
  page: number;
  nbPages: number;
  hitsPerPage: number;
  /** Only the facets asked for, each without the values no hit has. */
  facets: Partial<Record<string, Partial<Record<string, number>>>>;
  selected: string[];
}

/** A request the index cannot answer as asked (unknown facet); the route turns it into a 400. */
export class SearchInputError extends Error {}

/** Per workout id, how many members completed it and how many played it (live-index.ts reads it from sessions). */
export type Popularity = ReadonlyMap<string, { completed: number; played: number }>;

export interface SeriesMembership {
  id: string;
  slug: string;
  workoutIds: string[];
}

export class CatalogueIndex {
  readonly size: number;
  readonly builtAt = new Date();
  readonly #workouts: Workout[];
  /** Each workout's answer JSON, serialised on first use (a 200k catalogue is 200 MB of it, most never asked for). */
  readonly #json: (string | undefined)[];
  readonly #byId = new Map<string, number>();
  readonly #bySlug = new Map<string, number>();
  readonly #universe: Bitset;
  /**
   * Per field, each normalised value's documents as a sorted list, or the one document (ids and slugs: one per
   * workout, where a bitset each or a list each would cost more than the rest of the build).
   */
  readonly #values = new Map<string, Map<string, Posting>>();
  /** The same documents as a bitset for values common enough (1 in 32 or more) that copying words beats setting. */
  readonly #dense = new Map<string, Map<string, Bitset>>();
  /** Per facet field, each value's documents and how many there are. */
  readonly #facets = new Map<string, FacetValue[]>();
  /** Per numeric field, documents sorted by value with the values alongside: comparisons become binary searches. */
  readonly #numbers = new Map<string, { docs: Int32Array; values: Float64Array }>();
  readonly #orders = {} as Record<Sort, Int32Array>;
  /** Per sort, each document's position in that order (ranks a few keyword matches without scanning the order). */
  readonly #ranks = {} as Record<Sort, Int32Array>;
  readonly #series = new Map<string, Bitset>();
  /** Per avoid key, the workouts it leaves out: an avoid filter is one pass of word-wise AND NOT. */
  readonly #avoid = new Map<AvoidKey, Bitset>();
  readonly #keywords: KeywordIndex;

  #popularityVersion = 0;
  /** Each workout's place in the newest order: the tie-break of the popularity order. */
  #newestRank: Int32Array = new Int32Array(0);

  /**
   * `unlisted`: ids of workouts that resolve by id and slug (a member's history, favourites, a series that lists them)
   * but are outside every search, listing and facet count (archived ones).
   */
  constructor(
    workouts: Workout[],
    series: SeriesMembership[] = [],
    popularity: Popularity = new Map(),
    unlisted: readonly string[] = [],
  ) {
    this.#workouts = workouts;
    this.size = workouts.length;
    this.#json = new Array<string | undefined>(this.size);
    this.#universe = Bitset.full(this.size);
    workouts.forEach((w, n) => {
      this.#byId.set(w.id, n);
      this.#bySlug.set(w.slug, n);
    });
    if (unlisted.length) {
      const hidden = new Bitset(this.size);
      for (const id of unlisted) {
        const n = this.#byId.get(id);
        if (n !== undefined) hidden.set(n);
      }
      this.#universe = this.#universe.andNot(hidden);
    }
    for (const field of FIELDS) this.#indexField(field);
    this.#buildOrders();
    this.setPopularity(popularity);
    for (const s of series) {
      const bits = new Bitset(this.size);
      for (const id of s.workoutIds) {
        const n = this.#byId.get(id);
        if (n !== undefined) bits.set(n);
      }
      this.#series.set(s.id, bits);
      this.#series.set(s.slug, bits);
    }
    this.#keywords = new KeywordIndex(workouts);
    this.#indexAvoid();
  }

  #indexAvoid() {
    for (const key of AVOID_KEYS) this.#avoid.set(key, new Bitset(this.size));
    this.#workouts.forEach((w, n) => {
      for (const tag of w.strain) this.#avoid.get(tag)?.set(n);
    });
    const equipment = this.#values.get("equipment")!;
    for (const [key, names] of Object.entries(AVOID_EQUIPMENT) as [AvoidKey, readonly string[]][]) {
      const bits = this.#avoid.get(key)!;
      for (const name of names) {
        const list = equipment.get(normalizeValue(name));
        if (list !== undefined) setAll(bits, list);
      }
    }
  }

  /** The documents any of `avoid` leaves out. */
  #avoided(avoid: readonly AvoidKey[]): Bitset {
    let out: Bitset | null = null;
    for (const key of avoid) {
      const bits = this.#avoid.get(key);
      if (!bits) throw new SearchInputError(`avoid: unknown value "${key}"; expected any of ${AVOID_KEYS.join(", ")}`);
      out = out ? out.or(bits) : bits;
    }
    return out ?? new Bitset(this.size);
  }

  #indexField(field: Field) {
    if (field.kind === "number") {
      // By value then document number, as a native sort of rank × span + document number (see #buildOrders).
      const value = Float64Array.from(this.#workouts, (w) => field.number(w));
      const span = keySpan(this.size);
      const keys = Float64Array.from(denseRanks(value).rank, (rank, n) => rank * span + n).sort();
      const docs = Int32Array.from(keys, (key) => key % span);
      this.#numbers.set(field.name, { docs, values: Float64Array.from(docs, (n) => value[n]!) });
      return;
    }
    const lists = new Map<string, number | number[]>();
    const facets = new Map<string, Bitset>();
    const normalized = new Map<string, string>();
    this.#workouts.forEach((w, n) => {
      for (const v of field.values(w)) {
        let key = normalized.get(v);
        if (key === undefined) {
          key = normalizeValue(v);
          // Values that repeat are few; ids and slugs never repeat, and caching them would only fill the map.
          if (normalized.size < NORMALIZED_CACHE) normalized.set(v, key);
        }
        const list = lists.get(key);
        if (list === undefined) lists.set(key, n);
        else if (typeof list === "number") {
          if (list !== n) lists.set(key, [list, n]);
        } else if (list[list.length - 1] !== n) list.push(n);
      }
      if (field.facet) {
        for (const v of field.facet(w)) {
          let bits = facets.get(v);
          if (!bits) facets.set(v, (bits = new Bitset(this.size)));
          bits.set(n);
        }
      }
    });
    const values = new Map<string, Posting>();
    for (const [key, list] of lists) values.set(key, typeof list === "number" ? list : Int32Array.from(list));
    this.#values.set(field.name, values);
    const dense = new Map<string, Bitset>();
    for (const [key, list] of lists) {
      if (typeof list === "number" || list.length * 32 < this.size) continue;
      const bits = new Bitset(this.size);
      for (const n of list) bits.set(n);
      dense.set(key, bits);
    }
    this.#dense.set(field.name, dense);
    if (field.facet) {
      this.#facets.set(
        field.name,
        [...facets].map(([value, bits]) => ({ value, bits, total: bits.count() })),
      );
    }
  }

  /** The documents with `value` in `field`; a shared bitset for common values, so callers never modify the result. */
  #documents(field: string, value: string): Bitset {
    const key = normalizeValue(value);
    const dense = this.#dense.get(field)!.get(key);
    if (dense) return dense;
    const list = this.#values.get(field)!.get(key);
    const bits = new Bitset(this.size);
    if (list !== undefined) setAll(bits, list);
    return bits;
  }

  /**
   * The four sort orders, each a native sort of numbers, not a comparator called millions of times: a workout's key
   * is its rank on the sort's field times 2^bits plus its rank in the tie-break order (id order; for the lengths,
   * the newest order), so keys are distinct integers well inside a double and the tie-break rank names the workout.
   */
  #buildOrders() {
    const w = this.#workouts;
    const size = this.size;
    // Each workout's place in id order (the catalogue usually arrives in it, so that is one pass of checks).
    const idRank = Int32Array.from({ length: size }, (_, i) => i);
    let inIdOrder = true;
    for (let i = 1; i < size && inIdOrder; i++) inIdOrder = w[i - 1]!.id < w[i]!.id;
    if (!inIdOrder) {
      const byId = Int32Array.from(idRank).sort((a, b) => (w[a]!.id < w[b]!.id ? -1 : w[a]!.id > w[b]!.id ? 1 : 0));
      for (let i = 0; i < size; i++) idRank[byId[i]!] = i;
    }
    const byIdRank = new Int32Array(size);
    for (let n = 0; n < size; n++) byIdRank[idRank[n]!] = n;
    const time = denseRanks(Float64Array.from(w, (x) => Date.parse(x.start_date)));
    const length = denseRanks(Float64Array.from(w, (x) => x.video.duration));
    const span = keySpan(size);
    const order = (key: (n: number) => number, byTieRank: Int32Array) => {
      const keys = new Float64Array(size);
      for (let n = 0; n < size; n++) keys[n] = key(n);
      keys.sort();
      return Int32Array.from(keys, (k) => byTieRank[k % span]!);
    };
    const newest = order((n) => (time.count - time.rank[n]!) * span + idRank[n]!, byIdRank);
    const newestRank = ranksOf(newest);
    this.#orders.newest = newest;
    this.#orders.oldest = order((n) => time.rank[n]! * span + idRank[n]!, byIdRank);
    this.#orders.shortest = order((n) => length.rank[n]! * span + newestRank[n]!, newest);
    this.#orders.longest = order((n) => (length.count - length.rank[n]!) * span + newestRank[n]!, newest);
    this.#newestRank = newestRank;
    for (const sort of ["oldest", "shortest", "longest"] as const) this.#ranks[sort] = ranksOf(this.#orders[sort]);
    this.#ranks.newest = newestRank;
  }

  /**
   * The "popular" order: most members who completed the workout first, then most who played it, then newest (so a
   * catalogue nobody has played yet lists newest first). Replaces the order and its ranks together, between searches.
   */
  setPopularity(popularity: Popularity) {
    const size = this.size;
    const score = new Float64Array(size);
    popularity.forEach(({ completed, played }, id) => {
      const n = this.#byId.get(id);
      // Members who completed it dominate; plays (at most 2^24 counted) only break ties between equal completions.
      if (n !== undefined) score[n] = completed * 2 ** 24 + Math.min(played, 2 ** 24 - 1);
    });
    const ranked = denseRanks(score);
    const span = keySpan(size);
    const newest = this.#orders.newest;
    const keys = new Float64Array(size);
    for (let n = 0; n < size; n++) keys[n] = (ranked.count - ranked.rank[n]!) * span + this.#newestRank[n]!;
    keys.sort();
    const order = Int32Array.from(keys, (k) => newest[k % span]!);
    const rank = ranksOf(order);
    this.#orders.popular = order;
    this.#ranks.popular = rank;
    this.#popularityVersion++;
  }

  /** Counts the popularity orders this index has had: answers in that order are only as fresh as it. */
  get popularityVersion(): number {
    return this.#popularityVersion;
  }

  workout(n: number): Workout {
    return this.#workouts[n]!;
  }

  /** The workout's answer JSON, serialised once, the first time it is asked for. */
  json(n: number): string {
    return (this.#json[n] ??= JSON.stringify(this.#workouts[n]!));
  }

  bySlug(slug: string): number | undefined {
    return this.#bySlug.get(slug);
  }

  byId(id: string): number | undefined {
    return this.#byId.get(id);
  }

  search(request: SearchRequest): SearchResult {
    const ast = this.#parse(request.filters);
    const facetNames = this.#facetNames(request.facets);
    const selected = ast ? equipmentValues(ast) : [];
    const subsetMask =
      request.equipmentFilter === "selected" && selected.length ? this.#withinEquipment(selected) : null;

    let base = this.#universe;
    if (request.seriesWorkoutsParam) base = this.#series.get(request.seriesWorkoutsParam) ?? new Bitset(this.size);
    // Avoided workouts leave the base: hits and every facet's counts alike.
    if (request.avoid.length) base = base.andNot(this.#avoided(request.avoid));
    const terms = queryTerms(request.keywords);
    const keywordHits = terms.length ? this.#keywords.search(terms) : null;
    if (keywordHits) base = base.and(keywordHits.bits);

    // Each top-level conjunct once; a facet's counts leave out the conjuncts about that facet alone (disjunctive
    // facets).
    const parts = conjuncts(ast).map((node) => ({
      node,
      fields: fieldsOf(node),
      bits: this.#evaluate(node, subsetMask),
    }));
    const matches = parts.reduce((acc, p) => acc.and(p.bits), base);

    const facets: SearchResult["facets"] = {};
    // Most facets count over the same scope (the matches): which of its words to read is found once per scope.
    const plans = new Map<Bitset, WordsToRead>();
    for (const name of facetNames) {
      const canonical = fieldNamed(name)!.name;
      const others = parts.filter((p) => !(p.fields.size === 1 && p.fields.has(canonical)));
      const scope = others.length === parts.length ? matches : others.reduce((acc, p) => acc.and(p.bits), base);
      let plan = plans.get(scope);
      if (plan === undefined) plans.set(scope, (plan = scope.wordsToRead(this.#universe)));
      facets[name] = this.#countFacet(canonical, scope, plan);
    }

    const nbHits = matches.count();
    const paged = request.pagination === "on";
    const hitsPerPage = paged ? Math.min(request.hits, MAX_HITS) : Math.min(nbHits, MAX_HITS);
    const page = paged ? request.page : 0;
    const nbPages = paged ? Math.ceil(nbHits / hitsPerPage) : nbHits ? 1 : 0;
    const from = page * hitsPerPage;
    const hits = keywordHits
      ? this.#byRelevance(matches, keywordHits.docs, keywordHits.scores, request.sort, from, hitsPerPage)
      : this.#inOrder(matches, request.sort, from, hitsPerPage);
    return { hits, nbHits, page, nbPages, hitsPerPage, facets, selected };
  }

  #parse(filters: string): FilterNode | null {
    const ast = parseFilters(filters);
    return ast && resolveFields(ast);
  }

  #facetNames(facets: SearchRequest["facets"]): string[] {
    if (facets === "*") return FACET_FIELDS;
    for (const name of facets) {
      const field = fieldNamed(name);
      if (!field || !this.#facets.has(field.name)) throw new SearchInputError(`facets: unknown facet "${name}"`);
    }
    return [...new Set(facets)];
  }

  #evaluate(node: FilterNode, subsetMask: Bitset | null): Bitset {
    switch (node.kind) {
      case "and":
        return node.children.map((c) => this.#evaluate(c, subsetMask)).reduce((a, b) => a.and(b));
      case "or": {
        // Plain value matches (a favourites list as hundreds of id: terms) go straight into one bitset.
        let out = new Bitset(this.size);
        for (const child of node.children) {
          const plain =
            child.kind === "match" && !this.#numbers.has(child.field) && !(child.field === "equipment" && subsetMask);
          if (!plain) {
            out = out.or(this.#evaluate(child, subsetMask));
            continue;
          }
          const key = normalizeValue(child.value);
          const dense = this.#dense.get(child.field)!.get(key);
          if (dense) {
            out = out.or(dense);
            continue;
          }
          const list = this.#values.get(child.field)!.get(key);
          if (list !== undefined) setAll(out, list);
        }
        return out;
      }
      case "not":
        return this.#evaluate(node.child, subsetMask).not(this.#universe);
      case "match": {
        if (this.#numbers.has(node.field)) return this.#numeric(node.field, Number(node.value), Number(node.value));
        const bits = this.#documents(node.field, node.value);
        return node.field === "equipment" && subsetMask ? bits.and(subsetMask) : bits;
      }
      case "range":
        return this.#numeric(node.field, node.from, node.to);
      case "compare": {
        const v = node.value;
        switch (node.op) {
          case "<":
            return this.#numeric(node.field, -Infinity, v, "to");
          case "<=":
            return this.#numeric(node.field, -Infinity, v);
          case ">":
            return this.#numeric(node.field, v, Infinity, "from");
          case ">=":
            return this.#numeric(node.field, v, Infinity);
          case "=":
            return this.#numeric(node.field, v, v);
          case "!=":
            return this.#numeric(node.field, v, v).not(this.#universe);
        }
      }
    }
  }

  /** Documents whose `field` lies between `from` and `to`, both bounds included unless `exclude` names one. */
  #numeric(field: string, from: number, to: number, exclude?: "from" | "to"): Bitset {
    const { docs, values } = this.#numbers.get(field)!;
    const start = firstIndex(values, (x) => (exclude === "from" ? x > from : x >= from));
    const end = firstIndex(values, (x) => (exclude === "to" ? x >= to : x > to));
    const bits = new Bitset(this.size);
    for (let i = start; i < end; i++) bits.set(docs[i]!);
    return bits;
  }

  /** Workouts whose equipment all lies within `selected` ("Selected equipment only"). */
  #withinEquipment(selected: string[]): Bitset {
    const wanted = new Set(selected.map(normalizeValue));
    const outside = new Bitset(this.size);
    for (const [value, list] of this.#values.get("equipment")!) {
      if (!wanted.has(value)) setAll(outside, list);
    }
    return outside.not(this.#universe);
  }

  #countFacet(field: string, scope: Bitset, plan: WordsToRead): Record<string, number> {
    const counts: [string, number][] = [];
    // A narrow scope (a keyword or a rare filter) occupies few words: each value's count reads only those. A broad one
    // (the library, all but a few workouts) lacks members in few words: each value's count is its total less the
    // documents it has there that the scope lacks.
    for (const { value, bits, total } of this.#facets.get(field)!) {
      const n = !plan
        ? scope.countAnd(bits)
        : "occupied" in plan
          ? scope.countAndAt(bits, plan.occupied)
          : total - bits.countAndNotAt(scope, plan.gaps);
      if (n) counts.push([value, n]);
    }
    counts.sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0));
    return Object.fromEntries(counts);
  }

  /**
   * Relevance first, then the sort. Scores are small integers: a histogram over the keyword matches finds the lowest
   * score the page can reach; the documents at or above it are few (sorted by score and rank) or many (one pass over
   * the sort order collects them).
   */
  #byRelevance(
    matches: Bitset,
    docs: Int32Array,
    scores: Int32Array,
    sort: Sort,
    from: number,
    count: number,
  ): number[] {
    const need = from + count;
    let top = 0;
    for (let k = 0; k < docs.length; k++) {
      const n = docs[k]!;
      if (scores[n]! > top && matches.has(n)) top = scores[n]!;
    }
    const histogram = new Int32Array(top + 1);
    for (let k = 0; k < docs.length; k++) {
      const n = docs[k]!;
      if (scores[n] && matches.has(n)) histogram[scores[n]]!++;
    }
    let threshold = top;
    let above = 0;
    while (threshold > 1 && above + histogram[threshold]! < need) above += histogram[threshold--]!;
    let eligible = 0;
    for (let score = threshold; score <= top; score++) eligible += histogram[score]!;
    if (eligible * 16 < this.size) {
      const rank = this.#ranks[sort];
      const picked: number[] = [];
      for (let k = 0; k < docs.length; k++) {
        const n = docs[k]!;
        if (scores[n]! >= threshold && matches.has(n)) picked.push(n);
      }
      picked.sort((a, b) => scores[b]! - scores[a]! || rank[a]! - rank[b]!);
      return picked.slice(from, from + count);
    }
    const buckets: number[][] = Array.from({ length: top + 1 }, () => []);
    let atThreshold = 0;
    for (const n of this.#orders[sort]) {
      const score = scores[n]!;
      if (score < threshold || !matches.has(n)) continue;
      if (score === threshold && atThreshold++ >= need - above) continue;
      buckets[score]!.push(n);
    }
    const ranked: number[] = [];
    for (let score = top; score >= threshold; score--) ranked.push(...buckets[score]!);
    return ranked.slice(from, from + count);
  }

  #inOrder(matches: Bitset, sort: Sort, from: number, count: number): number[] {
    const out: number[] = [];
    let seen = 0;
    for (const n of this.#orders[sort]) {
      if (!matches.has(n)) continue;
      if (seen++ < from) continue;
      out.push(n);
      if (out.length === count) break;
    }
    return out;
  }
}

/** A power of two above every document number: rank × span + a document's own rank is exact in a double. */
const keySpan = (size: number) => 2 ** Math.ceil(Math.log2(size + 1));

/** Each value's rank among the distinct values (equal values share one), and how many distinct values there are. */
function denseRanks(values: Float64Array): { rank: Int32Array; count: number } {
  const sorted = Float64Array.from(values).sort();
  let count = 0;
  for (let i = 0; i < sorted.length; i++) if (i === 0 || sorted[i] !== sorted[i - 1]) sorted[count++] = sorted[i]!;
  const distinct = sorted.subarray(0, count);
  const rank = Int32Array.from(values, (v) => firstIndex(distinct, (x) => x >= v));
  return { rank, count };
}

/** Each document's position in `order`. */
function ranksOf(order: Int32Array): Int32Array {
  const rank = new Int32Array(order.length);
  for (let i = 0; i < order.length; i++) rank[order[i]!] = i;
  return rank;
}

/** One value of a facet field: its documents, and how many. */
interface FacetValue {
  value: string;
  bits: Bitset;
  total: number;
}

/** A value's documents: one document number, or a sorted list of them. */
type Posting = number | Int32Array;

function setAll(bits: Bitset, posting: Posting) {
  if (typeof posting === "number") bits.set(posting);
  else for (let i = 0; i < posting.length; i++) bits.set(posting[i]!);
}

/** The first index of an ascending array where `reached` holds (its length when it never does). */
function firstIndex(values: Float64Array, reached: (x: number) => boolean): number {
  let lo = 0;
  let hi = values.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (reached(values[mid]!)) hi = mid;
    else lo = mid + 1;
  }
  return lo;
}

/** The equipment values an expression names, as written, without duplicates: the answer's `selected`. */
function equipmentValues(node: FilterNode): string[] {
  const seen = new Map<string, string>();
  const walk = (n: FilterNode) => {
    if (n.kind === "and" || n.kind === "or") n.children.forEach(walk);
    else if (n.kind === "not") walk(n.child);
    else if (n.kind === "match" && n.field === "equipment" && !seen.has(normalizeValue(n.value)))
      seen.set(normalizeValue(n.value), n.value);
  };
  walk(node);
  return [...seen.values()];
}
