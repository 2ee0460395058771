/**
 * CSV as RFC 4180 writes it (CRLF line ends, fields with a comma, quote or line break quoted, quotes doubled), safe to
 * open in a spreadsheet: a text cell that starts with `=`, `+`, `-`, `@`, a tab or a carriage return would be read as
 * a formula there, so it is written with a leading apostrophe (OWASP's advice for CSV injection).
 */

export type CsvCell = string | number | boolean | null | undefined;

const FORMULA_START = /^[=+\-@\t\r]/;

/** One cell: empty for null and undefined, numbers and booleans as written, text defused and quoted when needed. */
export function csvCell(value: CsvCell): string {
  if (value === null || value === undefined) return "";
  if (typeof value !== "string") return String(value);
  const text = FORMULA_START.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** A whole file: the header row then one row per record, every line ended by CRLF. */
export function toCsv(header: readonly string[], rows: readonly (readonly CsvCell[])[]): string {
  return [header, ...rows].map((row) => `${row.map(csvCell).join(",")}\r\n`).join("");
}
