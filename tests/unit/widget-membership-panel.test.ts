import { describe, expect, it } from "vitest";
import { validateAddress } from "../../widgets/membership-panel/flows.js";

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
