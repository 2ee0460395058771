import { useEffect, useState } from "react";
import { Link } from "wouter";
import { css } from "goober";
import { useStore } from "../../lib/store.js";
import { color, radius, space, text } from "../../theme/tokens.js";
import { Page, PageHeader, Spinner } from "../../ui/page.js";
import { itemsOf } from "../../lib/content.js";

const grid = css`display: grid; gap: ${space[4]}px; grid-template-columns: repeat(auto-fill, minmax(260px, 1fr)); list-style: none; margin: 0; padding: 0;
  a { display: grid; gap: ${space[2]}px; padding: ${space[5]}px; background: ${color.surface}; border: 1px solid ${color.line}; border-radius: ${radius.lg}px; text-decoration: none; min-height: 140px; }
  a:hover { border-color: ${color.ink}; } strong { font-size: ${text.lg}px; } span { color: ${color.muted}; font-size: ${text.sm}px; }`;

type CalendarSummary = { id: string; slug: string; name: string; description?: string; days?: unknown[] };

/** /calendars: the workout calendars to follow day by day. */
export default function CalendarsPage() {
  const store = useStore();
  const [calendars, setCalendars] = useState<CalendarSummary[] | null>(null);
  useEffect(() => {
    const controller = new AbortController();
    store.api.request<unknown>("/tsapi/workout_calendars/ids", { signal: controller.signal })
      .then((answer) => setCalendars(itemsOf<CalendarSummary>(answer).filter((c) => c.slug)), () => setCalendars([]));
    return () => controller.abort();
  }, [store]);
  return (
    <Page>
      <PageHeader kicker="Plans" title="Calendars">Day-by-day plans that mix classes, walks and rest days.</PageHeader>
      {!calendars ? <Spinner /> : (
        <ul className={grid}>
          {calendars.map((c) => (
            <li key={c.id}><Link href={`/calendars/${c.slug}`}><strong>{c.name}</strong>{c.description ? <span>{c.description}</span> : null}</Link></li>
          ))}
        </ul>
      )}
    </Page>
  );
}
