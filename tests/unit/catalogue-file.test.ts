import { describe, expect, it } from "vitest";
import { HttpError } from "../../host/server/errors.js";
import {
  CATALOGUE_COLUMNS,
  catalogueCsv,
  readCsv,
  readJson,
  type CatalogueRow,
} from "../../host/server/services/catalogue-file.js";

/** The catalogue file as CSV: what the export writes, the import reads back value for value. */
const row: CatalogueRow = {
  slug: "semi-colon-flow",
  name: 'A "quoted", comma name',
  description: "Two lines\nof description",
  type: "workout",
  level: "Beginner",
  pacing: "",
  video_minutes: 25,
  equipment: ["Mat", "Block; foam", "Back\\slash"],
  focus: [],
  benefits: ["Mobility"],
  strain: ["floor"],
  poster_url: "https://img.example/a.jpg",
  breakdown: [
    { title: "Warm-up", minutes: 5 },
    { title: "Flow: hips", minutes: 20 },
  ],
  trainers: ["ana", "ben"],
  categories: [],
  collections: ["morning"],
  status: "scheduled",
  release_at: "2027-03-01T09:00:00.000-06:00",
  release_zone: "America/Chicago",
};

describe("the catalogue file as CSV", () => {
  it("writes RFC 4180: a header row, quotes where needed, CRLF line ends, no BOM", () => {
    const csv = catalogueCsv([row]);
    expect(csv.startsWith(`${CATALOGUE_COLUMNS.join(",")}\r\n`)).toBe(true);
    expect(csv).toContain('"A ""quoted"", comma name"');
    expect(csv).toContain('"Two lines\nof description"');
    expect(csv).toContain("Mat;Block\\; foam;Back\\\\slash");
    expect(csv).toContain("Warm-up:5;Flow: hips:20");
    expect(csv.endsWith("\r\n")).toBe(true);
    expect(csv.charCodeAt(0)).not.toBe(0xfeff);
  });

  it("reads back every value it wrote, with the line each row starts on", () => {
    const [read, second] = readCsv(catalogueCsv([row, { ...row, slug: "next" }]));
    expect(read).toEqual({
      index: 0,
      line: 2,
      problems: [],
      values: { ...row },
    });
    // The first row's description spans two lines.
    expect(second!.line).toBe(4);
  });

  it("reads a spreadsheet's file: a BOM, spaces around list values and codes, LF line ends", () => {
    const [read] = readCsv("\ufeffslug,equipment,status\n first ,Mat ; Band;,published \n");
    expect(read!.values).toEqual({ slug: "first", equipment: ["Mat", "Band"], status: "published" });
  });

  it("reports a row's unreadable values and keeps reading", () => {
    const [read] = readCsv("slug,video_minutes,breakdown\r\na,twenty,Warm-up\r\n");
    expect(read!.problems.map((p) => p.field)).toEqual(["video_minutes", "breakdown"]);
  });

  it("refuses a file it cannot read as a whole", () => {
    expect(() => readCsv("slug,colour\r\na,b\r\n")).toThrow(HttpError);
    expect(() => readCsv('slug\r\n"open\r\n')).toThrow(/could not be read/);
    expect(() => readJson([])).toThrow(/"workouts" list/);
  });
});
