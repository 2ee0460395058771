import { describe, expect, it } from "vitest";
import { mediaUrl, resolveConfig } from "../../widgets/ui/config.js";
import { filterGroups } from "../../widgets/workout-search/filter-groups.js";
import { optionLabel } from "../../widgets/workout-search/groups.js";
import type { SearchResponse, WorkoutFilters } from "../../src/api/index.js";

describe("widget configuration", () => {
  it("prefers attributes, then the page config, then defaults", () => {
    const page = { apiBase: "https://api.example/", appUrl: "https://app.example", locale: "fr-FR" };
    expect(resolveConfig({}, page)).toMatchObject({
      apiBase: "https://api.example",
      appUrl: "https://app.example",
      locale: "fr-FR",
    });
    expect(
      resolveConfig({ apiBase: "https://other.example", locale: "de-DE", timeZone: "Europe/Berlin" }, page),
    ).toMatchObject({
      apiBase: "https://other.example",
      appUrl: "https://app.example",
      locale: "de-DE",
      timeZone: "Europe/Berlin",
    });
    expect(resolveConfig({ apiBase: "https://api.example" }, {}).appUrl).toBe("https://api.example");
  });

  it("ignores an unknown time zone instead of breaking", () => {
    const config = resolveConfig(
      { apiBase: "https://a.example", timeZone: "Mars/Olympus" },
      { timeZone: "America/Chicago" },
    );
    expect(config.timeZone).toBe("America/Chicago");
  });

  it("resolves media paths against the API host, not the embedding page", () => {
    expect(mediaUrl("/media/posters/a.jpg", "https://api.example")).toBe("https://api.example/media/posters/a.jpg");
    expect(mediaUrl("https://cdn.example/a.jpg", "https://api.example")).toBe("https://cdn.example/a.jpg");
    expect(mediaUrl(null, "https://api.example")).toBeUndefined();
  });
});

describe("the library's filter groups", () => {
  const results = {
    facets: {
      trainer: { "Mia Chen": 3, "Ana Ruiz": 5 },
      equipment: { Mat: 9 },
      pacing: {},
      collections: { Modifications: 2 },
    },
  } as unknown as SearchResponse;

  it("lists the spec's length buckets first, then the groups the facets fill, in the product's order", () => {
    const groups = filterGroups(undefined, results);
    expect(groups.map((g) => g.key)).toEqual(["length", "trainer", "equipment", "collections"]);
    expect(groups[0]!.options.map((o) => o.label)).toEqual([
      "5-15 min",
      "16-25 min",
      "26-35 min",
      "36-45 min",
      "46-60 min",
      "60+ min",
    ]);
    expect(groups[1]!.options).toEqual([
      { value: "Ana Ruiz", label: "Ana Ruiz", count: 5 },
      { value: "Mia Chen", label: "Mia Chen", count: 3 },
    ]);
  });

  it("uses the filters endpoint's labels when it describes a group", () => {
    const described: WorkoutFilters = {
      groups: [
        {
          key: "pacing",
          label: "Pacing",
          multiple: true,
          options: [{ value: "slow", label: "Slow & Steady", filter: 'pacing:"slow"', count: 4 }],
        },
      ],
    };
    const groups = filterGroups(described, results);
    expect(groups.find((g) => g.key === "pacing")!.options).toEqual([
      { value: "slow", label: "Slow & Steady", count: 4 },
    ]);
    expect(optionLabel(described, "pacing", "slow")).toBe("Slow & Steady");
    expect(optionLabel(described, "pacing", "unknown")).toBe("unknown");
  });

  it("labels a chip by its length bucket, the endpoint's option under any facet name, else its value", () => {
    const described: WorkoutFilters = {
      groups: [
        {
          key: "trainers",
          label: "Trainers",
          multiple: true,
          options: [{ value: "t1", label: "Ana Ruiz", filter: 'trainer:"t1"', count: 1 }],
        },
      ],
    };
    expect(optionLabel(described, "length", "16-25")).toBe("16-25 min");
    expect(optionLabel(described, "trainer", "t1")).toBe("Ana Ruiz");
    expect(optionLabel(described, "trainer", "Mia Chen")).toBe("Mia Chen");
    expect(optionLabel(undefined, "equipment", "Mat")).toBe("Mat");
  });
});

describe("the page config script", () => {
  it("is read when it appears after the widgets and re-read when it changes; invalid JSON is ignored", async () => {
    const { readPageConfig } = await import("../../widgets/ui/config.js");
    document.getElementById("fitkit-config")?.remove();
    expect(readPageConfig()).toEqual({});
    const script = Object.assign(document.createElement("script"), {
      type: "application/json",
      id: "fitkit-config",
      textContent: '{"apiBase":"https://api.example"}',
    });
    document.head.append(script);
    expect(readPageConfig().apiBase).toBe("https://api.example");
    script.textContent = "{not json";
    const warn = console.warn;
    console.warn = () => {};
    try {
      expect(readPageConfig()).toEqual({});
    } finally {
      console.warn = warn;
      script.remove();
    }
  });
});
