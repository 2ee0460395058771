import { useEffect, useState } from "react";
import { css } from "goober";
import { getWorkoutStats } from "../../../../src/api/index.js";
import type { WorkoutStats } from "../../../../src/api/types.js";
import { t } from "../../../../src/i18n/index.js";
import { useStore } from "../../lib/store.js";
import { useSignal } from "../../lib/use-signal.js";
import { color, radius, space, text } from "../../theme/tokens.js";
import { Button, ButtonLink } from "../../ui/button.js";
import { Page, PageHeader, Spinner, card, sectionTitle, stack } from "../../ui/page.js";
import { StreakPanel } from "../../ui/streaks.js";
import { WeekChart } from "./week-chart.js";
import { weekLabel, weeklyTotals, weeksWindow } from "./weekly.js";

const WEEKS = 12;

const totals = css`display: grid; grid-template-columns: repeat(2, 1fr); gap: ${space[3]}px; margin: 0;
  @media (min-width: 900px) { grid-template-columns: repeat(4, 1fr); }
  div { background: ${color.surface}; border: 1px solid ${color.line}; border-radius: ${radius.md}px; padding: ${space[4]}px; display: flex; flex-direction: column-reverse; gap: 4px; }
  dd { margin: 0; font-size: ${text.xxl}px; font-weight: 800; } dt { color: ${color.muted}; font-size: ${text.xs}px; font-weight: 800; text-transform: uppercase; letter-spacing: .12em; }`;
const table = css`width: 100%; border-collapse: collapse; background: ${color.surface};
  th, td { text-align: left; padding: ${space[2]}px ${space[3]}px; border-bottom: 1px solid ${color.line}; } td { font-variant-numeric: tabular-nums; }
  thead th { font-size: ${text.xs}px; text-transform: uppercase; letter-spacing: .1em; color: ${color.muted}; }`;
const head = css`display: flex; flex-wrap: wrap; gap: ${space[3]}px; align-items: center; justify-content: space-between;`;

/**
 * /workout-history/detail: all-time stats (on demand, live, hours, total), streaks and milestones, and workouts and
 * minutes per week for the last 12 weeks, as an accessible SVG chart or, at the member's choice, a table with the
 * same numbers.
 */
export default function HistoryDetailPage() {
  const store = useStore();
  const stats = useSignal(store.activity.stats.data);
  const [weekly, setWeekly] = useState<WorkoutStats | undefined>();
  const [failed, setFailed] = useState(false);
  const [view, setView] = useState<"chart" | "table">("chart");
  useEffect(() => void store.activity.stats.reload(), [store]);
  useEffect(() => {
    const controller = new AbortController();
    getWorkoutStats(store.api, weeksWindow(WEEKS), controller.signal).then(
      setWeekly,
      () => !controller.signal.aborted && setFailed(true),
    );
    return () => controller.abort();
  }, [store]);
  const weeks = weekly ? weeklyTotals(weekly, WEEKS) : [];
  const workouts = weeks.reduce((n, w) => n + w.workouts, 0);
  const minutes = weeks.reduce((n, w) => n + w.minutes, 0);
  const best = weeks.reduce(
    (a, b) => (b.workouts > a.workouts ? b : a),
    weeks[0] ?? { week: "", workouts: 0, minutes: 0 },
  );
  const summary = workouts
    ? t("history.chartSummary", {
        weeks: WEEKS,
        workouts,
        minutes,
        best: weekLabel(best.week, "long"),
        bestCount: best.workouts,
      })
    : t("history.chartEmpty", { weeks: WEEKS });
  return (
    <Page>
      <PageHeader kicker={t("history.title")} title={t("history.allTimeStats")} />
      <div className={stack(space[6])}>
        {!stats ? (
          <Spinner />
        ) : (
          <dl className={totals}>
            <div>
              <dt>{t("history.onDemand")}</dt>
              <dd>{stats.total_on_demand}</dd>
            </div>
            <div>
              <dt>{t("history.live")}</dt>
              <dd>{stats.total_lvs}</dd>
            </div>
            <div>
              <dt>{t("history.hours")}</dt>
              <dd>{Math.round((stats.total_minutes / 60) * 10) / 10}</dd>
            </div>
            <div>
              <dt>{t("history.total")}</dt>
              <dd>{stats.total_on_demand + stats.total_lvs}</dd>
            </div>
          </dl>
        )}
        <StreakPanel />
        <section className={card} aria-labelledby="weekly-title">
          <div className={stack(space[4])}>
            <div className={head}>
              <div>
                <h2 id="weekly-title" className={sectionTitle}>
                  {t("history.byWeek")}
                </h2>
                <p style={{ color: color.muted, fontSize: text.sm }}>{t("history.lastWeeks", { weeks: WEEKS })}</p>
              </div>
              <Button
                variant="secondary"
                aria-pressed={view === "table"}
                onClick={() => setView(view === "chart" ? "table" : "chart")}
              >
                {t(view === "chart" ? "history.showTable" : "history.showChart")}
              </Button>
            </div>
            {failed ? (
              <p role="alert">{t("error.loading")}</p>
            ) : !weekly ? (
              <Spinner />
            ) : view === "chart" ? (
              <>
                <WeekChart weeks={weeks} summary={summary} />
                <p style={{ fontSize: text.sm }}>{summary}</p>
              </>
            ) : (
              <div style={{ overflowX: "auto" }} role="region" aria-labelledby="weekly-title" tabIndex={0}>
                <table className={table}>
                  <caption className="visually-hidden">{t("history.byWeek")}</caption>
                  <thead>
                    <tr>
                      <th scope="col">{t("history.weekOf")}</th>
                      <th scope="col">{t("history.workouts")}</th>
                      <th scope="col">{t("history.minutes")}</th>
                    </tr>
                  </thead>
                  <tbody>
                    {[...weeks].reverse().map((w) => (
                      <tr key={w.week}>
                        <th scope="row">{weekLabel(w.week, "long")}</th>
                        <td>{w.workouts}</td>
                        <td>{w.minutes}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            )}
          </div>
        </section>
        <div style={{ display: "flex", flexWrap: "wrap", gap: space[3] }}>
          <ButtonLink href="/classes?from=all_time_stats">{t("history.findClass")}</ButtonLink>
          <ButtonLink href="/workout-history" variant="ghost">
            {t("history.backToList")}
          </ButtonLink>
        </div>
      </div>
    </Page>
  );
}
