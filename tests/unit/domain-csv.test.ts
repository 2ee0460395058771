import { describe, expect, it } from "vitest";
import { csvCell, toCsv } from "../../src/domain/csv.js";
import { renderIcsCalendar } from "../../src/domain/ics.js";

describe("CSV writer (RFC 4180, spreadsheet-safe)", () => {
  it("quotes fields with commas, quotes or line breaks and doubles the quotes", () => {
    expect(csvCell("plain")).toBe("plain");
    expect(csvCell("a,b")).toBe('"a,b"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell("two\nlines")).toBe('"two\nlines"');
    expect(csvCell("cr\r")).toBe('"cr\r"');
  });

  it("defuses text a spreadsheet would run as a formula, and leaves numbers alone", () => {
    for (const start of ["=", "+", "-", "@", "\t"]) expect(csvCell(`${start}SUM(A1)`)).toBe(`'${start}SUM(A1)`);
    expect(csvCell("=1,2")).toBe(`"'=1,2"`);
    expect(csvCell(-5)).toBe("-5");
    expect(csvCell(19.99)).toBe("19.99");
    expect(csvCell(true)).toBe("true");
    expect(csvCell(null)).toBe("");
    expect(csvCell(undefined)).toBe("");
  });

  it("writes a header and rows, each line ended by CRLF", () => {
    expect(
      toCsv(
        ["id", "name"],
        [
          ["1", "Maya"],
          ["2", "O'Brien, Jr"],
        ],
      ),
    ).toBe(`id,name\r\n1,Maya\r\n2,"O'Brien, Jr"\r\n`);
    expect(toCsv(["id"], [])).toBe("id\r\n");
  });
});

describe("iCalendar writer, many events", () => {
  it("writes every event in one calendar, each with its class's UID", () => {
    const event = (classId: string) => ({
      classId,
      stamp: Date.parse("2026-11-22T12:00:00Z"),
      start: "2026-11-23T17:30:00Z",
      end: "2026-11-23T18:15:00Z",
      summary: "Strength",
      description: "",
    });
    const ics = renderIcsCalendar([event("a"), event("b")]);
    expect(ics.match(/BEGIN:VEVENT\r\n/g)).toHaveLength(2);
    expect(ics).toContain("UID:a@fitkit\r\n");
    expect(ics).toContain("UID:b@fitkit\r\n");
    expect(ics.match(/BEGIN:VCALENDAR/g)).toHaveLength(1);
    expect(ics.endsWith("END:VEVENT\r\nEND:VCALENDAR\r\n")).toBe(true);
  });
});
