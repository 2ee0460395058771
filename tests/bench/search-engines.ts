/**
 * The search engines the catalogue search is compared with, each answering the same request shape over the same
 * workouts with the same semantics as fitkit's index (host/server/search), so their answers can be checked id for id:
 *
 * - **SQL** (PostgreSQL and PGlite run the same statements): one flat table, GIN indexes on the normalised facet arrays
 *   and on tsvectors per keyword field, a word table with a pg_trgm GIN index for prefix expansion and
 *   fuzzystrmatch's `levenshtein_less_equal` for one-typo expansion, relevance as the same integer (per query term the
 *   best field weight × match quality, summed), facet counts by `unnest … group by`, disjunctive as fitkit's.
 * - **MiniSearch** used in full: its own index over the same keyword fields (same tokenizer, the same prefix and fuzzy
 *   rules, AND of terms, field boosts), `MiniSearch.wildcard` when there are no keywords, the filters as a predicate
 *   over its results, facets counted from them. Its ranking is BM25, not fitkit's integer relevance, so keyword
 *   answers agree on the set of matching ids and the counts, not on the order.
 *
 * Not covered by the comparison (the mix does not use them): avoid filters and the series restriction.
 */
import MiniSearch from "minisearch";
import type { Workout } from "../../host/server/services/catalogue-workouts.js";
import { FACET_FIELDS, resolveFields } from "../../host/server/search/fields.js";
import { conjuncts, fieldsOf, parseFilters, type FilterNode } from "../../host/server/search/filter-parser.js";
import {
  KEYWORD_FIELDS,
  allowsFuzzy,
  allowsPrefix,
  matchQuality,
  queryTerms,
} from "../../host/server/search/keywords.js";
import { keywordTerms, normalizeValue } from "../../host/server/search/normalize.js";
import type { SearchRequest, Sort } from "../../host/server/search/catalogue-index.js";

const MAX_HITS = 1000;

/** What every engine answers: ids in answer order (one page), the total, and the facet counts asked for. */
export interface EngineAnswer {
  ids: string[];
  nbHits: number;
  facets: Record<string, Record<string, number>>;
}

export interface Engine {
  name: string;
  /** Whether the hits' order is fitkit's (false: only the set of matching ids is comparable with keywords). */
  sameOrder: boolean;
  search(request: SearchRequest): Promise<EngineAnswer>;
  close(): Promise<void>;
}

/** The string fields a filter can name: how the SQL table calls its normalised values and its facet values. */
const STRING_FIELDS: Record<string, { values: (w: Workout) => string[]; facet?: (w: Workout) => string[] }> = {
  id: { values: (w) => [w.id] },
  slug: { values: (w) => [w.slug] },
  type: { values: (w) => [w.type], facet: (w) => [w.type] },
  category: { values: (w) => w.category, facet: (w) => w.category },
  trainer: {
    values: (w) => w.trainers.flatMap((t) => [t.name, t.slug, t.id]),
    facet: (w) => w.trainers.map((t) => t.name),
  },
  equipment: { values: (w) => w.equipment, facet: (w) => w.equipment },
  benefits: { values: (w) => w.benefits, facet: (w) => w.benefits },
  focus: { values: (w) => w.focusMember, facet: (w) => w.focusMember },
  pacing: { values: (w) => (w.pacing ? [w.pacing] : []), facet: (w) => (w.pacing ? [w.pacing] : []) },
  level: { values: (w) => (w.level ? [w.level] : []), facet: (w) => (w.level ? [w.level] : []) },
  collections: {
    values: (w) => w.collections.flatMap((c) => [c.name, c.slug, c.id]),
    facet: (w) => w.collections.map((c) => c.name),
  },
  live: { values: (w) => [String(w.live)], facet: (w) => [String(w.live)] },
};
const NUMBER_FIELDS: Record<string, { column: string; read: (w: Workout) => number }> = {
  "video.duration": { column: "vdur", read: (w) => w.video.duration },
  duration: { column: "dur", read: (w) => w.duration },
};
const column = (field: string) => field.replace(/\W/g, "_");

const KEYWORD_TEXT: Record<(typeof KEYWORD_FIELDS)[number]["name"], (w: Workout) => string> = {
  name: (w) => w.name,
  trainers: (w) => w.trainers.map((t) => t.name).join(" "),
  description: (w) => w.description,
  benefits: (w) => w.benefits.join(" "),
  focus: (w) => w.focusMember.join(" "),
  equipment: (w) => w.equipment.join(" "),
};

