import { describe, expect, it } from "vitest";
import type { LiveClass } from "../../src/api/index.js";
import { isBookingMessage } from "../../widgets/booking-message.js";
import { dayButtonLabel, dayHeading, dayKey, timeOf, zoneLabel } from "../../widgets/live-schedule/format.js";
import { icsHref } from "../../widgets/live-schedule/ics.js";

const chicago = { locale: "en-US", timeZone: "America/Chicago" };

const liveClass = {
  id: "c1",
  description: "Mat, core; and more",
  duration: 45,
  start_date: "2026-11-23T23:30:00.000Z",
  end_date: "2026-11-24T00:15:00.000Z",
} as LiveClass;

describe("live schedule formatting", () => {
  it("labels days and times in the visitor's zone, not the class's UTC date", () => {
    expect(dayKey(chicago, liveClass.start_date)).toBe("2026-11-23");
    expect(dayKey({ ...chicago, timeZone: "Europe/Berlin" }, liveClass.start_date)).toBe("2026-11-24");
    expect(timeOf(chicago, liveClass.start_date)).toBe("5:30 PM");
    expect(dayButtonLabel(chicago, new Date("2026-11-23T18:00:00Z"))).toBe("Mon 23");
    expect(dayHeading(chicago, new Date("2026-11-23T18:00:00Z"))).toBe("Monday, November 23");
  });

  it("names the zone in the note", () => {
    expect(zoneLabel(chicago, Date.parse("2026-11-23T18:00:00Z"))).toBe("Central Standard Time, America/Chicago");
    expect(zoneLabel({ locale: "en-US", timeZone: "UTC" }, 0)).toMatch(/UTC/);
  });
});

describe("add to calendar", () => {
  it("builds an iCalendar event with escaped text and UTC times", () => {
    const href = icsHref(liveClass, "Mat Pilates", "https://app.example/live");
    expect(href.startsWith("data:text/calendar;charset=utf-8,")).toBe(true);
    const ics = decodeURIComponent(href.split(",").slice(1).join(","));
    expect(ics).toContain("DTSTART:20261123T233000Z");
    expect(ics).toContain("DTEND:20261124T001500Z");
    expect(ics).toContain("SUMMARY:Mat Pilates");
    expect(ics).toContain("DESCRIPTION:Mat\\, core\\; and more\\nhttps://app.example/live");
    expect(ics.split("\r\n")[0]).toBe("BEGIN:VCALENDAR");
  });
});

describe("the booking hand-off message", () => {
  it("accepts only the documented shape", () => {
    expect(isBookingMessage({ type: "fit:booked", classId: "c1" })).toBe(true);
    expect(isBookingMessage({ type: "fit:booked" })).toBe(false);
    expect(isBookingMessage({ type: "other", classId: "c1" })).toBe(false);
    expect(isBookingMessage("fit:booked")).toBe(false);
    expect(isBookingMessage(null)).toBe(false);
  });
});
