import { describe, expect, it } from "vitest";
import { ApiError } from "../../src/api/index.js";
import { validateAddress } from "../../widgets/membership-panel/flows.js";
import { problemsOf } from "../../widgets/membership-panel/address-refusal.js";

const address = { country: "USA", address1: "1100 W Randolph St", city: "Chicago", state: "IL", zip: "60607" };

describe("billing address validation", () => {
  it("accepts US and Canadian postal codes", () => {
    expect(validateAddress(address)).toEqual({});
    expect(validateAddress({ ...address, zip: "60607-1234" }).zip).toBeUndefined();
    expect(validateAddress({ ...address, country: "Canada", zip: "M5V 2T6" }).zip).toBeUndefined();
  });

  it("answers the spec's copy for a wrong zip or a missing city", () => {
    expect(validateAddress({ ...address, zip: "6060" }).zip).toBe("Wrong Zip Code");
    expect(validateAddress({ ...address, country: "Canada", zip: "60607" }).zip).toBe("Wrong Zip Code");
    expect(validateAddress({ ...address, city: "  " }).city).toMatch(/^Wrong City\b/);
  });

  it("names the field and what to do for a city that is not a name, a short phone and an over-long address", () => {
    expect(validateAddress({ ...address, city: "12345!!" })).toEqual({
      city: "Wrong City. Use letters only, like Chicago or St. John's.",
    });
    expect(validateAddress({ ...address, phone: "555" })).toEqual({
      phone: "Phone: enter a number of 10 to 15 digits, like 312 555 0100.",
    });
    expect(validateAddress({ ...address, phone: "312-555-0100" })).toEqual({});
    expect(validateAddress({ ...address, address1: "a".repeat(300) })).toEqual({
      address1: "Address can be at most 100 characters.",
    });
  });
});

// The hosted app's billing address page is the panel's address flow (flow="address"): these were the page's checks.
describe("billing address checks (spec §5)", () => {
  const nyc = { country: "USA", address1: "88 Greenwich Ave", city: "New York", state: "NY", zip: "10014" };

  it("wants a zip of the country's format, a city, and the required fields", () => {
    expect(validateAddress(nyc)).toEqual({});
    expect(validateAddress({ ...nyc, zip: "10014-1234" })).toEqual({});
    expect(validateAddress({ ...nyc, zip: "1OO14" })).toEqual({ zip: "Wrong Zip Code" });
    expect(validateAddress({ ...nyc, country: "Canada", zip: "M5V 2T6" })).toEqual({});
    expect(validateAddress({ ...nyc, country: "Canada", zip: "10014" })).toEqual({ zip: "Wrong Zip Code" });
    expect(validateAddress({ ...nyc, address1: "", state: "" })).toEqual({
      address1: "Address is required",
      state: "State is required",
    });
    expect(validateAddress({ ...nyc, city: "St. John's" })).toEqual({});
    expect(validateAddress({ ...nyc, phone: "+1 (312) 555-0100" })).toEqual({});
  });

  it("reads which fields a refused address names, by its code", () => {
    const refused = (values: Record<string, string>, code = "address_invalid") =>
      new ApiError("PUT", "/v2/subscriptions/subs/s1/address", 400, {
        statusCode: 400,
        error: "Bad Request",
        message: "Wrong Zip Code",
        code,
        values,
      });
    expect(problemsOf(refused({ zip: "zip", city: "city" }))).toEqual([
      ["zip", "zip"],
      ["city", "city"],
    ]);
    expect(problemsOf(refused({ state: "required", address1: "tooLong", phone: "phone" }))).toEqual([
      ["state", "required"],
      ["address1", "tooLong"],
      ["phone", "phone"],
    ]);
    expect(problemsOf(refused({ zip: "zip" }, "validation"))).toEqual([]);
    expect(problemsOf(new Error("Wrong Zip Code"))).toEqual([]);
  });
});
