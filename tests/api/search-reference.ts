/**
 * A brute-force reference for POST /tsapi/workouts/search: scans every workout for every query, with its own
 * field reading, normalisation, keyword matching (a full Levenshtein), facet counting and sorting. Only the
 * filter parser is shared (it has its own unit tests), so the index's bitsets, columns, sort orders and minisearch
 * retrieval are checked against plain code.
 */
import { conjuncts, fieldsOf, parseFilters, type FilterNode } from "../../host/server/search/filter-parser.js";

export interface RefWorkout {
  id: string;
  slug: string;
  name: string;
  description: string;
  category: string[];
  type: string;
  level: string;
  pacing: string;
  trainers: { id: string; slug: string; name: string }[];
  equipment: string[];
  strain: string[];
  focusMember: string[];
  benefits: string[];
  collections: { id: string; slug: string; name: string }[];
  live: boolean;
  start_date: string;
  duration: number;
  video: { duration: number };
}

export interface RefRequest {
  facets?: "*" | string[];
  filters?: string;
  keywords?: string;
  sort?: "newest" | "oldest" | "shortest" | "longest";
  page?: number;
  hits?: number;
  pagination?: "on" | "off";
  equipmentFilter?: "selected" | "additional";
  seriesWorkoutsParam?: string;
  avoid?: string[];
}

const ALIAS: Record<string, string> = {
  trainers: "trainer",
  focusMember: "focus",
  collection: "collections",
  categories: "category",
  benefit: "benefits",
};
const canonical = (field: string) => ALIAS[field] ?? field;
const FACETS = [
  "type",
  "category",
  "trainer",
  "equipment",
  "benefits",
  "focus",
  "pacing",
  "level",
  "collections",
  "live",
];
const CAP = 1000;

export const norm = (s: string) =>
  s
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .trim()
    .replace(/\s+/g, " ");

function filterValues(w: RefWorkout, field: string): string[] {
  switch (field) {
    case "id":
      return [w.id];
    case "slug":
      return [w.slug];
    case "type":
      return [w.type];
    case "category":
      return w.category;
    case "trainer":
      return w.trainers.flatMap((t) => [t.name, t.slug, t.id]);
    case "equipment":
      return w.equipment;
    case "benefits":
      return w.benefits;
    case "focus":
      return w.focusMember;
    case "pacing":
      return [w.pacing];
    case "level":
      return [w.level];
    case "collections":
      return w.collections.flatMap((c) => [c.name, c.slug, c.id]);
    case "live":
      return [String(w.live)];
    default:
      throw new Error(`reference: no field ${field}`);
  }
}

function facetValues(w: RefWorkout, field: string): string[] {
  if (field === "trainer") return w.trainers.map((t) => t.name);
  if (field === "collections") return w.collections.map((c) => c.name);
  return filterValues(w, field);
}

/** Avoid keys: a strain tag the workout must not have, or equipment it must not use (docs/members.md). */
const AVOID: Record<string, (w: RefWorkout) => boolean> = {
  jumping: (w) => w.strain.includes("jumping"),
  wrists: (w) => w.strain.includes("wrists"),
  shoulders: (w) => w.strain.includes("shoulders"),
  knees: (w) => w.strain.includes("knees"),
  "lower-back": (w) => w.strain.includes("lower-back"),
  floor: (w) => w.strain.includes("floor"),
  weights: (w) => w.equipment.some((e) => ["light weights", "heavy weights", "ankle weights"].includes(norm(e))),
  ball: (w) => w.equipment.some((e) => norm(e) === "p.ball"),
  band: (w) => w.equipment.some((e) => norm(e) === "p.band"),
  gliders: (w) => w.equipment.some((e) => norm(e) === "gliders"),
};

const numberOf = (w: RefWorkout, field: string) =>
  field === "video.duration" ? w.video.duration : field === "duration" ? w.duration : NaN;

function equipmentSelected(node: FilterNode | null): string[] {
  const out: string[] = [];
  const walk = (n: FilterNode) => {
    if (n.kind === "and" || n.kind === "or") n.children.forEach(walk);
    else if (n.kind === "not") walk(n.child);
    else if (n.kind === "match" && canonical(n.field) === "equipment" && !out.some((v) => norm(v) === norm(n.value)))
      out.push(n.value);
  };
  if (node) walk(node);
  return out;
}

function holds(w: RefWorkout, node: FilterNode, selectedOnly: Set<string> | null): boolean {
  switch (node.kind) {
    case "and":
      return node.children.every((c) => holds(w, c, selectedOnly));
    case "or":
      return node.children.some((c) => holds(w, c, selectedOnly));
    case "not":
      return !holds(w, node.child, selectedOnly);
    case "range": {
      const x = numberOf(w, canonical(node.field));
      return x >= node.from && x <= node.to;
    }
    case "compare": {
      const x = numberOf(w, canonical(node.field));
      return {
        "<": x < node.value,
        "<=": x <= node.value,
        ">": x > node.value,
        ">=": x >= node.value,
        "=": x === node.value,
        "!=": x !== node.value,
      }[node.op];
    }
    case "match": {
      const field = canonical(node.field);
      if (field === "video.duration" || field === "duration") return numberOf(w, field) === Number(node.value);
      const hit = filterValues(w, field).some((v) => norm(v) === norm(node.value));
      if (field === "equipment" && selectedOnly) return hit && w.equipment.every((e) => selectedOnly.has(norm(e)));
      return hit;
    }
  }
}

