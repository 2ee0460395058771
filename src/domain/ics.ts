/**
 * The one iCalendar (RFC 5545) writer: the server's reservation download and the schedule widget's "Add to calendar"
 * link both write a class through it. The UID is the class's, whoever writes it, so adding a class again (from the
 * widget or from the app) updates the member's one event instead of adding a second.
 */

export interface CalendarEvent {
  /** The class id: the event's UID is made from it. */
  classId: string;
  stamp: Date | number;
  start: Date | string;
  end: Date | string;
  summary: string;
  description: string;
  location?: string;
  url?: string;
  /** STATUS:CANCELLED, so a calendar that has the event marks it off. */
  cancelled?: boolean;
}

/** UTC form of DATE-TIME: 20261122T130000Z. */
const utc = (t: Date | string | number) => new Date(t).toISOString().replace(/[-:]|\.\d{3}/g, "");

/** TEXT values escape backslash, semicolon, comma and newlines (RFC 5545 §3.3.11). */
const text = (value: string) => value.replace(/[\\;,]/g, (c) => `\\${c}`).replace(/\r?\n/g, "\\n");

/** Octets of one code point in UTF-8. */
const utf8Length = (cp: number) => (cp < 0x80 ? 1 : cp < 0x800 ? 2 : cp < 0x10000 ? 3 : 4);

/** Lines longer than 75 octets are folded: CRLF then one space (RFC 5545 §3.1), never inside a UTF-8 sequence. */
export function foldLine(line: string): string {
  let out = "";
  let size = 0;
  for (const char of line) {
    const n = utf8Length(char.codePointAt(0)!);
    if (size + n > 75) {
      out += "\r\n ";
      size = 1;
    }
    out += char;
    size += n;
  }
  return out;
}

/** The lines of one VEVENT. */
function eventLines(event: CalendarEvent): string[] {
  const lines = [
    "BEGIN:VEVENT",
    // The class's UID, the same for every writer: `{classId}@fitkit`.
    `UID:${event.classId}@fitkit`,
    `DTSTAMP:${utc(event.stamp)}`,
    `DTSTART:${utc(event.start)}`,
    `DTEND:${utc(event.end)}`,
    `SUMMARY:${text(event.summary)}`,
    `DESCRIPTION:${text(event.description)}`,
    event.location && `LOCATION:${text(event.location)}`,
    event.url && `URL:${event.url}`,
    `STATUS:${event.cancelled ? "CANCELLED" : "CONFIRMED"}`,
    "END:VEVENT",
  ];
  return lines.filter(Boolean) as string[];
}

/** An iCalendar document of any number of events (the data export writes every booking in one), CRLF line ends. */
export function renderIcsCalendar(events: readonly CalendarEvent[]): string {
  const lines = [
    "BEGIN:VCALENDAR",
    "VERSION:2.0",
    "PRODID:-//fitkit//live classes//EN",
    "METHOD:PUBLISH",
    ...events.flatMap(eventLines),
    "END:VCALENDAR",
  ];
  return `${lines.map(foldLine).join("\r\n")}\r\n`;
}

/** A one-event iCalendar document, CRLF line ends. */
export const renderIcs = (event: CalendarEvent): string => renderIcsCalendar([event]);
