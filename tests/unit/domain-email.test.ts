import { describe, expect, it } from "vitest";
import { looksLikeEmail } from "../../src/domain/email.js";

describe("the forms' email check (one pattern for the app and the widgets)", () => {
  it("takes an address with a domain, spaces around it trimmed", () => {
    expect(looksLikeEmail("ana@example.com")).toBe(true);
    expect(looksLikeEmail("  ana.lopez+fit@mail.example.co.uk ")).toBe(true);
  });

  it("refuses text that cannot be an address", () => {
    for (const text of ["", "ana", "ana@", "@example.com", "ana@example", "ana lopez@example.com", "a@b@c.d"])
      expect(looksLikeEmail(text), text).toBe(false);
  });
});
