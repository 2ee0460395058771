import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { expectError, startTestApp, type TestApp } from "./harness.js";

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

const LIBRARY = "NOT type:walk AND NOT type:rest";
type Hit = {
  id: string;
  name: string;
  type: string;
  equipment: string[];
  trainers: { name: string }[];
  video: { duration: number };
  start_date: string;
  live: boolean;
};

async function search(body: Record<string, unknown>) {
  const res = await t.call("POST", "/tsapi/workouts/search", { body });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{
    hits: Hit[];
    nbHits: number;
    page: number;
    nbPages: number;
    hitsPerPage: number;
    facets: Record<string, Record<string, number>>;
    selected: string[];
  }>();
}

describe("search: the library's default query", () => {
  it("answers the contract's shape, newest first, with walk and rest excluded only when the filters say so", async () => {
    const body = await search({
      facets: "*",
      filters: LIBRARY,
      keywords: "",
      sort: "newest",
      page: 0,
      hits: 50,
      pagination: "on",
      equipmentFilter: "selected",
      seriesWorkoutsParam: "",
    });
    expect(body).toMatchObject({ page: 0, hitsPerPage: 50, selected: [] });
    expect(body.hits).toHaveLength(50);
    expect(body.nbPages).toBe(Math.ceil(body.nbHits / 50));
    expect(body.hits.every((h) => h.type === "workout")).toBe(true);
    const dates = body.hits.map((h) => Date.parse(h.start_date));
    expect(dates).toEqual([...dates].sort((a, b) => b - a));
    expect(Object.keys(body.facets).sort()).toEqual([
      "benefits",
      "category",
      "collections",
      "equipment",
      "focus",
      "level",
      "live",
      "pacing",
      "trainer",
      "type",
    ]);
    // Facets are disjunctive: the type facet leaves out the type filters themselves, so walk and rest still show.
    expect(body.facets.type).toMatchObject({
      workout: body.nbHits,
      walk: expect.any(Number),
      rest: expect.any(Number),
    });

    const everything = await search({ hits: 1 });
    expect(everything.nbHits).toBeGreaterThan(body.nbHits);
    expect((await search({ filters: "type:walk", hits: 1 })).nbHits).toBeGreaterThan(0);
    expect((await search({ filters: "type:rest", hits: 1 })).nbHits).toBeGreaterThan(0);
  });

  it("sorts shortest and longest by video length", async () => {
    const shortest = (await search({ filters: LIBRARY, sort: "shortest", hits: 30 })).hits.map((h) => h.video.duration);
    expect(shortest).toEqual([...shortest].sort((a, b) => a - b));
    const longest = (await search({ filters: LIBRARY, sort: "longest", hits: 30 })).hits.map((h) => h.video.duration);
    expect(longest).toEqual([...longest].sort((a, b) => b - a));
    expect(longest[0]).toBeGreaterThan(3630);
    const oldest = (await search({ filters: LIBRARY, sort: "oldest", hits: 5 })).hits;
    const newest = (await search({ filters: LIBRARY, sort: "newest", pagination: "off" })).hits;
    expect(oldest.map((h) => h.id)).toEqual(
      newest
        .slice(-5)
        .reverse()
        .map((h) => h.id),
    );
  });
});

