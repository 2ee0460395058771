import { describe, expect, it } from "vitest";
import { ordinal } from "../../src/domain/ordinal.js";

describe("ordinal (a waitlist position per language)", () => {
  it("writes English ordinals by plural category, teens included", () => {
    expect([1, 2, 3, 4, 11, 12, 13, 21, 22, 23, 101, 111].map((n) => ordinal(n))).toEqual([
      "1st",
      "2nd",
      "3rd",
      "4th",
      "11th",
      "12th",
      "13th",
      "21st",
      "22nd",
      "23rd",
      "101st",
      "111th",
    ]);
    expect(ordinal(2, "en-US")).toBe("2nd");
  });
  it("writes Spanish with the ordinal indicator", () => {
    expect([1, 3, 12].map((n) => ordinal(n, "es-US"))).toEqual(["1.º", "3.º", "12.º"]);
  });
  it("writes French 1er, then 2e, 3e…", () => {
    expect([1, 2, 3, 21].map((n) => ordinal(n, "fr-CA"))).toEqual(["1er", "2e", "3e", "21e"]);
  });
});
