import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { demoWorkouts } from "../../host/server/db/seed/catalogue.js";
import { expectError, startTestApp, type TestApp } from "./harness.js";

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

const WORKOUT_KEYS = [
  "id",
  "slug",
  "name",
  "description",
  "category",
  "type",
  "level",
  "pacing",
  "trainers",
  "equipment",
  "focusMember",
  "benefits",
  "collections",
  "live",
  "start_date",
  "created_at",
  "duration",
  "video",
];

describe("workout categories", () => {
  it("lists the all-classes entry first, then the eight categories by order with their descriptions", async () => {
    const res = await t.call("GET", "/tsapi/workout_categories");
    expect(res.statusCode).toBe(200);
    const { items } = res.json();
    expect(items.map((c: { slug: string }) => c.slug)).toEqual([
      "all-classes",
      "get-started",
      "strength-and-sculpt",
      "progressive-weight-training",
      "cardio-burn",
      "mat-definition",
      "recover-and-stretch",
      "movement-therapy",
      "meditation",
    ]);
    const orders = items.map((c: { order: number }) => c.order);
    expect(orders).toEqual([...orders].sort((a, b) => a - b));
    expect(items[2]).toMatchObject({
      name: "Strength & Sculpt",
      description:
        "Feel the burn in our signature class that focuses on control, resistance and the mind to body connection",
      seo: { data: { workoutPageTitle: expect.any(String), categoryPageDescription: expect.any(String) } },
    });
  });
});

