import type { LiveClass } from "../../src/api/index.js";

const stamp = (t: string | number) => new Date(t).toISOString().replace(/[-:]|\.\d{3}/g, "");
const escape = (s: string) => s.replace(/[\\;,]/g, (c) => `\\${c}`).replace(/\r?\n/g, "\\n");

/**
 * An RFC 5545 event for a booked class, as a data: URL the "Add to calendar" link downloads (no server round trip,
 * works on any embedding site and under a strict CSP).
 */
export function icsHref(c: LiveClass, title: string, url: string): string {
  const lines = [
    "BEGIN:VCALENDAR",
    "VERSION:2.0",
    "PRODID:-//fitkit//live classes//EN",
    "BEGIN:VEVENT",
    `UID:${c.id}@fitkit`,
    `DTSTAMP:${stamp(Date.now())}`,
    `DTSTART:${stamp(c.start_date)}`,
    `DTEND:${stamp(c.end_date)}`,
    `SUMMARY:${escape(title)}`,
    `DESCRIPTION:${escape(`${c.description}\n${url}`.trim())}`,
    `URL:${url}`,
    "END:VEVENT",
    "END:VCALENDAR",
  ];
  return `data:text/calendar;charset=utf-8,${encodeURIComponent(lines.join("\r\n"))}`;
}
