import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createRandom, type Random } from "../../host/server/random.js";
import { startTestApp, type TestApp } from "./harness.js";
import { referenceSearch, type RefRequest, type RefWorkout } from "./search-reference.js";

let t: TestApp;
let all: RefWorkout[];
const series = new Map<string, string[]>();

beforeAll(async () => {
  t = await startTestApp();
  all = (await t.call("POST", "/tsapi/workouts/search", { body: { pagination: "off" } })).json().hits;
  const list = (await t.call("GET", "/tsapi/series?limit=100")).json().items;
  for (const s of list) {
    const detail = (await t.call("GET", `/tsapi/series/${s.slug}`)).json();
    const ids = detail.items.map((w: { id: string }) => w.id);
    series.set(s.id, ids);
    series.set(s.slug, ids);
  }
});
afterAll(() => t.close());

/** Random spelling a client might send: other case, accents dropped or added. */
function respell(r: Random, value: string): string {
  const roll = r.int(4);
  if (roll === 0) return value.toUpperCase();
  if (roll === 1) return value.toLowerCase();
  if (roll === 2) return value.normalize("NFD").replace(/[\u0300-\u036f]/g, "");
  return value;
}

const AVOID_KEYS = [
  "jumping",
  "wrists",
  "shoulders",
  "knees",
  "lower-back",
  "floor",
  "weights",
  "ball",
  "band",
  "gliders",
];

const quote = (v: string) => `"${v.replace(/["\\]/g, "\\$&")}"`;

function leaf(r: Random): string {
  const w = r.pick(all);
  const pick = <T>(xs: T[]) => (xs.length ? r.pick(xs) : undefined);
  switch (r.int(14)) {
    case 0:
      return `type:${r.pick(["workout", "walk", "rest"])}`;
    case 1:
      return `category:${pick(w.category) ?? "meditation"}`;
    case 2: {
      const tr = pick(w.trainers)!;
      return r.int(2) ? `trainer:${quote(respell(r, tr.name))}` : `trainers:${tr.slug}`;
    }
    case 3:
      return `equipment:${quote(respell(r, pick(w.equipment)!))}`;
    case 4:
      return `${r.pick(["focus", "focusMember"])}:${quote(pick(w.focusMember)!)}`;
    case 5:
      return `pacing:${quote(w.pacing)}`;
    case 6:
      return `level:${quote(w.level)}`;
    case 7: {
      const c = pick(w.collections);
      return c
        ? `${r.pick(["collections", "collection"])}:${quote(r.int(2) ? c.name : c.slug)}`
        : `collections:${quote("Quick Hits")}`;
    }
    case 8:
      return `live:${r.pick(["true", "false"])}`;
    case 9: {
      const a = r.int(2) ? w.video.duration : r.pick([300, 930, 1530, 2130, 2730]);
      return `video.duration:${a} TO ${a + r.pick([0, 600, 1200])}`;
    }
    // Half the time an existing length, so the edges of every comparison are exercised.
    case 10:
      return `video.duration ${r.pick(["<", "<=", ">", ">=", "!=", "="])} ${r.int(2) ? w.video.duration : r.pick([600, 1500, 2400, 3630])}`;
    case 11:
      return `duration${r.pick([" = ", ":"])}${w.duration}`;
    case 12:
      return `id:${w.id}`;
    default:
      return `benefits:${quote(pick(w.benefits)!)}`;
  }
}

function expression(r: Random, depth: number): string {
  if (depth > 2 || r.int(3) === 0) return (r.int(5) === 0 ? "NOT " : "") + leaf(r);
  const n = 2 + r.int(2);
  const op = r.pick([" AND ", " OR "]);
  const inner = Array.from({ length: n }, () => expression(r, depth + 1)).join(op);
  return r.int(4) === 0 ? `NOT (${inner})` : `(${inner})`;
}

function filters(r: Random): string {
  const parts: string[] = [];
  if (r.int(3)) parts.push("NOT type:walk AND NOT type:rest");
  const extra = r.int(4);
  for (let i = 0; i < extra; i++) parts.push(r.int(3) ? leaf(r) : expression(r, 1));
  if (r.int(3) === 0) {
    const eq = ["P.ball", "Mat", "Light Weights", "No Equipment", "P.band", "Gliders"];
    parts.push(`(${Array.from({ length: 1 + r.int(3) }, () => `equipment:${quote(r.pick(eq))}`).join(" OR ")})`);
  }
  return parts.join(" AND ");
}

function typo(r: Random, word: string): string {
  if (word.length < 5) return word;
  const i = 1 + r.int(word.length - 2);
  switch (r.int(3)) {
    case 0:
      return word.slice(0, i) + word.slice(i + 1);
    case 1:
      return word.slice(0, i) + "x" + word.slice(i + 1);
    default:
      return word.slice(0, i) + "e" + word.slice(i);
  }
}

function keywords(r: Random): string {
  if (r.int(2)) return "";
  const w = r.pick(all);
  const words = `${w.name} ${w.trainers[0]?.name ?? ""} ${w.benefits.join(" ")}`
    .split(/\s+/)
    .filter((x) => x.length > 2);
  const chosen = Array.from({ length: 1 + r.int(2) }, () => r.pick(words));
  if (r.int(3) === 0) chosen.push(r.pick(words).slice(0, 3)); // still typing
  return chosen.map((x) => respell(r, r.int(3) === 0 ? typo(r, x) : x)).join(r.pick([" ", "  ", ", "]));
}

function request(r: Random): RefRequest {
  const pagination = r.int(6) === 0 ? "off" : "on";
  return {
    facets: r.pick<"*" | string[]>([
      "*",
      [],
      ["trainer", "equipment"],
      ["focusMember", "collection", "live"],
      ["category", "pacing", "level", "type", "benefits"],
    ]),
    filters: filters(r),
    keywords: keywords(r),
    sort: r.pick(["newest", "oldest", "shortest", "longest"] as const),
    page: r.pick([0, 0, 0, 1, 2, 5]),
    hits: r.pick([1, 12, 50, 364, 2000]),
    pagination,
    equipmentFilter: r.pick(["selected", "additional"] as const),
    seriesWorkoutsParam: r.int(8) === 0 ? r.pick([...series.keys(), "no-such-series"]) : "",
    // Avoid filters on a quarter of the queries, one to three keys (strains and equipment).
    ...(r.int(4) === 0 ? { avoid: Array.from({ length: 1 + r.int(3) }, () => r.pick(AVOID_KEYS)) } : {}),
  };
}

describe("search matches a brute-force reference over the seeded catalogue", () => {
  it("has the demo catalogue to search", () => {
    expect(all.length).toBeGreaterThan(300);
  });

  it("answers 400 generated queries with the reference's hits, order, counts, facets and selection", async () => {
    const r = createRandom(4242);
    let withHits = 0;
    for (let i = 0; i < 400; i++) {
      const body = request(r);
      const res = await t.call("POST", "/tsapi/workouts/search", { body });
      expect(res.statusCode, JSON.stringify(body)).toBe(200);
      const got = res.json();
      const want = referenceSearch(all, series, body);
      const label = JSON.stringify(body);
      expect({ ...got, hits: got.hits.map((h: { id: string }) => h.id) }, label).toEqual(want);
      if (want.nbHits) withHits++;
    }
    // The generator must exercise real matches, not just empty answers.
    expect(withHits).toBeGreaterThan(200);
  }, 180_000);
});
