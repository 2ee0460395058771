import { describe, expect, it } from "vitest";
import { foldLine, renderFeed, renderIcs, type Feed } from "../../src/domain/ics.js";

const octets = (s: string) => new TextEncoder().encode(s).length;

describe("iCalendar writer (RFC 5545)", () => {
  it("folds lines over 75 octets with CRLF and a space, never inside a UTF-8 character", () => {
    const line = `DESCRIPTION:${"Bodyweight · Kettlebell · Ünïcödé 💪 ".repeat(8)}`;
    const folded = foldLine(line);
    const parts = folded.split("\r\n");
    expect(parts.length).toBeGreaterThan(1);
    for (const part of parts) expect(octets(part)).toBeLessThanOrEqual(75);
    for (const part of parts.slice(1)) expect(part.startsWith(" ")).toBe(true);
    expect(folded.replace(/\r\n /g, "")).toBe(line);
    expect(folded).not.toContain("\uFFFD");
    expect(foldLine("SUMMARY:short")).toBe("SUMMARY:short");
    expect(foldLine("x".repeat(75))).toBe("x".repeat(75));
    expect(foldLine("x".repeat(76))).toBe(`${"x".repeat(75)}\r\n x`);
  });

  it("writes one event per class: UID from the class, UTC times, escaped text, CRLF ends", () => {
    const ics = renderIcs({
      classId: "c1",
      stamp: Date.parse("2026-11-22T12:00:00Z"),
      start: "2026-11-23T17:30:00-06:00",
      end: new Date("2026-11-24T00:15:00Z"),
      summary: "Mat, core; more",
      description: "Line one\nLine two",
      location: "Chicago",
      cancelled: true,
    });
    expect(ics.endsWith("END:VEVENT\r\nEND:VCALENDAR\r\n")).toBe(true);
    expect(ics).toContain("\r\nUID:c1@fitkit\r\n");
    expect(ics).toContain("\r\nDTSTAMP:20261122T120000Z\r\n");
    expect(ics).toContain("\r\nDTSTART:20261123T233000Z\r\n");
    expect(ics).toContain("\r\nDTEND:20261124T001500Z\r\n");
    expect(ics).toContain("\r\nSUMMARY:Mat\\, core\\; more\r\n");
    expect(ics).toContain("\r\nDESCRIPTION:Line one\\nLine two\r\n");
    expect(ics).toContain("\r\nLOCATION:Chicago\r\n");
    expect(ics).toContain("\r\nSTATUS:CANCELLED\r\n");
  });

  it("writes a subscribed feed: calendar name and refresh, timed events in UTC, all-day days as DATE, no METHOD", () => {
    const feed: Feed = {
      name: "fitkit",
      description: "Classes, plan; series",
      refreshMinutes: 60,
      events: [
        {
          uid: "c1@fitkit",
          modified: "2026-11-22T12:00:00.000Z",
          sequence: 0,
          when: { start: "2026-11-23T17:30:00-06:00", end: "2026-11-23T18:15:00-06:00" },
          summary: "Strength",
          description: "45 min",
          url: "https://app.example/live/booked-classes",
        },
        {
          uid: "calendar-abc-day-2@fitkit",
          modified: new Date("2026-11-20T05:30:00Z"),
          sequence: 3,
          when: { day: "2026-11-21", endDay: "2026-11-22" },
          summary: "Day 2: Rest day",
          description: "Plan, day 2 of 28.",
        },
      ],
    };
    const ics = renderFeed(feed);
    expect(ics).toBe(renderFeed(feed));
    expect(ics.startsWith("BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:")).toBe(true);
    expect(ics).not.toContain("METHOD:");
    for (const line of [
      "NAME:fitkit",
      "X-WR-CALNAME:fitkit",
      "X-WR-CALDESC:Classes\\, plan\\; series",
      "REFRESH-INTERVAL;VALUE=DURATION:PT60M",
      "X-PUBLISHED-TTL:PT60M",
      "DTSTART:20261123T233000Z",
      "DTEND:20261124T001500Z",
      "TRANSP:OPAQUE",
      "DTSTAMP:20261120T053000Z",
      "LAST-MODIFIED:20261120T053000Z",
      "SEQUENCE:3",
      "DTSTART;VALUE=DATE:20261121",
      "DTEND;VALUE=DATE:20261122",
      "TRANSP:TRANSPARENT",
    ])
      expect(ics).toContain(`\r\n${line}\r\n`);
    expect(ics.match(/BEGIN:VEVENT/g)).toHaveLength(2);
    expect(ics.endsWith("END:VEVENT\r\nEND:VCALENDAR\r\n")).toBe(true);
  });
});