function facetNames(facets: SearchRequest["facets"]): string[] {
  return facets === "*" ? FACET_FIELDS : [...new Set(facets)];
}

function parse(filters: string): FilterNode | null {
  const ast = parseFilters(filters);
  return ast && resolveFields(ast);
}

function selectedEquipment(node: FilterNode | null): string[] {
  const out = new Set<string>();
  const walk = (n: FilterNode) => {
    if (n.kind === "and" || n.kind === "or") n.children.forEach(walk);
    else if (n.kind === "not") walk(n.child);
    else if (n.kind === "match" && n.field === "equipment") out.add(normalizeValue(n.value));
  };
  if (node) walk(node);
  return [...out];
}

/** Per conjunct, whether a facet's counts leave it out (it is about that facet alone). */
const scopeOf = (parts: { fields: Set<string> }[], facet: string) =>
  parts.map((p) => !(p.fields.size === 1 && p.fields.has(facet)));

// ---------------------------------------------------------------------------------------------------------------
// SQL

const quote = (s: string) => `'${s.replace(/'/g, "''")}'`;
const textArray = (values: string[]) => `array[${values.map(quote).join(",")}]::text[]`;

/** A minimal client both PostgreSQL (node-postgres) and PGlite satisfy. */
export interface SqlClient {
  query(text: string, params?: unknown[]): Promise<{ rows: Record<string, unknown>[] }>;
  exec(text: string): Promise<void>;
}

/** Statements creating and filling the flat table in `schema` (which the caller created and later drops). */
export async function loadSql(client: SqlClient, schema: string, workouts: Workout[]): Promise<void> {
  const s = schema;
  const stringColumns = Object.keys(STRING_FIELDS)
    .map((f) => `v_${column(f)} text[] not null${STRING_FIELDS[f]!.facet ? `, d_${column(f)} text[] not null` : ""}`)
    .join(", ");
  await client.exec(`
    create extension if not exists pg_trgm;
    create extension if not exists fuzzystrmatch;
    create table ${s}.workouts (n int primary key, id text not null, start_ms bigint not null, vdur int not null,
      dur int not null, ${stringColumns}, t_name tsvector not null, t_trainers tsvector not null,
      t_rest tsvector not null, t_all tsvector not null);
    create table ${s}.words (word text primary key);`);
  const rows = workouts.map((w, n) => {
    const row: unknown[] = [n, w.id, Date.parse(w.start_date), w.video.duration, w.duration];
    for (const f of Object.values(STRING_FIELDS)) {
      row.push([...new Set(f.values(w).map(normalizeValue))]);
      if (f.facet) row.push([...new Set(f.facet(w))]);
    }
    const rest = ["description", "benefits", "focus", "equipment"] as const;
    row.push(keywordTerms(KEYWORD_TEXT.name(w)));
    row.push(keywordTerms(KEYWORD_TEXT.trainers(w)));
    row.push(rest.flatMap((k) => keywordTerms(KEYWORD_TEXT[k](w))));
    return row;
  });
  const width = rows[0]?.length ?? 0;
  const names = [
    "n",
    "id",
    "start_ms",
    "vdur",
    "dur",
    ...Object.entries(STRING_FIELDS).flatMap(([f, d]) => [`v_${column(f)}`, ...(d.facet ? [`d_${column(f)}`] : [])]),
  ];
  // One statement per chunk, columns passed as arrays (unnest keeps the parameter count fixed).
  for (let from = 0; from < rows.length; from += 2000) {
    const chunk = rows.slice(from, from + 2000);
    const params: unknown[] = [];
    for (let c = 0; c < width; c++) {
      const values = chunk.map((r) => r[c]);
      // Arrays of arrays travel as JSON (node-postgres cannot send ragged 2-D arrays).
      params.push(Array.isArray(values[0]) ? JSON.stringify(values) : values);
    }
    const selects = params.map((p, c) => {
      if (c < 5) return `u.c${c}`;
      return `array(select jsonb_array_elements_text(j.c${c}->(u.ord::int - 1)))`;
    });
    const scalarTypes = ["int[]", "text[]", "bigint[]", "int[]", "int[]"];
    const t = width - 3;
    await client.query(
      `insert into ${s}.workouts (${names.join(", ")}, t_name, t_trainers, t_rest, t_all)
       select ${selects.slice(0, t).join(", ")},
         array_to_tsvector(${selects[t]}), array_to_tsvector(${selects[t + 1]}), array_to_tsvector(${selects[t + 2]}),
         array_to_tsvector(${selects[t]} || ${selects[t + 1]} || ${selects[t + 2]})
       from unnest(${scalarTypes.map((ty, c) => `$${c + 1}::${ty}`).join(", ")}) with ordinality as u(c0, c1, c2, c3, c4, ord),
         (select ${params
           .slice(5)
           .map((_, i) => `$${i + 6}::jsonb as c${i + 5}`)
           .join(", ")}) as j`,
      params,
    );
  }
  await client.exec(`
    insert into ${s}.words select distinct unnest(tsvector_to_array(t_all)) from ${s}.workouts;
    create index on ${s}.words using gin (word gin_trgm_ops);
    create index on ${s}.workouts using gin (t_all);
    ${Object.entries(STRING_FIELDS)
      .map(([f]) => `create index on ${s}.workouts using gin (v_${column(f)});`)
      .join("\n")}
    create index on ${s}.workouts (start_ms, id);
    create index on ${s}.workouts (vdur, start_ms);
    analyze ${s}.workouts; analyze ${s}.words;`);
}

