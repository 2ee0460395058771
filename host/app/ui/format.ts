import { currentLocale } from "../../../src/i18n/index.js";
/** "1:05:09" / "5:09" for a position in seconds. */
export function clock(seconds: number): string {
  const s = Math.max(0, Math.floor(seconds));
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const sec = String(s % 60).padStart(2, "0");
  return h ? `${h}:${String(m).padStart(2, "0")}:${sec}` : `${m}:${sec}`;
}

/** "Nov 22, 2026". */
export const dateLabel = (iso: string | null | undefined) =>
  iso ? new Date(iso).toLocaleDateString(currentLocale(), { month: "short", day: "numeric", year: "numeric" }) : "";

/** Title-cases a facet value stored lower-case ("p.ball" stays as written when it has punctuation). */
export const label = (value: string) =>
  /[^a-z\s-]/.test(value) ? value : value.replace(/\b\w/g, (c) => c.toUpperCase());
