import { describe, expect, it } from "vitest";
import { matchLocale, pickLocale } from "../../src/domain/locales.js";

describe("choosing a supported language", () => {
  it("matches exact tags in any case and the same language of another region", () => {
    expect(matchLocale("fr-CA")).toBe("fr-CA");
    expect(matchLocale("ES-us")).toBe("es-US");
    expect(matchLocale("fr")).toBe("fr-CA");
    expect(matchLocale("fr_FR")).toBe("fr-CA");
    expect(matchLocale("es-MX")).toBe("es-US");
    expect(matchLocale("en-GB")).toBe("en-US");
  });

  it("names nothing for an unsupported or empty tag, so the next source is tried", () => {
    expect(matchLocale("de-DE")).toBeUndefined();
    expect(matchLocale("")).toBeUndefined();
    expect(matchLocale(undefined)).toBeUndefined();
    expect(pickLocale("de", null, "fr-BE", "es-US")).toBe("fr-CA");
    expect(pickLocale("de", "")).toBe("en-US");
  });
});