const ORDER_SQL: Record<Sort, string> = {
  newest: `start_ms desc, id collate "C"`,
  oldest: `start_ms, id collate "C"`,
  shortest: `vdur, start_ms desc, id collate "C"`,
  longest: `vdur desc, start_ms desc, id collate "C"`,
  // The benches' catalogues have no plays: every workout ties on popularity, which leaves the newest order.
  popular: `start_ms desc, id collate "C"`,
};

function sqlFilter(node: FilterNode, withinSelected: string | null): string {
  switch (node.kind) {
    case "and":
      return `(${node.children.map((c) => sqlFilter(c, withinSelected)).join(" and ")})`;
    case "or":
      return `(${node.children.map((c) => sqlFilter(c, withinSelected)).join(" or ")})`;
    case "not":
      return `not ${sqlFilter(node.child, withinSelected)}`;
    case "match": {
      const num = NUMBER_FIELDS[node.field];
      if (num) return `${num.column} = ${Number(node.value)}`;
      const match = `v_${column(node.field)} @> ${textArray([normalizeValue(node.value)])}`;
      return node.field === "equipment" && withinSelected ? `(${match} and ${withinSelected})` : match;
    }
    case "range":
      return `${NUMBER_FIELDS[node.field]!.column} between ${node.from} and ${node.to}`;
    case "compare": {
      const col = NUMBER_FIELDS[node.field]!.column;
      return node.op === "=" || node.op === "!="
        ? `${col} ${node.op === "=" ? "=" : "<>"} ${node.value}`
        : `${col} ${node.op} ${node.value}`;
    }
  }
}

const tsquery = (words: string[]) => quote(words.map((w) => `'${w}'`).join(" | ")) + "::tsquery";