// ---- keywords ----
const terms = (text: string) =>
  norm(text)
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);

function levenshtein(a: string, b: string): number {
  if (Math.abs(a.length - b.length) > 1) return 2; // more than one edit apart: the full table cannot say less
  const d = Array.from({ length: a.length + 1 }, (_, i) => [i, ...Array(b.length).fill(0)]);
  for (let j = 1; j <= b.length; j++) d[0]![j] = j;
  for (let i = 1; i <= a.length; i++)
    for (let j = 1; j <= b.length; j++)
      d[i]![j] = Math.min(d[i - 1]![j]! + 1, d[i]![j - 1]! + 1, d[i - 1]![j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1));
  return d[a.length]![b.length]!;
}

const wordsOf = new WeakMap<RefWorkout, [number, string[]][]>();

function keywordScore(w: RefWorkout, query: string[]): number {
  let fields = wordsOf.get(w);
  if (!fields) {
    fields = [
      [3, terms(w.name)],
      [2, terms(w.trainers.map((t) => t.name).join(" "))],
      [1, terms(w.description)],
      [1, terms(w.benefits.join(" "))],
      [1, terms(w.focusMember.join(" "))],
      [1, terms(w.equipment.join(" "))],
    ];
    wordsOf.set(w, fields);
  }
  let score = 0;
  for (let i = 0; i < query.length; i++) {
    const q = query[i]!;
    const last = i === query.length - 1;
    let best = 0;
    for (const [weight, words] of fields) {
      for (const word of words) {
        const quality =
          word === q
            ? 4
            : last && q.length >= 2 && word.startsWith(q)
              ? 2
              : q.length >= 4 && levenshtein(q, word) <= 1
                ? 1
                : 0;
        best = Math.max(best, quality * weight);
      }
    }
    if (!best) return 0;
    score += best;
  }
  return score;
}

// ---- the whole search ----
export function referenceSearch(all: RefWorkout[], series: Map<string, string[]>, request: RefRequest) {
  const r = {
    facets: [] as "*" | string[],
    filters: "",
    keywords: "",
    sort: "newest",
    page: 0,
    hits: 50,
    pagination: "on",
    equipmentFilter: "additional",
    seriesWorkoutsParam: "",
    avoid: [] as string[],
    ...request,
  };
  const ast = parseFilters(r.filters);
  const selected = equipmentSelected(ast);
  const selectedOnly = r.equipmentFilter === "selected" && selected.length ? new Set(selected.map(norm)) : null;
  const query = terms(r.keywords).slice(0, 12);
  const scores = new Map<string, number>();
  const inSeries = r.seriesWorkoutsParam ? new Set(series.get(r.seriesWorkoutsParam) ?? []) : null;
  const base = all.filter((w) => {
    if (inSeries && !inSeries.has(w.id)) return false;
    if (r.avoid.some((key) => AVOID[key]!(w))) return false;
    if (!query.length) return true;
    const s = keywordScore(w, query);
    scores.set(w.id, s);
    return s > 0;
  });
  const parts = conjuncts(ast);
  const matches = base.filter((w) => parts.every((p) => holds(w, p, selectedOnly)));

  const facets: Record<string, Record<string, number>> = {};
  for (const name of r.facets === "*" ? FACETS : [...new Set(r.facets)]) {
    const field = canonical(name);
    const others = parts.filter((p) => {
      const f = [...fieldsOf(p)].map(canonical);
      return !(new Set(f).size === 1 && f[0] === field);
    });
    const counts: Record<string, number> = {};
    for (const w of base.filter((x) => others.every((p) => holds(x, p, selectedOnly)))) {
      for (const v of new Set(facetValues(w, field))) counts[v] = (counts[v] ?? 0) + 1;
    }
    facets[name] = counts;
  }

  const time = (w: RefWorkout) => Date.parse(w.start_date);
  const byId = (a: RefWorkout, b: RefWorkout) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
  const newest = (a: RefWorkout, b: RefWorkout) => time(b) - time(a) || byId(a, b);
  const order = {
    newest,
    oldest: (a: RefWorkout, b: RefWorkout) => time(a) - time(b) || byId(a, b),
    shortest: (a: RefWorkout, b: RefWorkout) => a.video.duration - b.video.duration || newest(a, b),
    longest: (a: RefWorkout, b: RefWorkout) => b.video.duration - a.video.duration || newest(a, b),
  }[r.sort as "newest"];
  const sorted = [...matches].sort((a, b) => (scores.get(b.id) ?? 0) - (scores.get(a.id) ?? 0) || order(a, b));

  const nbHits = sorted.length;
  if (r.pagination === "off") {
    return {
      hits: sorted.slice(0, CAP).map((w) => w.id),
      nbHits,
      page: 0,
      nbPages: nbHits ? 1 : 0,
      hitsPerPage: Math.min(nbHits, CAP),
      facets,
      selected,
    };
  }
  const perPage = Math.min(r.hits, CAP);
  return {
    hits: sorted.slice(r.page * perPage, (r.page + 1) * perPage).map((w) => w.id),
    nbHits,
    page: r.page,
    nbPages: Math.ceil(nbHits / perPage),
    hitsPerPage: perPage,
    facets,
    selected,
  };
}
