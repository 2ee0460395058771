import { useEffect, useState } from "react";
import { Link } from "wouter";
import { css } from "goober";
import { getCalendarIds } from "../../../../src/api/index.js";
import { t, plural } from "../../../../src/i18n/index.js";
import { useStore } from "../../lib/store.js";
import { useSignal } from "../../lib/use-signal.js";
import { useSession } from "../../lib/session.js";
import { itemsOf } from "../../lib/content.js";
import { color, radius, space, text } from "../../theme/tokens.js";
import { Page, PageHeader, Spinner } from "../../ui/page.js";
import type { CalendarSummary } from "./calendar-types.js";

const grid = css`display: grid; gap: ${space[4]}px; grid-template-columns: repeat(auto-fill, minmax(260px, 1fr)); list-style: none; margin: 0; padding: 0;
  a { position: relative; display: grid; gap: ${space[2]}px; align-content: start; padding: ${space[5]}px; background: ${color.surface}; border: 1px solid ${color.line};
    border-radius: ${radius.lg}px; text-decoration: none; min-height: 170px; }
  a:hover { border-color: ${color.ink}; }
  strong { font-size: ${text.lg}px; } .desc { color: ${color.muted}; font-size: ${text.sm}px; }
  .days { font-size: ${text.xs}px; font-weight: 800; letter-spacing: .14em; text-transform: uppercase; color: ${color.accent}; }
  .badge { justify-self: start; background: ${color.successSoft}; color: ${color.success}; border-radius: ${radius.pill}px; padding: 2px 10px; font-size: ${text.xs}px; font-weight: 800; letter-spacing: .08em; text-transform: uppercase; }`;

/** /calendars: the workout calendars; members see which one they follow (the member list answers their status). */
export default function CalendarsPage() {
  const store = useStore();
  const { signedIn } = useSession();
  const mine = useSignal(store.calendars.enrollments.data) as CalendarSummary[] | undefined;
  const [publicList, setPublicList] = useState<CalendarSummary[] | null>(null);
  useEffect(() => {
    if (signedIn) return void store.calendars.enrollments.load();
    const controller = new AbortController();
    getCalendarIds(store.api, controller.signal).then(
      (answer) => setPublicList(itemsOf<CalendarSummary>(answer).filter((c) => c.slug)),
      () => setPublicList([]),
    );
    return () => controller.abort();
  }, [signedIn, store]);
  const calendars = signedIn ? mine : (publicList ?? undefined);
  return (
    <Page>
      <PageHeader kicker={t("calendars.kicker")} title={t("calendars.title")}>
        {t("calendars.lead")}
      </PageHeader>
      {!calendars ? (
        <Spinner />
      ) : (
        <ul className={grid}>
          {calendars.map((c) => (
            <li key={c.id}>
              <Link href={`/calendars/${c.slug}`}>
                {c.total_days ? <span className="days">{plural("calendars.days", c.total_days)}</span> : null}
                <strong>{c.name}</strong>
                {c.description ? <span className="desc">{c.description}</span> : null}
                {c.status === "enrolled" ? <span className="badge">{t("calendars.enrolled")}</span> : null}
              </Link>
            </li>
          ))}
        </ul>
      )}
    </Page>
  );
}
