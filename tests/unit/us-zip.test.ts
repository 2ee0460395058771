import { describe, expect, it } from "vitest";
import { addressProblems } from "../../src/domain/billing-address.js";
import { zipMatchesState } from "../../src/domain/us-zip.js";

describe("a US ZIP and its state (USPS prefix ranges)", () => {
  it("takes each state's own ZIPs, by code or by name", () => {
    const own: [string, string][] = [
      ["IL", "60601"],
      ["Illinois", "62701"],
      ["AK", "99999"],
      ["new york", "10001"],
      ["NY", "06390"],
      ["MA", "05501"],
      ["VT", "05401"],
      ["District of Columbia", "20500"],
      ["TX", "73301"],
      ["Puerto Rico", "00901"],
      ["CA", "94105-1234"],
      ["Palau", "96940"],
      ["WY", "82001"],
      ["AE", "09001"],
    ];
    for (const [state, zip] of own) expect(zipMatchesState(zip, state), `${zip} ${state}`).toBe(true);
  });

  it("refuses a ZIP of another state, and leaves a state it does not know to the format check", () => {
    expect(zipMatchesState("99999", "IL")).toBe(false);
    expect(zipMatchesState("10001", "NJ")).toBe(false);
    expect(zipMatchesState("73301", "OK")).toBe(false);
    expect(zipMatchesState("60601", "Ill.")).toBeUndefined();
    const address = { address1: "1 Main St", city: "Chicago", state: "IL" };
    expect(addressProblems({ ...address, zip: "99999" }, "USA", zipMatchesState)).toEqual({ zip: "zip" });
    expect(addressProblems({ ...address, zip: "60601" }, "USA", zipMatchesState)).toEqual({});
  });
});
