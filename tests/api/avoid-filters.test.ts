import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { catalogueStrain } from "../../host/server/db/seed/catalogue-strain.js";
import { expectError, startTestApp, type TestApp } from "./harness.js";
import { referenceSearch, type RefRequest, type RefWorkout } from "./search-reference.js";

let t: TestApp;
/** The whole catalogue as the API answers it, walks and rest days included. */
let all: (RefWorkout & { strain: string[] })[];

beforeAll(async () => {
  t = await startTestApp();
  all = (await t.call("POST", "/tsapi/workouts/search", { body: { pagination: "off" } })).json().hits;
});
afterAll(() => t.close());

const LIBRARY = "NOT type:walk AND NOT type:rest";
const WEIGHTS = ["Light Weights", "Heavy Weights", "Ankle Weights"];
type Answer = {
  hits: (RefWorkout & { strain: string[] })[];
  nbHits: number;
  facets: Record<string, Record<string, number>>;
  selected: string[];
};

async function search(body: Record<string, unknown>): Promise<Answer> {
  const res = await t.call("POST", "/tsapi/workouts/search", { body });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

const ids = (a: { hits: { id: string }[] }) => a.hits.map((h) => h.id);
const library = () => all.filter((w) => w.type === "workout");

describe("avoid filters: the catalogue's strain tags", () => {
  it("tags every workout from what it is: cardio jumps, mat work is on the floor, walks and seated meditation load nothing", () => {
    expect(all.length).toBeGreaterThan(300);
    for (const w of all) expect(Array.isArray(w.strain), w.slug).toBe(true);
    const inCategory = (slug: string) => all.filter((w) => w.category.includes(slug));
    expect(inCategory("cardio-burn").length).toBeGreaterThan(20);
    for (const w of inCategory("cardio-burn")) expect(w.strain, w.name).toEqual(expect.arrayContaining(["jumping"]));
    for (const w of inCategory("mat-definition"))
      expect(w.strain, w.name).toEqual(expect.arrayContaining(["wrists", "lower-back", "floor"]));
    for (const w of inCategory("recover-and-stretch")) expect(w.strain, w.name).toContain("floor");
    for (const w of inCategory("meditation").filter((x) => /Breath|Mindfulness|Gratitude/.test(x.name)))
      expect(w.strain, w.name).toEqual([]);
    for (const w of all.filter((x) => x.type === "walk")) expect(w.strain, w.name).toEqual([]);
    for (const w of all.filter((x) => /Shoulder Rehab|Upper Body/.test(x.name)))
      expect(w.strain, w.name).toContain("shoulders");
    for (const w of all.filter((x) => /Knee Strength|Lower Body/.test(x.name)))
      expect(w.strain, w.name).toContain("knees");
    // Nobody's whole library disappears: each tag leaves plenty to do.
    for (const tag of ["jumping", "wrists", "shoulders", "knees", "lower-back", "floor"]) {
      const tagged = library().filter((w) => w.strain.includes(tag)).length;
      expect(tagged, tag).toBeGreaterThan(10);
      expect(tagged, tag).toBeLessThan(library().length * 0.75);
    }
  });
});

describe("avoid filters: search", () => {
  it("leaves out every workout with an avoided strain, and only those", async () => {
    const answer = await search({ filters: LIBRARY, avoid: ["jumping"], pagination: "off" });
    const expected = library().filter((w) => !w.strain.includes("jumping"));
    expect(answer.nbHits).toBe(expected.length);
    expect(answer.nbHits).toBeLessThan(library().length);
    expect(new Set(ids(answer))).toEqual(new Set(expected.map((w) => w.id)));
  });

  it("leaves out a workout having any of several avoided keys, equipment included", async () => {
    const answer = await search({ filters: LIBRARY, avoid: ["wrists", "weights"], pagination: "off" });
    const expected = library().filter(
      (w) => !w.strain.includes("wrists") && !w.equipment.some((e) => WEIGHTS.includes(e)),
    );
    expect(answer.nbHits).toBe(expected.length);
    for (const w of answer.hits) {
      expect(w.strain).not.toContain("wrists");
      expect(w.equipment.filter((e) => WEIGHTS.includes(e))).toEqual([]);
    }
  });

  it("counts facets without the avoided workouts", async () => {
    const answer = await search({ filters: LIBRARY, facets: "*", avoid: ["jumping", "weights"], hits: 1 });
    // Every cardio class jumps, and no weights are left to count.
    expect(answer.facets.category?.["cardio-burn"]).toBeUndefined();
    for (const e of WEIGHTS) expect(answer.facets.equipment?.[e]).toBeUndefined();
    const left = library().filter(
      (w) => !w.strain.includes("jumping") && !w.equipment.some((e) => WEIGHTS.includes(e)),
    );
    const matCount = left.filter((w) => w.equipment.includes("Mat")).length;
    expect(answer.facets.equipment?.Mat).toBe(matCount);
    // One category per class: the category counts add up to the classes left.
    expect(Object.values(answer.facets.category ?? {}).reduce((a, b) => a + b, 0)).toBe(left.length);
  });

  it("combines with keywords, facet filters and the equipment mode", async () => {
    const keywordsOnly = await search({ filters: LIBRARY, keywords: "sculpt", pagination: "off" });
    const avoiding = await search({ filters: LIBRARY, keywords: "sculpt", avoid: ["shoulders"], pagination: "off" });
    expect(avoiding.nbHits).toBeGreaterThan(0);
    expect(avoiding.nbHits).toBeLessThan(keywordsOnly.nbHits);
    // Same relevance order, the avoided ones taken out.
    expect(ids(avoiding)).toEqual(keywordsOnly.hits.filter((w) => !w.strain.includes("shoulders")).map((w) => w.id));

    const filters = `${LIBRARY} AND category:"strength-and-sculpt" AND (equipment:"Mat" OR equipment:"P.band")`;
    const picked = await search({ filters, avoid: ["knees"], facets: ["category", "equipment"], pagination: "off" });
    expect(picked.nbHits).toBeGreaterThan(0);
    for (const w of picked.hits) {
      expect(w.category).toContain("strength-and-sculpt");
      expect(w.strain).not.toContain("knees");
    }
    // The equipment facet leaves out its own filter (disjunctive) but never the avoided workouts.
    const scope = library().filter((w) => w.category.includes("strength-and-sculpt") && !w.strain.includes("knees"));
    expect(picked.facets.equipment?.Mat).toBe(scope.filter((w) => w.equipment.includes("Mat")).length);

    const selectedOnly = await search({ filters, avoid: ["floor"], equipmentFilter: "selected", pagination: "off" });
    for (const w of selectedOnly.hits) {
      expect(w.strain).not.toContain("floor");
      expect(w.equipment.every((e) => e === "Mat" || e === "P.band")).toBe(true);
    }
    expect(selectedOnly.selected).toEqual(["Mat", "P.band"]);
  });

  it("answers as the brute-force reference does for avoid lists with keywords, facets, sorts and pages", async () => {
    const requests: RefRequest[] = [
      { filters: LIBRARY, avoid: ["jumping"], facets: "*", sort: "shortest", hits: 12, page: 2 },
      { filters: LIBRARY, avoid: ["knees", "floor"], keywords: "core", facets: ["equipment", "focus"] },
      { filters: `${LIBRARY} AND live:true`, avoid: ["ball", "band", "gliders"], facets: "*", pagination: "off" },
      { filters: `(equipment:"Mat" OR equipment:"P.ball")`, avoid: ["lower-back"], equipmentFilter: "selected" },
      { filters: "", avoid: ["shoulders", "wrists", "weights"], keywords: "strech", sort: "oldest", facets: "*" },
      { filters: "type:rest", avoid: ["floor"], facets: ["type"] },
    ];
    for (const body of requests) {
      const res = await t.call("POST", "/tsapi/workouts/search", { body });
      expect(res.statusCode, res.body).toBe(200);
      const got = res.json();
      expect({ ...got, hits: got.hits.map((h: { id: string }) => h.id) }, JSON.stringify(body)).toEqual(
        referenceSearch(all, new Map(), body),
      );
    }
  });

  it("keeps answers with and without avoid apart in the answer cache, whatever the order of the list", async () => {
    const body = { filters: LIBRARY, facets: ["category"], hits: 50 };
    const plain = await search(body);
    const avoiding = await search({ ...body, avoid: ["jumping", "wrists"] });
    const reordered = await search({ ...body, avoid: ["wrists", "jumping", "wrists"] });
    const plainAgain = await search(body);
    expect(avoiding.nbHits).toBeLessThan(plain.nbHits);
    expect(reordered).toEqual(avoiding);
    expect(plainAgain).toEqual(plain);
    expect(avoiding.hits.some((w) => w.strain.includes("jumping") || w.strain.includes("wrists"))).toBe(false);
  });

  it("counts the filter dialog's options without the avoided workouts, and refuses unknown keys there too", async () => {
    type Groups = { groups: { key: string; options: { value: string; count: number }[] }[] };
    const countOf = (g: Groups, key: string, value: string) =>
      g.groups.find((x) => x.key === key)!.options.find((o) => o.value === value)?.count ?? 0;
    const plain = (await t.call("GET", "/tsapi/v2/workout/filters")).json<Groups>();
    const res = await t.call("GET", "/tsapi/v2/workout/filters?avoid=jumping,weights");
    expect(res.statusCode, res.body).toBe(200);
    const avoiding = res.json<Groups>();
    const left = library().filter(
      (w) => !w.strain.includes("jumping") && !w.equipment.some((e) => WEIGHTS.includes(e)),
    );
    expect(countOf(avoiding, "equipment", "Light Weights")).toBe(0);
    expect(countOf(avoiding, "equipment", "Mat")).toBe(left.filter((w) => w.equipment.includes("Mat")).length);
    expect(countOf(avoiding, "length", "16-25")).toBeLessThan(countOf(plain, "length", "16-25"));
    const inCardio = (
      await t.call("GET", "/tsapi/v2/workout/filters?category=cardio-burn&avoid=jumping")
    ).json<Groups>();
    expect(countOf(inCardio, "live", "all")).toBe(0);
    const err = expectError(await t.call("GET", "/tsapi/v2/workout/filters?avoid=jumping,somersaults"), 400);
    expect(err.text).toContain('avoid: unknown value "somersaults"');
  });

  it.each([
    [{ avoid: ["cartwheels"] }, "avoid.0 must be one of the following values: jumping, wrists, shoulders"],
    [{ avoid: "jumping" }, "avoid must be an array"],
    [{ avoid: [3] }, "avoid.0 must be a string"],
    [{ avoid: Array.from({ length: 11 }, () => "jumping") }, "avoid must contain no more than 10 elements"],
  ])("refuses the avoid list %j with a 400 naming it", async (body, message) => {
    const err = expectError(await t.call("POST", "/tsapi/workouts/search", { body }), 400);
    expect(err.text).toContain(message);
  });
});

describe("avoid filters: the member's preferences", () => {
  const put = (token: string, body: unknown) => t.call("PUT", "/v2/user/attributes/preferences", { token, body });
  const get = (token: string) => t.call("GET", "/v2/user/attributes/preferences", { token });

  it("keeps the avoid list, once each in chip order, beside the other preferences, and forgets it on null", async () => {
    const { token } = await t.signUp();
    await put(token, { units: "metric" });
    const saved = await put(token, { avoid: ["knees", "jumping", "knees", "weights"] });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toEqual({ units: "metric", avoid: ["jumping", "knees", "weights"] });
    expect((await get(token)).json()).toEqual({ units: "metric", avoid: ["jumping", "knees", "weights"] });
    expect((await put(token, { avoid: [] })).json()).toEqual({ units: "metric", avoid: [] });
    expect((await put(token, { avoid: null })).json()).toEqual({ units: "metric" });
  });

  it("refuses unknown avoid keys and keeps the list it had", async () => {
    const { token } = await t.signUp();
    await put(token, { avoid: ["floor"] });
    for (const avoid of [["floor", "handstands"], "floor", [{}]]) {
      const err = expectError(await put(token, { avoid }), 400);
      expect(err.text).toMatch(/^avoid/);
    }
    expect((await get(token)).json()).toEqual({ avoid: ["floor"] });
  });

  it("needs a member, and each member reads and writes only their own list", async () => {
    expectError(await t.call("PUT", "/v2/user/attributes/preferences", { body: { avoid: ["jumping"] } }), 401);
    const a = await t.signUp();
    const b = await t.signUp();
    await put(a.token, { avoid: ["jumping"] });
    await put(b.token, { avoid: ["wrists"] });
    expect((await get(a.token)).json()).toEqual({ avoid: ["jumping"] });
    expect((await get(b.token)).json()).toEqual({ avoid: ["wrists"] });
  });
});

describe("avoid filters: a catalogue from before the tags", () => {
  it("tags the workouts not yet assessed as the seed would, and the search sees them", async () => {
    const sample = [
      ...all.filter((w) => w.category.includes("cardio-burn")).slice(0, 3),
      ...all.filter((w) => w.category.includes("mat-definition")).slice(0, 3),
      ...all.filter((w) => w.type !== "workout").slice(0, 2),
    ];
    const before = new Map(sample.map((w) => [w.id, w.strain]));
    await t.db
      .updateTable("workouts")
      .set({ strain: null })
      .where(
        "id",
        "in",
        sample.map((w) => w.id),
      )
      .execute();
    const untagged = await t.db.selectFrom("workouts").select("id").where("strain", "is", null).execute();
    expect(untagged.map((r) => r.id).sort()).toEqual([...before.keys()].sort());
    // Not assessed yet: nothing known to avoid, so the index (rebuilt on the change) keeps it in.
    const jumper = sample[0]!;
    const avoidingJumps = async () => ids(await search({ filters: `id:${jumper.id}`, avoid: ["jumping"] }));
    await expect.poll(avoidingJumps, { timeout: 10_000 }).toEqual([jumper.id]);

    await t.db.transaction().execute((trx) => catalogueStrain.run(trx, { clock: t.clock }));
    const rows = await t.db
      .selectFrom("workouts")
      .select(["id", "strain"])
      .where(
        "id",
        "in",
        sample.map((w) => w.id),
      )
      .execute();
    expect(new Map(rows.map((r) => [r.id, r.strain]))).toEqual(before);
    await expect.poll(avoidingJumps, { timeout: 10_000 }).toEqual([]);
    expect(ids(await search({ filters: `id:${jumper.id}` }))).toEqual([jumper.id]);
  });
});
