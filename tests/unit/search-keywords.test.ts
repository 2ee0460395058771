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

  it("count a narrow set over its occupied words and a broad one over its gaps, as a full count would", () => {
    const size = 32 * 8 + 5;
    const universe = Bitset.full(size);
    const value = new Bitset(size);
    for (let i = 0; i < size; i += 3) value.set(i);
    const narrow = new Bitset(size);
    [1, 3, 40, 260].forEach((i) => narrow.set(i));
    const broad = new Bitset(size).not(universe).andNot(narrow);
    const total = value.count();

    const narrowWords = narrow.wordsToRead(universe);
    expect(narrowWords).toEqual({ occupied: Int32Array.from([0, 1, 8]) });
    if (!narrowWords || !("occupied" in narrowWords)) throw new Error("expected the occupied words");
    expect(narrow.countAndAt(value, narrowWords.occupied)).toBe(narrow.countAnd(value));

    const broadWords = broad.wordsToRead(universe);
    expect(broadWords).toEqual({ gaps: Int32Array.from([0, 1, 8]) });
    if (!broadWords || !("gaps" in broadWords)) throw new Error("expected the gaps");
    expect(total - value.countAndNotAt(broad, broadWords.gaps)).toBe(broad.countAnd(value));

    const half = new Bitset(size);
    for (let i = 0; i < size; i += 64) half.set(i);
    for (let i = 32; i < size; i += 64) half.words[i >>> 5] = 0xffffffff;
    expect(half.wordsToRead(universe)).toBeNull();
  });
});
