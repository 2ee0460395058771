import { parse } from "csv-parse/sync";
import { stringify } from "csv-stringify/sync";
import { badRequest } from "../errors.js";
import { type Answer, strictObject } from "../schemas.js";
import { workoutFieldSchemas } from "./workout-rules.js";

/**
 * The catalogue file: what GET /admin/v1/catalogue/export writes and POST /admin/v1/catalogue/import reads, as CSV
 * (RFC 4180: comma-separated, double-quoted where needed, CRLF line ends, a header row, UTF-8 without a BOM) or JSON
 * (`{"workouts": [row, …]}`). One row per workout, keyed by its slug; trainers, categories and collections by slug.
 * In CSV a list is its values separated by `;` (a `;` or `\` inside a value written `\;`, `\\`), and a breakdown
 * segment is `title:minutes`. docs/operations.md ("Moving a catalogue in and out") lists the columns for operators.
 */

/** The columns, in the order a file is written. */
export const CATALOGUE_COLUMNS = [
  "slug",
  "name",
  "description",
  "type",
  "level",
  "pacing",
  "video_minutes",
  "equipment",
  "focus",
  "benefits",
  "strain",
  "poster_url",
  "breakdown",
  "trainers",
  "categories",
  "collections",
  "status",
  "release_at",
  "release_zone",
] as const;
export type CatalogueColumn = (typeof CATALOGUE_COLUMNS)[number];

const LIST_COLUMNS = new Set<CatalogueColumn>([
  "equipment",
  "focus",
  "benefits",
  "strain",
  "trainers",
  "categories",
  "collections",
]);
/** Codes a spreadsheet may pad with spaces; text people read is taken as written. */
const CODE_COLUMNS = new Set<CatalogueColumn>([
  "slug",
  "type",
  "video_minutes",
  "status",
  "release_at",
  "release_zone",
]);

const string = { type: "string" } as const;
const strings = { type: "array", items: string } as const;
const integer = { type: "integer" } as const;

/** A row of the JSON file (the CSV file's columns, lists as arrays). */
export const catalogueRowSchema = strictObject(
  {
    slug: string,
    name: string,
    description: string,
    type: workoutFieldSchemas.type,
    level: string,
    pacing: string,
    video_minutes: integer,
    equipment: strings,
    focus: strings,
    benefits: strings,
    strain: strings,
    poster_url: string,
    breakdown: workoutFieldSchemas.breakdown,
    trainers: { ...strings, description: "trainer slugs, in order" },
    categories: { ...strings, description: "category slugs" },
    collections: { ...strings, description: "collection slugs" },
    status: { type: "string", enum: ["draft", "scheduled", "published", "archived"] },
    release_at: {
      type: ["string", "null"],
      description: "ISO 8601 with an offset: a scheduled workout's release, or when a released one was",
    },
    release_zone: { type: ["string", "null"], description: "IANA time zone the release reads in" },
  },
  CATALOGUE_COLUMNS,
);

export type CatalogueRow = Answer<typeof catalogueRowSchema>;

/** A problem with one row, and the column it is in (null: the row as a whole). */
export interface RowProblem {
  field: string | null;
  message: string;
}

/**
 * One row read from a file: where it was (its position among the rows, and for CSV the line it starts on), the
 * columns it gives (a column the file leaves out keeps the workout's current value), and what could not be read.
 */
export interface ReadRow {
  index: number;
  line: number | null;
  values: Partial<Record<CatalogueColumn, unknown>>;
  problems: RowProblem[];
}

/** Most rows one file may hold (the route's byte limit bounds it too): a catalogue, not a data dump. */
export const MAX_ROWS = 5000;

// ---- writing

/** The catalogue as a CSV file: a header row, then one row per workout. */
export function catalogueCsv(rows: CatalogueRow[]): string {
  return stringify(
    rows.map((row) => CATALOGUE_COLUMNS.map((column) => csvCell(row, column))),
    {
      header: true,
      columns: [...CATALOGUE_COLUMNS],
      record_delimiter: "windows",
      bom: false,
      // csv-stringify quotes a value holding its record delimiter (CRLF); RFC 4180 quotes any line break.
      quoted_match: /[\r\n]/,
    },
  );
}

function csvCell(row: CatalogueRow, column: CatalogueColumn): string {
  if (column === "breakdown") return joinList(row.breakdown.map((s) => `${s.title}:${s.minutes}`));
  const value = row[column];
  if (Array.isArray(value)) return joinList(value);
  return value === null ? "" : String(value);
}

const joinList = (items: string[]) => items.map((item) => item.replace(/[\\;]/g, (c) => `\\${c}`)).join(";");

// ---- reading

