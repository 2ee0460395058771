import type { LiveClass } from "../../src/api/index.js";
import { renderIcs } from "../../src/domain/ics.js";

/**
 * A booked class as a data: URL the "Add to calendar" link downloads (no server round trip, works on any embedding
 * site and under a strict CSP). The shared writer gives it the class's UID, the one the app's download uses too.
 */
export function icsHref(c: LiveClass, title: string, url: string): string {
  const event = {
    classId: c.id,
    stamp: Date.now(),
    start: c.start_date,
    end: c.end_date,
    summary: title,
    description: `${c.description}\n${url}`.trim(),
    url,
  };
  return `data:text/calendar;charset=utf-8,${encodeURIComponent(renderIcs(event))}`;
}
