import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { expectError, startTestApp, type TestApp } from "./harness.js";

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

describe("series", () => {
  it("lists ten or more series by name with totals, paged by limit and skip", async () => {
    const all = (await t.call("GET", "/tsapi/series?sortField=name")).json();
    expect(all.total).toBeGreaterThanOrEqual(10);
    const names = all.items.map((s: { name: string }) => s.name);
    expect(names).toEqual(
      [...names].sort((a: string, b: string) => a.localeCompare(b, "en", { sensitivity: "base" }) || (a < b ? -1 : 1)),
    );
    expect(all.items[0]).toMatchObject({
      id: expect.any(String),
      slug: expect.any(String),
      level: expect.any(String),
      workoutsCount: expect.any(Number),
    });
    const page = (await t.call("GET", "/tsapi/series?limit=3&skip=2&sortField=name")).json();
    expect(page.total).toBe(all.total);
    expect(page.items.map((s: { id: string }) => s.id)).toEqual(all.items.slice(2, 5).map((s: { id: string }) => s.id));
  });

  it("answers series by ids in the order asked", async () => {
    const all = (await t.call("GET", "/tsapi/series")).json().items;
    const ids = [all[3].id, all[0].id];
    const res = (await t.call("GET", `/tsapi/series?ids=${ids.join(",")},unknown`)).json();
    expect(res.items.map((s: { id: string }) => s.id)).toEqual(ids);
  });

  it("answers Phase & Function with its workouts in order, chapters, related content, equipment and trainers", async () => {
    const res = await t.call("GET", "/tsapi/series/phase-and-function-PHF0921?include=4");
    expect(res.statusCode).toBe(200);
    const s = res.json();
    expect(s).toMatchObject({
      name: "Phase & Function",
      slug: "phase-and-function-PHF0921",
      workoutsCount: s.items.length,
    });
    expect(s.items.length).toBeGreaterThanOrEqual(8);
    expect(s.items.map((w: { position: number }) => w.position)).toEqual(s.items.map((_: unknown, i: number) => i + 1));
    expect(s.items[0]).toMatchObject({
      id: expect.any(String),
      slug: expect.any(String),
      video: { duration: expect.any(Number) },
      chapter: 1,
    });
    expect(s.chapters.map((c: { title: string }) => c.title)).toEqual([
      "Menstrual Phase",
      "Follicular Phase",
      "Ovulatory Phase",
      "Luteal Phase",
    ]);
    expect(s.equipment.length).toBeGreaterThan(0);
    expect(s.trainers.length).toBeGreaterThan(0);
    expect(s.relatedContent.map((r: { title: string }) => r.title)).toEqual(["Before You Start", "Additional content"]);
    expect(s.relatedContent[1].workouts.length).toBeGreaterThan(0);
    expect((await t.call("GET", `/tsapi/series/${s.id}`)).json().slug).toBe(s.slug);
  });

  it("answers the overview page with categories of series", async () => {
    const o = (await t.call("GET", "/tsapi/series_overview_page")).json();
    expect(o.pageDescription).toEqual(expect.any(String));
    expect(o.newfeaturedSeriesBanner).toMatchObject({ seriesSlug: "phase-and-function-PHF0921" });
    expect(o.seriesCategoriesList.length).toBeGreaterThanOrEqual(3);
    for (const c of o.seriesCategoriesList) {
      expect(c).toMatchObject({ name: expect.any(String), slug: expect.any(String) });
      expect(c.series.length).toBeGreaterThan(0);
    }
  });

  it("answers 404 for an unknown series and 400 for bad paging", async () => {
    expectError(await t.call("GET", "/tsapi/series/no-such-series"), 404);
    expectError(await t.call("GET", "/tsapi/series?limit=-1"), 400);
    expectError(await t.call("GET", "/tsapi/series?sortField=colour"), 400);
    expectError(await t.call("GET", "/tsapi/series?limit=abc"), 400);
  });
});

describe("workout calendars (public part)", () => {
  it("answers a calendar with its days, rest and walk days included", async () => {
    const res = await t.call("GET", "/tsapi/workout_calendars/4-week-sculpt-calendar");
    expect(res.statusCode).toBe(200);
    const c = res.json();
    expect(c).toMatchObject({ slug: "4-week-sculpt-calendar", total_days: 28 });
    expect(c.days.map((d: { day: number }) => d.day)).toEqual(Array.from({ length: 28 }, (_, i) => i + 1));
    const kinds = new Set(c.days.map((d: { kind: string }) => d.kind));
    expect(kinds).toEqual(new Set(["workout", "walk", "rest"]));
    for (const d of c.days) {
      if (d.workout) expect(d.workout.type).toBe(d.kind);
    }
  });

  it("answers calendars by ids or slugs, or all of them", async () => {
    const all = (await t.call("GET", "/tsapi/workout_calendars/ids")).json();
    expect(all.total).toBeGreaterThanOrEqual(3);
    const other = all.items.find((c: { slug: string }) => c.slug !== "2-week-reset");
    const one = (await t.call("GET", `/tsapi/workout_calendars/ids?ids=${other.id},2-week-reset`)).json();
    expect(one.items.map((c: { slug: string }) => c.slug).sort()).toEqual([other.slug, "2-week-reset"].sort());
  });

  it("answers 404 for an unknown calendar", async () => {
    expectError(await t.call("GET", "/tsapi/workout_calendars/no-such-calendar"), 404);
  });
});
