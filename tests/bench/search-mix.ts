/**
 * The search bench's fixed query mix, and how an engine's answer is compared with fitkit's (search.bench.ts, and the
 * unit test that holds the engines to it).
 */
import type { SearchRequest } from "../../host/server/search/catalogue-index.js";
import { CATEGORIES, EQUIPMENT, TRAINERS } from "../../host/server/db/seed/catalogue-vocabulary.js";
import { createRandom } from "../../host/server/random.js";
import type { Engine, EngineAnswer } from "./search-engines.js";

const LIBRARY = "NOT type:walk AND NOT type:rest";
export const SHAPES = ["facets", "keywords", "keywords+facets", "sorted pages", "facet counts"] as const;
export type Shape = (typeof SHAPES)[number];

/**
 * The fixed mix of 200 queries, 40 of each shape: facet filters only; keywords (a third with a typo, some with a
 * second, prefix term); keywords and facet filters together; pages deep in each sort; and named facets counted over a
 * filter with small pages. Pages scale with the catalogue so deep pages stay inside it.
 */
export function queryMix(size: number): { shape: Shape; request: SearchRequest }[] {
  const r = createRandom(2026);
  const sorts = ["newest", "oldest", "shortest", "longest"] as const;
  const lengths = [
    "video.duration:300 TO 930",
    "video.duration:930 TO 1530",
    "video.duration:1530 TO 2130",
    "video.duration > 3630",
  ];
  const facetFilter = () =>
    [
      `category:${r.pick(CATEGORIES).slug}`,
      `(trainer:"${r.pick(TRAINERS)}" OR trainer:"${r.pick(TRAINERS)}")`,
      `(equipment:"${r.pick(EQUIPMENT)}" OR equipment:"${r.pick(EQUIPMENT)}")`,
      r.pick(lengths),
      "live:false",
    ]
      .filter(() => r.int(2) === 0)
      .reduce((acc, f) => `${acc} AND ${f}`, LIBRARY);
  const words = ["sculpt", "stretch", "meditation", "core", "glute", "cardio", "mobility", "weights", "burn"];
  const more = ["breath", "full body", "ava", "renee", "mat pilates", "strength", "flow", "low impact"];
  const typos = ["sculpr", "strech", "meditaton", "cardoi", "mobilty", "wieghts", "pilats", "glutse"];
  const keywords = (i: number) =>
    i % 3 === 0
      ? r.pick(typos)
      : `${r.pick([...words, ...more])}${r.int(3) === 0 ? ` ${r.pick(words).slice(0, 3)}` : ""}`;
  const base: SearchRequest = {
    facets: "*",
    filters: LIBRARY,
    keywords: "",
    sort: "newest",
    page: 0,
    hits: 50,
    pagination: "on",
    equipmentFilter: "additional",
    seriesWorkoutsParam: "",
    avoid: [],
  };
  const pages = Math.max(1, Math.floor(size / 50));
  const mix: { shape: Shape; request: SearchRequest }[] = [];
  for (let i = 0; i < 40; i++)
    mix.push({
      shape: "facets",
      request: { ...base, filters: facetFilter(), equipmentFilter: r.pick(["selected", "additional"] as const) },
    });
  for (let i = 0; i < 40; i++)
    mix.push({ shape: "keywords", request: { ...base, keywords: keywords(i), sort: r.pick(sorts) } });
  for (let i = 0; i < 40; i++)
    mix.push({
      shape: "keywords+facets",
      request: { ...base, keywords: keywords(i), filters: facetFilter(), sort: r.pick(sorts) },
    });
  for (let i = 0; i < 40; i++)
    mix.push({
      shape: "sorted pages",
      request: { ...base, sort: sorts[i % 4]!, page: Math.floor((pages * r.int(80)) / 100) },
    });
  for (let i = 0; i < 40; i++)
    mix.push({
      shape: "facet counts",
      request: {
        ...base,
        facets: ["trainer", "equipment"],
        filters: facetFilter(),
        sort: sorts[i % 4]!,
        page: r.int(5),
        hits: r.pick([12, 50]),
      },
    });
  return mix;
}

/** Where `answer` differs from fitkit's `expected` (null when it agrees), under the engine's comparable semantics. */
export function disagreement(
  engine: Engine,
  expected: EngineAnswer,
  answer: EngineAnswer,
  keywords: boolean,
): string | null {
  if (answer.nbHits !== expected.nbHits) return `nbHits ${answer.nbHits} vs ${expected.nbHits}`;
  const ordered = engine.sameOrder || !keywords;
  if (ordered && answer.ids.join() !== expected.ids.join())
    return `hits ${answer.ids.slice(0, 3)} vs ${expected.ids.slice(0, 3)}`;
  if (!ordered && answer.ids.length !== expected.ids.length)
    return `page of ${answer.ids.length} vs ${expected.ids.length}`;
  const facets = (f: EngineAnswer["facets"]) =>
    JSON.stringify(Object.entries(f).map(([k, v]) => [k, Object.entries(v).sort(([a], [b]) => (a < b ? -1 : 1))]));
  if (facets(answer.facets) !== facets(expected.facets)) return "facet counts differ";
  return null;
}