describe("search: filters", () => {
  it("combines NOT, AND, OR, parentheses, quoted values, comparisons and TO ranges", async () => {
    const body = await search({
      filters: `${LIBRARY} AND (category:mat-definition OR category:"recover-and-stretch") AND video.duration:300 TO 930 AND NOT live:true`,
      pagination: "off",
    });
    expect(body.nbHits).toBeGreaterThan(0);
    for (const h of body.hits as (Hit & { category: string[] })[]) {
      expect(h.category.some((c) => c === "mat-definition" || c === "recover-and-stretch")).toBe(true);
      expect(h.video.duration).toBeGreaterThanOrEqual(300);
      expect(h.video.duration).toBeLessThanOrEqual(930);
      expect(h.live).toBe(false);
    }
    const long = await search({ filters: "video.duration > 3630", pagination: "off" });
    expect(long.nbHits).toBeGreaterThan(0);
    expect(long.hits.every((h) => h.video.duration > 3630)).toBe(true);
  });

  it("matches values whatever their case and accents", async () => {
    const exact = await search({ filters: 'trainer:"Renée Dubois"', hits: 1 });
    expect(exact.nbHits).toBeGreaterThan(0);
    expect((await search({ filters: 'trainer:"renee dubois"', hits: 1 })).nbHits).toBe(exact.nbHits);
    expect((await search({ filters: "trainer:renee-dubois", hits: 1 })).nbHits).toBe(exact.nbHits);
    expect((await search({ filters: "equipment:p.ball", hits: 1 })).nbHits).toBe(
      (await search({ filters: 'equipment:"P.ball"', hits: 1 })).nbHits,
    );
  });

  it("serves a member's favourites and watched lists through id: filters", async () => {
    const some = (await search({ filters: LIBRARY, hits: 3, sort: "oldest" })).hits.map((h) => h.id);
    const { token } = await t.signIn();
    const res = await t.call("POST", "/tsapi/workouts/search", {
      token,
      body: { filters: `${LIBRARY} AND (${some.map((id) => `id:${id}`).join(" OR ")})`, pagination: "off" },
    });
    expect(res.statusCode).toBe(200);
    expect(
      res
        .json()
        .hits.map((h: Hit) => h.id)
        .sort(),
    ).toEqual([...some].sort());
  });

  it("takes a long favourites list as one OR of id: terms", async () => {
    const all = (await search({ filters: LIBRARY, pagination: "off" })).hits.map((h) => h.id);
    const ids = [...all.slice(0, 300), ...Array.from({ length: 700 }, (_, i) => `gone_${i}`)];
    const body = await search({ filters: `${LIBRARY} AND (${ids.map((id) => `id:${id}`).join(" OR ")})`, hits: 1 });
    expect(body.nbHits).toBe(300);
  });

  it("counts each facet with the other active filters but not its own", async () => {
    const body = await search({
      facets: ["trainer", "category"],
      filters: `${LIBRARY} AND category:meditation AND (trainer:"Ava Brooks" OR trainer:"Mia Chen")`,
      hits: 1,
    });
    // category counts respect the trainer filter; trainer counts respect the category filter.
    const byTrainers = await search({
      filters: `${LIBRARY} AND (trainer:"Ava Brooks" OR trainer:"Mia Chen")`,
      facets: ["category"],
      hits: 1,
    });
    expect(body.facets.category).toEqual(byTrainers.facets.category);
    const inMeditation = await search({ filters: `${LIBRARY} AND category:meditation`, facets: ["trainer"], hits: 1 });
    expect(body.facets.trainer).toEqual(inMeditation.facets.trainer);
    expect(body.nbHits).toBe(
      (inMeditation.facets.trainer!["Ava Brooks"] ?? 0) + (inMeditation.facets.trainer!["Mia Chen"] ?? 0) - 0,
    );
  });
});

describe("search: equipment modes", () => {
  const filters = `${LIBRARY} AND (equipment:"P.ball" OR equipment:"Mat")`;

  it("'selected' keeps only workouts whose equipment lies within the selection and echoes it", async () => {
    const body = await search({ filters, equipmentFilter: "selected", pagination: "off" });
    expect(body.selected).toEqual(["P.ball", "Mat"]);
    expect(body.nbHits).toBeGreaterThan(0);
    for (const h of body.hits) expect(h.equipment.every((e) => e === "P.ball" || e === "Mat")).toBe(true);
  });

  it("'additional' also keeps workouts that use more equipment", async () => {
    const selected = await search({ filters, equipmentFilter: "selected", hits: 1 });
    const additional = await search({ filters, equipmentFilter: "additional", pagination: "off" });
    expect(additional.selected).toEqual(["P.ball", "Mat"]);
    expect(additional.nbHits).toBeGreaterThan(selected.nbHits);
    for (const h of additional.hits) expect(h.equipment.some((e) => e === "P.ball" || e === "Mat")).toBe(true);
    expect(additional.hits.some((h) => h.equipment.some((e) => e !== "P.ball" && e !== "Mat"))).toBe(true);
  });
});

describe("search: keywords", () => {
  it("finds by name, trainer and benefit, tolerating case, accents and one typo", async () => {
    const plain = await search({ keywords: "stretch", hits: 5 });
    expect(plain.nbHits).toBeGreaterThan(0);
    expect(plain.hits[0]!.name.toLowerCase()).toContain("stretch");
    expect((await search({ keywords: "STRETCH", hits: 1 })).nbHits).toBe(plain.nbHits);
    expect((await search({ keywords: "strech", hits: 1 })).nbHits).toBeGreaterThan(0);
    const renee = await search({ keywords: "renee", hits: 50 });
    expect(renee.nbHits).toBeGreaterThan(0);
    expect(
      renee.hits.every(
        (h) => h.trainers.some((tr) => tr.name === "Renée Dubois") || JSON.stringify(h).toLowerCase().includes("rene"),
      ),
    ).toBe(true);
    expect((await search({ keywords: "Renée", hits: 1 })).nbHits).toBe(renee.nbHits);
  });

  it("ranks name matches above description matches, then by the sort", async () => {
    const body = await search({ keywords: "meditation", filters: LIBRARY, pagination: "off" });
    const inName = body.hits.map((h) => /meditation/i.test(h.name));
    const firstMiss = inName.indexOf(false);
    if (firstMiss >= 0) expect(inName.slice(firstMiss).every((x) => !x)).toBe(true);
    const named = body.hits.filter((h) => /meditation/i.test(h.name)).map((h) => Date.parse(h.start_date));
    expect(named).toEqual([...named].sort((a, b) => b - a));
  });

  it("treats SQL and regex metacharacters as plain separators", async () => {
    for (const keywords of ["'; drop table workouts; --", ".*+?^${}()|[]\\", "%_%", "core)(", "\u0000"]) {
      const res = await t.call("POST", "/tsapi/workouts/search", { body: { keywords } });
      expect(res.statusCode, keywords).toBe(200);
    }
    expect((await search({ keywords: "core)(", hits: 1 })).nbHits).toBe(
      (await search({ keywords: "core", hits: 1 })).nbHits,
    );
  });
});

