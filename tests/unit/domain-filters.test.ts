import { describe, expect, it } from "vitest";
import {
  compactQuery,
  emptyFilters,
  filtersFromQuery,
  filtersToQuery,
  LENGTH_BUCKETS,
  lengthExpression,
  lengthKeyOf,
  sameFilters,
  searchRequest,
  SORT_OPTIONS,
} from "../../src/domain/index.js";

describe("length buckets ↔ filter expressions (spec §9, seconds)", () => {
  it.each([
    ["5-15", "video.duration:300 TO 930"],
    ["16-25", "video.duration:930 TO 1530"],
    ["26-35", "video.duration:1530 TO 2130"],
    ["36-45", "video.duration:2130 TO 2730"],
    ["46-60", "video.duration:2730 TO 3630"],
    ["60+", "video.duration > 3630"],
  ])("%s ↔ %s", (key, expression) => {
    expect(lengthExpression(key)).toBe(expression);
    expect(lengthKeyOf(expression)).toBe(key);
  });
  it("has six buckets and rejects unknown ones", () => {
    expect(LENGTH_BUCKETS).toHaveLength(6);
    expect(lengthExpression("1-2")).toBeUndefined();
    expect(lengthKeyOf("video.duration > 1")).toBeUndefined();
  });
});

describe("filter query keys (spec §2)", () => {
  it("reads every key, repeated or comma-separated", () => {
    const f = filtersFromQuery(
      "length=5-15,60%2B&benefits=Tone&trainer=Anna%20Lee&trainer=Bo&focus=Core&equipment=Mat&pacing=Fast%20Paced&collections=basic&favorites=true&watched=1&avoid=knees,bogus&avoid=jumping",
    );
    expect(f).toEqual({
      length: ["5-15", "60+"],
      level: [],
      benefits: ["Tone"],
      trainer: ["Anna Lee", "Bo"],
      focus: ["Core"],
      equipment: ["Mat"],
      pacing: ["Fast Paced"],
      collections: ["basic"],
      favorites: true,
      watched: true,
      live: "all",
      // Known avoid keys only, once each, in chip order.
      avoid: ["jumping", "knees"],
    });
  });
  it("accepts the singular `collection` alternate set", () => {
    expect(filtersFromQuery("collection=a,b&collections=b").collections).toEqual(["b", "a"]);
  });
  it("drops unknown length buckets and reads absent switches as off", () => {
    const f = filtersFromQuery("length=bogus&favorites=false");
    expect(f.length).toEqual([]);
    expect(f.favorites).toBe(false);
    expect(f.watched).toBe(false);
  });
  it("writes only what is set, and round-trips", () => {
    const f = { ...emptyFilters(), trainer: ["Anna Lee"], collections: ["x"], favorites: true, live: "hide" as const };
    const q = filtersToQuery(f);
    expect(q).toBe("trainer=Anna+Lee&collections=x&favorites=true&live=hide");
    expect(filtersFromQuery(q)).toEqual(f);
    expect(filtersToQuery(f, { singular: true })).toContain("collection=x");
    expect(filtersToQuery(emptyFilters())).toBe("");
  });
  it("compares filter states regardless of value order", () => {
    expect(sameFilters({ ...emptyFilters(), trainer: ["a", "b"] }, { ...emptyFilters(), trainer: ["b", "a"] })).toBe(
      true,
    );
    expect(sameFilters({ ...emptyFilters(), trainer: ["a"] }, emptyFilters())).toBe(false);
  });
  it("drops series filter keys with empty values", () => {
    expect(compactQuery({ level: "", trainer: [], focus: ["Core"], page: 0, q: null })).toEqual({
      focus: ["Core"],
      page: 0,
    });
  });
});

describe("search request from filters (spec §3)", () => {
  const base = "NOT type:walk AND NOT type:rest";
  it("defaults to the whole library without walks and rests, newest first, page 0 of 50", () => {
    expect(searchRequest({ filters: emptyFilters() })).toEqual({
      facets: "*",
      filters: base,
      keywords: "",
      sort: "newest",
      page: 0,
      hits: 50,
      pagination: "on",
      equipmentFilter: "selected",
      seriesWorkoutsParam: "",
    });
  });
  it("ORs values within a group and ANDs the groups", () => {
    const r = searchRequest({
      filters: { ...emptyFilters(), length: ["5-15", "60+"], trainer: ["Anna Lee"], equipment: ["P.ball", "Mat"] },
      category: "cardio-burn",
    });
    expect(r!.filters).toBe(
      `${base} AND category:"cardio-burn" AND (video.duration:300 TO 930 OR video.duration > 3630) AND trainer:"Anna Lee" AND (equipment:"P.ball" OR equipment:"Mat")`,
    );
  });
  it("quotes values safely", () => {
    expect(searchRequest({ filters: { ...emptyFilters(), focus: ['say "hi"'] } })!.filters).toContain(
      'focus:"say \\"hi\\""',
    );
  });
  it("shows the rest category's rest days", () => {
    expect(searchRequest({ filters: emptyFilters(), category: "rest" })!.filters).toBe("type:rest");
  });
  it("filters live recordings: only or hide", () => {
    expect(searchRequest({ filters: { ...emptyFilters(), live: "only" } })!.filters).toBe(`${base} AND live:true`);
    expect(searchRequest({ filters: { ...emptyFilters(), live: "hide" } })!.filters).toBe(`${base} AND NOT live:true`);
  });
  it("turns favourites and watched into id lists for members only (spec §5)", () => {
    const filters = { ...emptyFilters(), favorites: true, watched: true };
    expect(searchRequest({ filters, signedIn: true, favouriteIds: ["a", "b"], watchedIds: ["c"] })!.filters).toBe(
      `${base} AND (id:"a" OR id:"b") AND id:"c"`,
    );
    expect(searchRequest({ filters, signedIn: false, favouriteIds: ["a"] })!.filters).toBe(base);
  });
  it("answers null when favourites or watched is on with no ids (spec §5: empty lists)", () => {
    expect(
      searchRequest({ filters: { ...emptyFilters(), favorites: true }, signedIn: true, favouriteIds: [] }),
    ).toBeNull();
  });
  it("sends the avoid list only when there is one (a server from before avoid filters refuses the property)", () => {
    expect(searchRequest({ filters: { ...emptyFilters(), avoid: ["wrists", "jumping"] } })!.avoid).toEqual([
      "jumping",
      "wrists",
    ]);
    expect(searchRequest({ filters: emptyFilters() })).not.toHaveProperty("avoid");
    expect(filtersToQuery({ ...emptyFilters(), avoid: ["floor", "knees"] })).toBe("avoid=knees%2Cfloor");
  });
  it("carries keywords, sort, page, size and equipment mode", () => {
    expect(
      searchRequest({
        filters: emptyFilters(),
        keywords: "  core ",
        sort: "longest",
        page: 2,
        hits: 12,
        equipmentMode: "additional",
      }),
    ).toMatchObject({
      keywords: "core",
      sort: "longest",
      page: 2,
      hits: 12,
      equipmentFilter: "additional",
    });
  });
  it("lists the sort options with Newest first", () =>
    expect(SORT_OPTIONS).toEqual(["newest", "popular", "oldest", "shortest", "longest"]));
});
