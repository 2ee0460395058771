import { describe, expect, it } from "vitest";
import { Bitset } from "../../host/server/search/bitset.js";
import { matchQuality, queryTerms, withinOneEdit } from "../../host/server/search/keywords.js";
import { keywordTerms, normalizeValue } from "../../host/server/search/normalize.js";

describe("keyword normalisation", () => {
  it("ignores case, accents and punctuation", () => {
    expect(normalizeValue("  Zoé   LAURENT ")).toBe("zoe laurent");
    expect(keywordTerms("Renée's P.ball; DROP TABLE--")).toEqual(["renee", "s", "p", "ball", "drop", "table"]);
    expect(keywordTerms(".*+?^${}()|[]\\")).toEqual([]);
  });

  it("keeps at most twelve terms of a long query", () => {
    expect(queryTerms(Array.from({ length: 30 }, (_, i) => `w${i}`).join(" "))).toHaveLength(12);
  });
});

describe("one-typo matching", () => {
  it("accepts one insertion, deletion or substitution and nothing more", () => {
    expect(withinOneEdit("stretch", "stretch")).toBe(true);
    expect(withinOneEdit("strech", "stretch")).toBe(true);
    expect(withinOneEdit("stretchh", "stretch")).toBe(true);
    expect(withinOneEdit("strutch", "stretch")).toBe(true);
    expect(withinOneEdit("srtetch", "stretch")).toBe(false);
    expect(withinOneEdit("stre", "stretch")).toBe(false);
  });

  it("grades exact over prefix (last term only) over typo (terms of four letters or more)", () => {
    expect(matchQuality("core", 0, ["core"], "core")).toBe(4);
    expect(matchQuality("cor", 0, ["cor"], "core")).toBe(2);
    expect(matchQuality("cor", 0, ["cor", "abs"], "core")).toBe(0);
    expect(matchQuality("cxre", 0, ["cxre"], "core")).toBe(1);
    expect(matchQuality("cre", 0, ["x", "cre"], "core")).toBe(0);
  });
});

describe("bitsets", () => {
  it("combine and count across word boundaries", () => {
    const a = new Bitset(70);
    const b = new Bitset(70);
    [0, 31, 32, 69].forEach((i) => a.set(i));
    [31, 33, 69].forEach((i) => b.set(i));
    expect(a.and(b).count()).toBe(2);
    expect(a.or(b).count()).toBe(5);
    expect(a.countAnd(b)).toBe(2);
    const universe = Bitset.full(70);
    expect(universe.count()).toBe(70);
    expect(a.not(universe).count()).toBe(66);
    expect(a.has(32) && !a.has(33)).toBe(true);
  });
});