describe("search: pages", () => {
  it("pages through results without overlap and answers empty pages past the end", async () => {
    const first = await search({ filters: LIBRARY, hits: 12, page: 0 });
    const second = await search({ filters: LIBRARY, hits: 12, page: 1 });
    expect(second.hits.map((h) => h.id).some((id) => first.hits.some((h) => h.id === id))).toBe(false);
    const all = await search({ filters: LIBRARY, pagination: "off" });
    expect([...first.hits, ...second.hits].map((h) => h.id)).toEqual(all.hits.slice(0, 24).map((h) => h.id));
    expect(all).toMatchObject({ page: 0, nbPages: 1, hitsPerPage: all.nbHits });
    expect(all.hits).toHaveLength(all.nbHits);
    expect((await search({ filters: LIBRARY, hits: 12, page: 5000 })).hits).toEqual([]);
  });

  it("caps hits per page at 1000 instead of refusing", async () => {
    const body = await search({ hits: 1_000_000 });
    expect(body.hitsPerPage).toBe(1000);
  });

  it("restricts to one series' workouts with seriesWorkoutsParam", async () => {
    const detail = (await t.call("GET", "/tsapi/series/phase-and-function-PHF0921")).json();
    const body = await search({ seriesWorkoutsParam: "phase-and-function-PHF0921", pagination: "off" });
    expect(body.hits.map((h) => h.id).sort()).toEqual(detail.items.map((w: { id: string }) => w.id).sort());
    expect((await search({ seriesWorkoutsParam: "no-such-series" })).nbHits).toBe(0);
  });
});

describe("search: bad input is a 400 in the contract's shape", () => {
  const cases: [string, unknown, RegExp][] = [
    ["unbalanced parenthesis", { filters: "(type:walk OR type:rest" }, /position 24/],
    ["stray closing parenthesis", { filters: "type:walk)" }, /position 10/],
    ["missing value", { filters: "type:" }, /position 6/],
    ["dangling operator", { filters: "type:walk AND" }, /position 14/],
    ["two comparisons without an operator", { filters: "type:walk type:rest" }, /position 11/],
    ["unterminated quote", { filters: 'trainer:"Ava' }, /unterminated.*position 9/],
    ["unknown field", { filters: "NOT colour:red" }, /unknown field "colour" at position 5/],
    ["text compared as a number", { filters: "trainer > 3" }, /not numeric.*position 1/],
    ["number field given text", { filters: "video.duration:long" }, /position 1/],
    ["range bound that is not a number", { filters: "video.duration:300 TO long" }, /position 23/],
    ["lone bang", { filters: "!type:walk" }, /position 1/],
    ["negative page", { page: -1 }, /page/],
    ["huge page", { page: 10_000_000 }, /page/],
    ["zero hits", { hits: 0 }, /hits/],
    ["fractional hits", { hits: 2.5 }, /hits/],
    ["non-string keywords", { keywords: 42 }, /keywords must be a string/],
    ["null keywords", { keywords: null }, /keywords/],
    ["overlong keywords", { keywords: "x".repeat(300) }, /keywords/],
    ["unknown sort", { sort: "random" }, /sort/],
    ["unknown pagination", { pagination: "maybe" }, /pagination/],
    ["unknown equipment mode", { equipmentFilter: "some" }, /equipmentFilter/],
    ["unknown facet", { facets: ["colour"] }, /unknown facet "colour"/],
    ["facets of the wrong type", { facets: 3 }, /facets/],
    ["unknown property", { colour: "red" }, /property colour should not exist/],
    ["deep nesting", { filters: `${"(".repeat(100)}type:walk${")".repeat(100)}` }, /nesting/],
  ];
  for (const [name, body, message] of cases) {
    it(name, async () => {
      const res = await t.call("POST", "/tsapi/workouts/search", { body });
      const error = expectError(res, 400);
      expect([error.message].flat().join(" ")).toMatch(message);
    });
  }

  it("refuses a body that is not JSON", async () => {
    expectError(
      await t.call("POST", "/tsapi/workouts/search", {
        body: "{not json",
        headers: { "content-type": "application/json" },
      }),
      400,
    );
  });
});
