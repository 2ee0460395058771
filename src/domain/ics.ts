/**
 * The one iCalendar (RFC 5545) writer: the server's reservation download, the schedule widget's "Add to calendar"
 * link and the member's subscribed calendar feed all write a class through it. The UID is the class's, whoever writes
 * it, so adding a class again (from the widget, the app or the feed) updates the member's one event instead of adding
 * a second.
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

/** The UID of a class's event, the same for every writer. */
export const classUid = (classId: string) => `${classId}@fitkit`;

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

/** The lines of one class's VEVENT. */
function eventLines(event: CalendarEvent): (string | undefined | false)[] {
  return [
    "BEGIN:VEVENT",
    // The class's UID, the same for every writer: `{classId}@fitkit`.
    `UID:${classUid(event.classId)}`,
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
}

/** An iCalendar document of any number of classes (the data export writes every booking in one), CRLF line ends. */
export function renderIcsCalendar(events: readonly CalendarEvent[]): string {
  return calendarText([
    "BEGIN:VCALENDAR",
    "VERSION:2.0",
    "PRODID:-//fitkit//live classes//EN",
    "METHOD:PUBLISH",
    ...events.flatMap(eventLines),
    "END:VCALENDAR",
  ]);
}

/** A one-event iCalendar document, CRLF line ends. */
export const renderIcs = (event: CalendarEvent): string => renderIcsCalendar([event]);

/** Content lines folded and joined with CRLF, the last one ended too. */
const calendarText = (lines: (string | undefined | false)[]) =>
  `${(lines.filter(Boolean) as string[]).map(foldLine).join("\r\n")}\r\n`;

/** DATE form (all-day): 2026-11-22 → 20261122. */
const date = (day: string) => day.replace(/-/g, "");

/** One event of a subscribed feed: a timed event (written in UTC) or all-day dates (DATE values, no zone). */
export interface FeedEvent {
  /** Stable across refreshes, so a calendar app updates the event it has instead of adding another. */
  uid: string;
  /**
   * When what this event shows last changed. A feed carries no METHOD, so DTSTAMP is that revision time
   * (RFC 5545 §3.8.7.2) and LAST-MODIFIED the same: an unchanged event writes identical lines on every refresh.
   */
  modified: Date | string;
  /** Raised whenever the start or end moves (RFC 5545 §3.8.7.4); never lowered. */
  sequence: number;
  when: { start: Date | string; end: Date | string } | { day: string; endDay: string };
  summary: string;
  description: string;
  location?: string;
  url?: string;
  cancelled?: boolean;
}

export interface Feed {
  /** The calendar's name in the member's app (NAME, X-WR-CALNAME). */
  name: string;
  description: string;
  /** How often a calendar app should fetch it again (REFRESH-INTERVAL, X-PUBLISHED-TTL). */
  refreshMinutes: number;
  events: FeedEvent[];
}

/**
 * A whole subscribed calendar, CRLF line ends. The calendar properties of RFC 7986 (NAME, DESCRIPTION,
 * REFRESH-INTERVAL) are written beside their older X-WR/X-PUBLISHED-TTL spellings, which Google and Outlook read.
 */
export function renderFeed(feed: Feed): string {
  const ttl = `PT${feed.refreshMinutes}M`;
  const lines: (string | undefined | false)[] = [
    "BEGIN:VCALENDAR",
    "VERSION:2.0",
    "PRODID:-//fitkit//calendar feed//EN",
    "CALSCALE:GREGORIAN",
    `NAME:${text(feed.name)}`,
    `X-WR-CALNAME:${text(feed.name)}`,
    `DESCRIPTION:${text(feed.description)}`,
    `X-WR-CALDESC:${text(feed.description)}`,
    `REFRESH-INTERVAL;VALUE=DURATION:${ttl}`,
    `X-PUBLISHED-TTL:${ttl}`,
  ];
  for (const event of feed.events) {
    lines.push(
      "BEGIN:VEVENT",
      `UID:${event.uid}`,
      `DTSTAMP:${utc(event.modified)}`,
      `LAST-MODIFIED:${utc(event.modified)}`,
      `SEQUENCE:${event.sequence}`,
      "day" in event.when ? `DTSTART;VALUE=DATE:${date(event.when.day)}` : `DTSTART:${utc(event.when.start)}`,
      "day" in event.when ? `DTEND;VALUE=DATE:${date(event.when.endDay)}` : `DTEND:${utc(event.when.end)}`,
      `SUMMARY:${text(event.summary)}`,
      `DESCRIPTION:${text(event.description)}`,
      event.location && `LOCATION:${text(event.location)}`,
      event.url && `URL:${event.url}`,
      `STATUS:${event.cancelled ? "CANCELLED" : "CONFIRMED"}`,
      // All-day plan days and reminders are free time: they do not block the member's day as a class does.
      `TRANSP:${"day" in event.when ? "TRANSPARENT" : "OPAQUE"}`,
      "END:VEVENT",
    );
  }
  lines.push("END:VCALENDAR");
  return calendarText(lines);
}