describe("workout detail", () => {
  it("answers a workout by slug in the contract's shape", async () => {
    const res = await t.call("GET", "/tsapi/workouts/25-min-mat-full-body-stretch-OFF0923-S24");
    expect(res.statusCode).toBe(200);
    const w = res.json();
    for (const key of WORKOUT_KEYS) expect(w).toHaveProperty(key);
    expect(w).toMatchObject({
      slug: "25-min-mat-full-body-stretch-OFF0923-S24",
      name: "25 Min Mat Full Body Stretch",
      category: ["recover-and-stretch"],
      type: "workout",
      duration: 25,
      trainers: [{ name: "Renée Dubois", slug: "renee-dubois", id: expect.any(String), image_url: expect.any(String) }],
      collections: [{ slug: "trainer-favorites", name: "Trainer Favorites", id: expect.any(String) }],
      video: { duration: 25 * 60 + 12, poster_url: `/tsapi/v2/workout/${w.id}/video/image` },
    });
    expect(new Date(w.start_date).toISOString()).toBe(w.start_date);
  });

  it("points posters and trainer avatars at images the server answers", async () => {
    const w = (await t.call("GET", "/tsapi/workouts/25-min-mat-full-body-stretch-OFF0923-S24")).json();
    for (const url of [w.video.poster_url, w.trainers[0].image_url]) {
      const res = await t.call("GET", url);
      expect(res.statusCode, url).toBe(200);
      expect(res.headers["content-type"]).toMatch(/^image\//);
    }
  });

  it("answers 404 in the contract's shape for an unknown slug", async () => {
    expectError(await t.call("GET", "/tsapi/workouts/no-such-workout"), 404);
  });

  it("answers workouts by ids in the order asked, skipping unknown ones", async () => {
    const page = (await t.call("POST", "/tsapi/workouts/search", { body: { hits: 3 } })).json();
    const ids = page.hits.map((h: { id: string }) => h.id).reverse();
    const res = await t.call("GET", `/tsapi/workouts/?ids=${[ids[0], "nope", ids[1], ids[2]].join(",")}`);
    expect(res.statusCode).toBe(200);
    expect(res.json().items.map((w: { id: string }) => w.id)).toEqual(ids);
    expect((await t.call("GET", "/tsapi/workouts/?ids=")).json().items).toEqual([]);
  });
});

describe("filters dialog", () => {
  it("counts within the category the member is on, so a count is what choosing the option shows", async () => {
    const categories = (await t.call("GET", "/tsapi/workout_categories")).json().items as {
      slug: string;
      is_all: boolean;
    }[];
    const category = categories.find((c) => !c.is_all && c.slug !== "rest")!;
    const res = await t.call("GET", `/tsapi/v2/workout/filters?category=${category.slug}`);
    expect(res.statusCode, res.body).toBe(200);
    const groups = res.json().groups as { key: string; options: { filter: string; count: number }[] }[];
    const scope = `NOT type:walk AND NOT type:rest AND category:"${category.slug}"`;
    const inCategory = (await t.call("POST", "/tsapi/workouts/search", { body: { filters: scope, hits: 1 } })).json()
      .nbHits;
    const library = (
      await t.call("POST", "/tsapi/workouts/search", { body: { filters: "NOT type:walk AND NOT type:rest", hits: 1 } })
    ).json().nbHits;
    expect(inCategory).toBeGreaterThan(0);
    expect(inCategory).toBeLessThan(library);
    const length = groups.find((g) => g.key === "length")!;
    expect(length.options.reduce((sum, o) => sum + o.count, 0)).toBe(inCategory);
    for (const group of groups) {
      for (const option of group.options.filter((o) => o.filter)) {
        const r = await t.call("POST", "/tsapi/workouts/search", {
          body: { filters: `${scope} AND ${option.filter}`, hits: 1 },
        });
        expect(option.count, `${group.key} ${option.filter}`).toBe(r.json().nbHits);
      }
    }
    // The all-classes tab counts the whole library; an unknown category is named.
    const allTab = categories.find((c) => c.is_all)!;
    const whole = (await t.call("GET", `/tsapi/v2/workout/filters?category=${allTab.slug}`)).json().groups[0].options;
    expect(whole.reduce((sum: number, o: { count: number }) => sum + o.count, 0)).toBe(library);
    expectError(await t.call("GET", "/tsapi/v2/workout/filters?category=no-such-category"), 404);
  });

  it("lists the groups with options and counts that add up to the library", async () => {
    const res = await t.call("GET", "/tsapi/v2/workout/filters");
    expect(res.statusCode).toBe(200);
    const { groups } = res.json();
    expect(groups.map((g: { label: string }) => g.label)).toEqual([
      "Class Length",
      "Level",
      "Pacing",
      "Live Virtual Studio Recordings",
      "Trainers",
      "Equipment",
      "Body Focus",
      "Benefits",
      "Collections",
    ]);
    const library = (
      await t.call("POST", "/tsapi/workouts/search", { body: { filters: "NOT type:walk AND NOT type:rest", hits: 1 } })
    ).json().nbHits;
    const length = groups[0];
    expect(length.options.map((o: { label: string }) => o.label)).toEqual([
      "5-15 min",
      "16-25 min",
      "26-35 min",
      "36-45 min",
      "46-60 min",
      "60+ min",
    ]);
    for (const o of length.options) expect(o.count).toBeGreaterThan(0);
    expect(length.options.reduce((s: number, o: { count: number }) => s + o.count, 0)).toBe(library);
    // Levels in the product's order, each workout at one level: the counts add up to the library.
    expect(groups[1].options.map((o: { label: string }) => o.label)).toEqual([
      "Beginner",
      "Intermediate",
      "Advanced",
      "All Levels",
    ]);
    expect(groups[1].options.reduce((s: number, o: { count: number }) => s + o.count, 0)).toBe(library);
    expect(groups[2].options.map((o: { label: string }) => o.label)).toEqual([
      "Slow & Steady",
      "Ebbs & Flows",
      "Fast Paced",
    ]);
    const live = groups[3].options;
    expect(live[0].count).toBe(library);
    expect(live[1].count + live[2].count).toBe(library);
    expect(groups[4].options).toHaveLength(12);
    expect(groups[5].options[0].label).toBe("No Equipment");
    expect(groups[6].options.map((o: { label: string }) => o.label)).toEqual([
      "Full Body",
      "Upper Body",
      "Lower Body",
      "Core",
    ]);
    // Every option's filter expression is valid and selects exactly its count.
    for (const group of groups) {
      for (const option of group.options.filter((o: { filter: string }) => o.filter)) {
        const r = await t.call("POST", "/tsapi/workouts/search", {
          body: { filters: `NOT type:walk AND NOT type:rest AND ${option.filter}`, hits: 1 },
        });
        expect(r.json().nbHits, `${group.key} ${option.label}`).toBe(option.count);
      }
    }
  });
});

describe("collections and locations", () => {
  it("lists collections with counts and answers one by id or slug with its workouts", async () => {
    const { items, total } = (await t.call("GET", "/tsapi/collections")).json();
    expect(total).toBe(items.length);
    expect(items.map((c: { name: string }) => c.name)).toContain("Sculpt & Mobility");
    const quick = items.find((c: { slug: string }) => c.slug === "quick-hits");
    const one = (await t.call("GET", `/tsapi/collections/${quick.id}`)).json();
    expect(one.workouts).toHaveLength(quick.workoutsCount);
    for (const w of one.workouts) expect(w.collections.map((c: { id: string }) => c.id)).toContain(quick.id);
    expect((await t.call("GET", "/tsapi/collections/quick-hits")).json().id).toBe(quick.id);
    expectError(await t.call("GET", "/tsapi/collections/nope"), 404);
  });

  it("lists the three studios and the live virtual studio with their time zones", async () => {
    const { items } = (await t.call("GET", "/tsapi/locations")).json();
    expect(items.map((l: { id: string; kind: string; time_zone: string }) => [l.id, l.kind, l.time_zone])).toEqual([
      ["chicago", "studio", "America/Chicago"],
      ["new-york", "studio", "America/New_York"],
      ["los-angeles", "studio", "America/Los_Angeles"],
      ["live", "virtual", "America/Chicago"],
    ]);
    expect((await t.call("GET", "/tsapi/locations/new-york")).json()).toMatchObject({
      slug: "new-york",
      name: "New York",
    });
    expectError(await t.call("GET", "/tsapi/locations/boston"), 404);
  });
});

describe("demo catalogue", () => {
  it("is generated deterministically, with unique slugs in the product's style", () => {
    const day = new Date("2026-11-22T12:00:00Z");
    const a = demoWorkouts(day);
    expect(demoWorkouts(day)).toEqual(a);
    expect(new Set(a.map((w) => w.slug)).size).toBe(a.length);
    expect(new Set(a.map((w) => w.id)).size).toBe(a.length);
    for (const w of a) expect(w.slug).toMatch(/^\d+-min-[a-z0-9-]+-[A-Z]{3}\d{2,4}(-S\d+)?$/);
    expect(a.filter((w) => w.type === "walk").length).toBeGreaterThan(0);
    expect(a.filter((w) => w.type === "rest").length).toBeGreaterThan(0);
  });

  it("documents every catalogue route in the OpenAPI description", async () => {
    const doc = (await t.call("GET", "/docs/openapi.json")).json();
    for (const path of [
      "/tsapi/workouts/search",
      "/tsapi/workouts/{slug}",
      "/tsapi/v2/workout/filters",
      "/tsapi/series/{slug}",
      "/tsapi/home_page",
      "/config.json",
    ]) {
      const op = Object.values(doc.paths[path] ?? {})[0] as { tags?: string[]; summary?: string } | undefined;
      expect(op?.summary, path).toEqual(expect.any(String));
      expect(op?.tags?.length, path).toBeGreaterThan(0);
    }
  });
});