/** The rows of a CSV catalogue; a file that cannot be read as one (bad quoting, unknown columns) is refused (400). */
export function readCsv(text: string): ReadRow[] {
  let records: { record: string[]; info: { lines: number } }[];
  try {
    records = parse(text, {
      bom: true,
      info: true,
      skip_empty_lines: true,
      relax_column_count: true,
      record_delimiter: ["\r\n", "\n"],
    }) as unknown as { record: string[]; info: { lines: number } }[];
  } catch (error) {
    throw badRequest(`The CSV file could not be read: ${(error as Error).message}`);
  }
  const [header, ...body] = records;
  if (!header) throw badRequest("The CSV file is empty: it needs a header row naming its columns.");
  const columns = header.record.map((name) => name.trim().toLowerCase());
  const unknown = columns.filter((c) => !(CATALOGUE_COLUMNS as readonly string[]).includes(c));
  if (unknown.length)
    throw badRequest(
      `Unknown column${unknown.length > 1 ? "s" : ""} ${unknown.map((c) => `"${c}"`).join(", ")}: ` +
        `the columns are ${CATALOGUE_COLUMNS.join(", ")}.`,
    );
  const repeated = columns.filter((c, i) => columns.indexOf(c) !== i);
  if (repeated.length) throw badRequest(`The column "${repeated[0]}" is named twice.`);
  if (!columns.includes("slug")) throw badRequest('The CSV file needs a "slug" column: rows are matched by slug.');
  checkCount(body.length);

  return body.map(({ record, info }, index) => {
    // info.lines is where the record ends; a quoted value can span lines.
    const line = info.lines - record.reduce((n, cell) => n + (cell.match(/\n/g)?.length ?? 0), 0);
    const row: ReadRow = { index, line, values: {}, problems: [] };
    if (record.length !== columns.length)
      row.problems.push({
        field: null,
        message: `This row has ${record.length} values; the header names ${columns.length} columns.`,
      });
    columns.forEach((column, i) => {
      const cell = record[i];
      if (cell === undefined) return;
      readCell(row, column as CatalogueColumn, CODE_COLUMNS.has(column as CatalogueColumn) ? cell.trim() : cell);
    });
    return row;
  });
}

function readCell(row: ReadRow, column: CatalogueColumn, cell: string) {
  if (LIST_COLUMNS.has(column)) row.values[column] = splitList(cell);
  else if (column === "breakdown") {
    const segments: { title: string; minutes: number }[] = [];
    for (const item of splitList(cell)) {
      const match = /^(.*):\s*(\d{1,4})$/s.exec(item);
      if (match) segments.push({ title: match[1]!.trim(), minutes: Number(match[2]) });
      else
        row.problems.push({
          field: column,
          message: `breakdown segment "${item}" must be written title:minutes (e.g. Warm-up:5).`,
        });
    }
    row.values.breakdown = segments;
  } else if (column === "type" && !cell) {
    // left empty: as if the column were not there (a new workout is then a workout; another keeps its kind)
  } else if (column === "video_minutes") {
    if (!cell) return; // left empty: as if the column were not there (a new workout then lacks its minutes)
    if (/^\d{1,6}$/.test(cell)) row.values.video_minutes = Number(cell);
    else
      row.problems.push({ field: column, message: `video_minutes must be a whole number of minutes, not "${cell}".` });
  } else if (column === "release_at" || column === "release_zone") row.values[column] = cell || null;
  else row.values[column] = cell;
}

/** `a;b\;c` → ["a", "b;c"]: values trimmed, empty ones dropped. */
function splitList(cell: string): string[] {
  const items: string[] = [];
  let current = "";
  for (let i = 0; i < cell.length; i++) {
    const c = cell[i]!;
    if (c === "\\" && i + 1 < cell.length) current += cell[++i];
    else if (c === ";") {
      items.push(current);
      current = "";
    } else current += c;
  }
  items.push(current);
  return items.map((item) => item.trim()).filter(Boolean);
}

/** The rows of a JSON catalogue (`{"workouts": [...]}`, as parsed by the route). */
export function readJson(body: unknown): ReadRow[] {
  const workouts = (body as { workouts?: unknown } | null)?.workouts;
  if (typeof body !== "object" || body === null || Array.isArray(body) || !Array.isArray(workouts))
    throw badRequest('The JSON file must be an object with a "workouts" list: {"workouts": [{"slug": …}, …]}.');
  const extra = Object.keys(body).filter((k) => k !== "workouts");
  if (extra.length) throw badRequest(`property ${extra[0]} should not exist`);
  checkCount(workouts.length);
  return workouts.map((item: unknown, index) => {
    const row: ReadRow = { index, line: null, values: {}, problems: [] };
    if (typeof item !== "object" || item === null || Array.isArray(item)) {
      row.problems.push({ field: null, message: "A row must be an object of columns." });
      return row;
    }
    for (const [key, value] of Object.entries(item)) {
      if (!(CATALOGUE_COLUMNS as readonly string[]).includes(key))
        row.problems.push({ field: key, message: `property ${key} should not exist` });
      else row.values[key as CatalogueColumn] = value;
    }
    return row;
  });
}

function checkCount(rows: number) {
  if (rows > MAX_ROWS) throw badRequest(`A file holds at most ${MAX_ROWS} workouts; this one has ${rows}.`);
}