export function sqlEngine(name: string, client: SqlClient, schema: string, close: () => Promise<void>): Engine {
  const s = schema;
  return {
    name,
    sameOrder: true,
    close,
    async search(request) {
      const ast = parse(request.filters);
      const selected = request.equipmentFilter === "selected" ? selectedEquipment(ast) : [];
      const withinSelected = selected.length ? `v_equipment <@ ${textArray(selected)}` : null;
      const terms = queryTerms(request.keywords);
      // Keyword expansion: each query term's dictionary words with their match quality, in one statement.
      let scoreSql = "0";
      const keywordWhere: string[] = [];
      if (terms.length) {
        const lookups = terms.map((q, i) => {
          const prefix = allowsPrefix(q, i, terms);
          const fuzzy = allowsFuzzy(q);
          return `select ${i} as t, word from ${s}.words where word = ${quote(q)}${
            prefix ? ` or word like ${quote(`${q}%`)}` : ""
          }${
            fuzzy
              ? ` or (length(word) between ${q.length - 1} and ${q.length + 1} and levenshtein_less_equal(word, ${quote(q)}, 1) <= 1)`
              : ""
          }`;
        });
        const { rows } = await client.query(lookups.join(" union all "));
        const perTerm = terms.map(() => new Map<number, string[]>());
        for (const r of rows) {
          const t = Number(r.t);
          const quality = matchQuality(terms[t]!, t, terms, String(r.word));
          const list = perTerm[t]!.get(quality) ?? [];
          list.push(String(r.word));
          perTerm[t]!.set(quality, list);
        }
        if (perTerm.some((m) => !m.size)) return { ids: [], nbHits: 0, facets: emptyFacets(request) };
        const fieldColumns = [
          ["t_name", 3],
          ["t_trainers", 2],
          ["t_rest", 1],
        ] as const;
        const termScores = perTerm.map((byQuality) => {
          const qualities = [...byQuality.keys()].sort((a, b) => b - a);
          const perField = fieldColumns.map(([col, weight]) => {
            const whens = qualities.map((q) => `when ${col} @@ ${tsquery(byQuality.get(q)!)} then ${q * weight}`);
            return `case ${whens.join(" ")} else 0 end`;
          });
          keywordWhere.push(`t_all @@ ${tsquery([...byQuality.values()].flat())}`);
          return `greatest(${perField.join(", ")})`;
        });
        scoreSql = termScores.join(" + ");
      }
      const parts = conjuncts(ast).map((node) => ({ sql: sqlFilter(node, withinSelected), fields: fieldsOf(node) }));
      const base = keywordWhere.length ? keywordWhere.join(" and ") : "true";
      const where = (keep: boolean[]) =>
        [base, ...parts.filter((_, i) => keep[i]).map((p) => p.sql)].join(" and ") || "true";
      const all = parts.map(() => true);
      const paged = request.pagination === "on";
      const hitsPerPage = paged ? Math.min(request.hits, MAX_HITS) : MAX_HITS;
      const offset = paged ? request.page * hitsPerPage : 0;
      const statements = [
        `select id from ${s}.workouts where ${where(all)} order by ${scoreSql === "0" ? "" : `${scoreSql} desc, `}${
          ORDER_SQL[request.sort]
        } limit ${hitsPerPage} offset ${offset}`,
        `select count(*)::int as n from ${s}.workouts where ${where(all)}`,
      ];
      const names = facetNames(request.facets);
      if (names.length)
        statements.push(
          names
            .map(
              (f) =>
                `select ${quote(f)} as f, v, count(*)::int as n from ${s}.workouts, unnest(d_${column(f)}) as v where ${where(
                  scopeOf(parts, f),
                )} group by v`,
            )
            .join(" union all "),
        );
      const [hits, count, facetRows] = await Promise.all(statements.map((text) => client.query(text)));
      const facets: EngineAnswer["facets"] = {};
      for (const f of names) facets[f] = {};
      for (const r of facetRows?.rows ?? []) facets[String(r.f)]![String(r.v)] = Number(r.n);
      return { ids: hits!.rows.map((r) => String(r.id)), nbHits: Number(count!.rows[0]!.n), facets };
    },
  };
}

function emptyFacets(request: SearchRequest): EngineAnswer["facets"] {
  return Object.fromEntries(facetNames(request.facets).map((f) => [f, {}]));
}

// ---------------------------------------------------------------------------------------------------------------
// MiniSearch

type Predicate = (n: number) => boolean;

/** A filter expression as a predicate over document numbers (what a MiniSearch `filter` callback would run). */
function predicate(
  node: FilterNode,
  values: Map<string, Set<string>[]>,
  numbers: Map<string, Float64Array>,
  within: Predicate | null,
): Predicate {
  switch (node.kind) {
    case "and": {
      const cs = node.children.map((c) => predicate(c, values, numbers, within));
      return (n) => cs.every((c) => c(n));
    }
    case "or": {
      const cs = node.children.map((c) => predicate(c, values, numbers, within));
      return (n) => cs.some((c) => c(n));
    }
    case "not": {
      const c = predicate(node.child, values, numbers, within);
      return (n) => !c(n);
    }
    case "match": {
      const num = numbers.get(node.field);
      if (num) {
        const v = Number(node.value);
        return (n) => num[n] === v;
      }
      const sets = values.get(node.field)!;
      const v = normalizeValue(node.value);
      return node.field === "equipment" && within ? (n) => sets[n]!.has(v) && within(n) : (n) => sets[n]!.has(v);
    }
    case "range": {
      const num = numbers.get(node.field)!;
      return (n) => num[n]! >= node.from && num[n]! <= node.to;
    }
    case "compare": {
      const num = numbers.get(node.field)!;
      const v = node.value;
      const ops = {
        "<": (x: number) => x < v,
        "<=": (x: number) => x <= v,
        ">": (x: number) => x > v,
        ">=": (x: number) => x >= v,
        "=": (x: number) => x === v,
        "!=": (x: number) => x !== v,
      };
      const op = ops[node.op];
      return (n) => op(num[n]!);
    }
  }
}

