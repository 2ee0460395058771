import { describe, expect, it } from "vitest";
import { dayInZone, isoDay, resolvedZone } from "../../src/domain/zone-day.js";

const dateIn = (iso: string, zone: string) => isoDay(dayInZone(new Date(iso), zone));

describe("the local date of an instant in a zone", () => {
  it("is the zone's date, not UTC's nor the process's", () => {
    expect(dateIn("2026-11-16T03:00:00Z", "America/Chicago")).toBe("2026-11-15");
    expect(dateIn("2026-11-16T03:00:00Z", "UTC")).toBe("2026-11-16");
    expect(dateIn("2026-11-16T11:30:00Z", "Pacific/Kiritimati")).toBe("2026-11-17");
  });

  it("counts a daylight-saving day (23 or 25 hours) as one date, so the next date is always +1", () => {
    const before = dayInZone(new Date("2027-03-14T05:59:00Z"), "America/Chicago"); // 23:59 on the 13th
    const after = dayInZone(new Date("2027-03-15T05:00:00Z"), "America/Chicago"); // midnight on the 15th (CDT)
    expect(after - before).toBe(2);
    expect(dateIn("2026-11-01T05:30:00Z", "America/Chicago")).toBe("2026-11-01"); // 00:30 CDT, the 25-hour day
    expect(dateIn("2026-11-02T05:30:00Z", "America/Chicago")).toBe("2026-11-01"); // 23:30 CST, still the 1st
  });

  it("names the zone as the runtime does, and refuses an unknown one", () => {
    expect(resolvedZone("america/chicago")).toBe("America/Chicago");
    expect(() => dayInZone(new Date(), "Mars/Olympus")).toThrow(RangeError);
  });
});
