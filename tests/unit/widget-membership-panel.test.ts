import { describe, expect, it } from "vitest";
import { validateAddress } from "../../widgets/membership-panel/flows.js";

const address = { country: "USA", address1: "1100 W Randolph St", city: "Chicago", state: "IL", zip: "60607" };

describe("billing address validation", () => {
  it("accepts US and Canadian postal codes", () => {
    expect(validateAddress(address)).toEqual({ zip: undefined, city: undefined });
    expect(validateAddress({ ...address, zip: "60607-1234" }).zip).toBeUndefined();
    expect(validateAddress({ ...address, country: "Canada", zip: "M5V 2T6" }).zip).toBeUndefined();
  });

  it("answers the spec's copy for a wrong zip or a missing city", () => {
    expect(validateAddress({ ...address, zip: "6060" }).zip).toBe("Wrong Zip Code");
    expect(validateAddress({ ...address, country: "Canada", zip: "60607" }).zip).toBe("Wrong Zip Code");
    expect(validateAddress({ ...address, city: "  " }).city).toBe("Wrong City");
  });
});