export function miniSearchEngine(workouts: Workout[]): Engine {
  const mini = new MiniSearch<{ n: number } & Record<string, string | number>>({
    idField: "n",
    fields: KEYWORD_FIELDS.map((f) => f.name),
    tokenize: (text) => keywordTerms(text),
    processTerm: (term) => term,
    searchOptions: {
      combineWith: "AND",
      boost: Object.fromEntries(KEYWORD_FIELDS.map((f) => [f.name, f.weight])),
      prefix: (term, i, terms) => allowsPrefix(term, i, terms),
      fuzzy: (term) => (allowsFuzzy(term) ? 1 : false),
      maxFuzzy: 1,
    },
  });
  mini.addAll(
    workouts.map((w, n) => ({
      n,
      ...Object.fromEntries(KEYWORD_FIELDS.map((f) => [f.name, KEYWORD_TEXT[f.name](w)])),
    })),
  );
  const values = new Map(
    Object.entries(STRING_FIELDS).map(([f, d]) => [f, workouts.map((w) => new Set(d.values(w).map(normalizeValue)))]),
  );
  const facetValues = new Map(
    Object.entries(STRING_FIELDS)
      .filter(([, d]) => d.facet)
      .map(([f, d]) => [f, workouts.map((w) => [...new Set(d.facet!(w))])]),
  );
  const numbers = new Map(Object.entries(NUMBER_FIELDS).map(([f, d]) => [f, Float64Array.from(workouts, d.read)]));
  const time = workouts.map((w) => Date.parse(w.start_date));
  const vdur = workouts.map((w) => w.video.duration);
  const byId = (a: number, b: number) =>
    workouts[a]!.id < workouts[b]!.id ? -1 : workouts[a]!.id > workouts[b]!.id ? 1 : 0;
  const newest = (a: number, b: number) => time[b]! - time[a]! || byId(a, b);
  const comparators: Record<Sort, (a: number, b: number) => number> = {
    newest,
    oldest: (a, b) => time[a]! - time[b]! || byId(a, b),
    shortest: (a, b) => vdur[a]! - vdur[b]! || newest(a, b),
    longest: (a, b) => vdur[b]! - vdur[a]! || newest(a, b),
    // No plays in the benches' catalogues (see ORDER_SQL).
    popular: newest,
  };
  return {
    name: "MiniSearch",
    sameOrder: false,
    close: async () => {},
    async search(request) {
      const ast = parse(request.filters);
      const selected = request.equipmentFilter === "selected" ? new Set(selectedEquipment(ast)) : new Set<string>();
      const eq = values.get("equipment")!;
      const within: Predicate | null = selected.size ? (n) => [...eq[n]!].every((v) => selected.has(v)) : null;
      const parts = conjuncts(ast).map((node) => ({
        test: predicate(node, values, numbers, within),
        fields: fieldsOf(node),
      }));
      const terms = queryTerms(request.keywords);
      const results = terms.length ? mini.search(terms.join(" ")) : mini.search(MiniSearch.wildcard);
      const candidates = results.map((r) => r.id as number);
      const passes = candidates.map((n) => parts.map((p) => p.test(n)));
      const matches = candidates.filter((_, i) => passes[i]!.every(Boolean));
      const facets: EngineAnswer["facets"] = {};
      for (const f of facetNames(request.facets)) {
        const keep = scopeOf(parts, f);
        const counts: Record<string, number> = {};
        const read = facetValues.get(f)!;
        candidates.forEach((n, i) => {
          if (!passes[i]!.every((ok, k) => ok || !keep[k])) return;
          for (const v of read[n]!) counts[v] = (counts[v] ?? 0) + 1;
        });
        facets[f] = counts;
      }
      // With keywords, MiniSearch's own (BM25) ranking; without, the request's sort.
      const ordered = terms.length ? matches : matches.sort(comparators[request.sort]);
      const paged = request.pagination === "on";
      const hitsPerPage = paged ? Math.min(request.hits, MAX_HITS) : MAX_HITS;
      const from = paged ? request.page * hitsPerPage : 0;
      return {
        ids: ordered.slice(from, from + hitsPerPage).map((n) => workouts[n]!.id),
        nbHits: matches.length,
        facets,
      };
    },
  };
}
