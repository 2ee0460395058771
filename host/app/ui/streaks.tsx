import { useEffect } from "react";
import { Link } from "wouter";
import { css } from "goober";
import type { Streaks } from "../../../src/api/types.js";
import { t, currentLocale, plural } from "../../../src/i18n/index.js";
import { useStore } from "../lib/store.js";
import { useSignal } from "../lib/use-signal.js";
import { color, radius, space, text } from "../theme/tokens.js";
import { Spinner, sectionTitle } from "./page.js";

const days = (count: number) => plural("streaks.days", count);
const weeks = (count: number) => plural("streaks.weeks", count);
/** A local calendar date (YYYY-MM-DD) as the member reads it; it is a date, not an instant, so no zone shifts it. */
const calendarDate = (iso: string) =>
  new Date(`${iso}T12:00:00Z`).toLocaleDateString(currentLocale(), {
    month: "short",
    day: "numeric",
    year: "numeric",
    timeZone: "UTC",
  });

const panel = css`
  display: grid; gap: ${space[3]}px; background: ${color.surface}; border: 1px solid ${color.line};
  border-radius: ${radius.md}px; padding: ${space[4]}px;
  p { margin: 0; font-size: ${text.sm}px; }
  .rule { color: ${color.muted}; }
`;
const figures = css`
  display: grid; grid-template-columns: repeat(auto-fit, minmax(130px, 1fr)); gap: ${space[3]}px; margin: 0;
  div { display: flex; flex-direction: column-reverse; gap: 2px; }
  dt { color: ${color.muted}; font-size: ${text.xs}px; font-weight: 800; text-transform: uppercase; letter-spacing: .12em; }
  dd { margin: 0; font-size: ${text.xl}px; font-weight: 800; }
`;
const badges = css`
  display: flex; flex-wrap: wrap; gap: ${space[2]}px; list-style: none; margin: 0; padding: 0;
  li { display: inline-flex; align-items: center; gap: 6px; min-height: 32px; padding: 4px 12px; border-radius: ${radius.pill}px;
    font-size: ${text.sm}px; font-weight: 700; background: ${color.successSoft}; color: ${color.success}; border: 1.5px solid ${color.success}; }
  li[data-next="true"] { background: transparent; color: ${color.muted}; border-style: dashed; border-color: ${color.muted}; }
`;
const more = css`justify-self: start; display: inline-flex; align-items: center; min-height: 44px; font-weight: 800; color: ${color.accent};`;

/** What today adds to the hint: done, a rest day, or still open (then the streak runs to yesterday). */
function todayLine(s: Streaks): string {
  if (s.today_status === "done") return t("streaks.todayDone");
  if (s.today_status === "rest") return t("streaks.todayRest");
  return s.daily.current ? t("streaks.todayOpen") : t("streaks.start");
}

function Badges({ streaks, compact }: { streaks: Streaks; compact: boolean }) {
  const reached = compact ? streaks.milestones.reached.slice(-3) : streaks.milestones.reached;
  const { next } = streaks.milestones;
  return (
    <ul className={badges} aria-label={t("streaks.milestones")}>
      {reached.map((m) => (
        <li key={m.days} data-reached="true">
          <span aria-hidden="true">★</span>
          <span aria-hidden="true">{t("streaks.badge", { days: m.days })}</span>
          <span className="visually-hidden">
            {t("streaks.badgeReached", { days: m.days, date: calendarDate(m.reached_on) })}
          </span>
        </li>
      ))}
      <li data-next="true">
        <span aria-hidden="true">☆</span>
        <span aria-hidden="true">{t("streaks.badge", { days: next.days })}</span>
        <span className="visually-hidden">
          {t("streaks.badgeNext", { days: next.days, remaining: days(next.remaining) })}
        </span>
      </li>
    </ul>
  );
}

/**
 * The member's streaks: current and longest daily and weekly streaks, the milestone badges reached (each named in
 * text, not told by colour) and the next one with the days to go. `compact` is the home page's strip, linking to the
 * stats page; the full panel is the stats page's.
 */
export function StreakPanel({ compact = false }: { compact?: boolean }) {
  const store = useStore();
  const streaks = useSignal(store.activity.streaks.data);
  const failed = useSignal(store.activity.streaks.error);
  useEffect(() => void store.activity.streaks.reload(), [store]);
  const titleId = compact ? "streaks-home-title" : "streaks-title";
  return (
    <section className={panel} aria-labelledby={titleId}>
      <h2 id={titleId} className={sectionTitle} style={compact ? { fontSize: text.md } : undefined}>
        {compact ? t("streaks.region") : t("streaks.title")}
      </h2>
      {streaks ? (
        <StreakSummary streaks={streaks} compact={compact} />
      ) : failed ? (
        <p role="alert">{t("error.loading")}</p>
      ) : (
        <Spinner />
      )}
    </section>
  );
}

/** The figures, badges and hint of one streaks answer (the panel's body). */
export function StreakSummary({ streaks, compact = false }: { streaks: Streaks; compact?: boolean }) {
  const { next } = streaks.milestones;
  return (
    <>
      <dl className={figures}>
        <div>
          <dt>{t("streaks.daily")}</dt>
          <dd>{days(streaks.daily.current)}</dd>
        </div>
        <div>
          <dt>{t("streaks.weekly")}</dt>
          <dd>{weeks(streaks.weekly.current)}</dd>
        </div>
        <div>
          <dt>{t("streaks.longestDaily")}</dt>
          <dd>{days(streaks.daily.longest)}</dd>
        </div>
        {compact ? null : (
          <div>
            <dt>{t("streaks.longestWeekly")}</dt>
            <dd>{weeks(streaks.weekly.longest)}</dd>
          </div>
        )}
      </dl>
      {compact || streaks.milestones.reached.length ? null : <p>{t("streaks.noBadges")}</p>}
      <Badges streaks={streaks} compact={compact} />
      <p>
        {todayLine(streaks)} {t("streaks.next", { remaining: days(next.remaining), days: next.days })}
      </p>
      {compact ? (
        <Link href="/workout-history/detail" className={more}>
          {t("streaks.seeAll")} →
        </Link>
      ) : (
        <p className="rule">{t("streaks.rule", { timeZone: streaks.time_zone })}</p>
      )}
    </>
  );
}
