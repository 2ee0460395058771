import { describe, expect, it } from "vitest";
import { webCallLink } from "../../src/domain/classes.js";
import { cancelTerms, classCallLink, directionsUrl } from "../../widgets/ui/class-terms.js";

const studio = {
  id: "chicago",
  slug: "chicago",
  name: "Chicago",
  kind: "studio" as const,
  address: "1530 N Wells St, Chicago, IL 60610",
  city: "Chicago",
  time_zone: "America/Chicago",
};
const online = { ...studio, kind: "virtual" as const, address: "" };
/** An 8:00 PM Chicago class whose free cancellation ends at 8:00 AM the same day. */
const evening = {
  id: "c1",
  start_date: "2026-11-24T20:00:00-06:00",
  policy: { free_cancel_until: "2026-11-24T08:00:00-06:00" },
  location: studio,
};

describe("issue 32: cancellation terms name the cutoff's day", () => {
  it("says today when the cutoff is today, else its date, never a bare time under a class of another hour", () => {
    const morning = Date.parse("2026-11-24T06:00:00-06:00");
    expect(cancelTerms(evening, morning, "en-US")).toEqual({
      late: false,
      key: "live.freeCancelUntilToday",
      time: "8:00 AM",
    });
    const dayBefore = Date.parse("2026-11-23T12:00:00-06:00");
    expect(cancelTerms(evening, dayBefore, "en-US")).toEqual({
      late: false,
      key: "live.freeCancelUntil",
      time: "Tue, Nov 24, 8:00 AM",
    });
    expect(cancelTerms(evening, Date.parse("2026-11-24T09:00:00-06:00"), "en-US")).toEqual({ late: true });
    // Read in the zone the page shows times in.
    expect(cancelTerms(evening, morning, "en-US", "UTC")).toMatchObject({ time: "2:00 PM" });
    expect(cancelTerms({ ...evening, policy: undefined }, morning, "en-US")).toBeUndefined();
  });
});

describe("issue 33 defect 9 and issue 32 item 4: call links and directions", () => {
  it("only web links are call links, and an in-person class has none", () => {
    expect(webCallLink("javascript:alert(1)", true)).toBeUndefined();
    expect(webCallLink("data:text/html,x", true)).toBeUndefined();
    expect(webCallLink("http://rooms.test/a", false)).toBeUndefined();
    expect(webCallLink("http://rooms.test/a", true)).toBe("http://rooms.test/a");
    expect(webCallLink("https://rooms.test/a", false)).toBe("https://rooms.test/a");
    expect(classCallLink({ id: "c", location: online, zoom_link: "https://rooms.test/a" }, false)).toBe(
      "https://rooms.test/a",
    );
    expect(classCallLink({ id: "c", location: studio, zoom_link: "https://rooms.test/a" }, false)).toBeUndefined();
    expect(directionsUrl({ id: "c", location: studio })).toBe(
      "https://www.google.com/maps/dir/?api=1&destination=1530%20N%20Wells%20St%2C%20Chicago%2C%20IL%2060610",
    );
    expect(directionsUrl({ id: "c", location: online })).toBeUndefined();
  });
});
