import { useEffect } from "react";
import { css } from "goober";
import { useStore } from "../../lib/store.js";
import { useSignal } from "../../lib/use-signal.js";
import { color, radius, space, text } from "../../theme/tokens.js";
import { Page, PageHeader, Spinner, sectionTitle } from "../../ui/page.js";

const totals = css`display: grid; grid-template-columns: repeat(auto-fit, minmax(140px, 1fr)); gap: ${space[3]}px; margin-bottom: ${space[6]}px;
  div { background: ${color.surface}; border: 1px solid ${color.line}; border-radius: ${radius.md}px; padding: ${space[4]}px; display: grid; }
  strong { font-size: ${text.xxl}px; } span { color: ${color.muted}; font-size: ${text.sm}px; font-weight: 700; text-transform: uppercase; letter-spacing: .1em; }`;
const table = css`width: 100%; border-collapse: collapse; background: ${color.surface}; border-radius: ${radius.md}px; overflow: hidden;
  th, td { text-align: left; padding: ${space[3]}px; border-bottom: 1px solid ${color.line}; } th { font-size: ${text.xs}px; text-transform: uppercase; letter-spacing: .1em; color: ${color.muted}; }`;

const weekOf = (iso: string) => {
  const d = new Date(iso);
  d.setHours(0, 0, 0, 0);
  d.setDate(d.getDate() - ((d.getDay() + 6) % 7));
  return d.toISOString().slice(0, 10);
};

/** /workout-history/detail: all-time totals (live and on demand) and workouts and minutes per week. */
export default function HistoryDetailPage() {
  const store = useStore();
  const stats = useSignal(store.activity.stats.data);
  const history = useSignal(store.activity.history.data);
  useEffect(() => {
    void store.activity.stats.reload();
    void store.activity.history.load();
  }, [store]);
  const weeks = new Map<string, { count: number; minutes: number }>();
  for (const h of history?.items ?? []) {
    if (!h.is_completed || !h.completed_at) continue;
    const w = weeks.get(weekOf(h.completed_at)) ?? { count: 0, minutes: 0 };
    w.count += 1;
    w.minutes += h.workout?.duration ?? 0;
    weeks.set(weekOf(h.completed_at), w);
  }
  const rows = [...weeks.entries()].sort((a, b) => b[0].localeCompare(a[0])).slice(0, 12);
  return (
    <Page>
      <PageHeader kicker="Workout History" title="All-time stats" />
      {!stats ? <Spinner /> : (
        <div className={totals}>
          <div><strong>{stats.total_on_demand}</strong><span>On-Demand</span></div>
          <div><strong>{stats.total_lvs}</strong><span>Live</span></div>
          <div><strong>{Math.round((stats.total_minutes / 60) * 10) / 10}</strong><span>Hours</span></div>
        </div>
      )}
      <h2 className={sectionTitle} style={{ marginBottom: space[3] }}>By week</h2>
      <table className={table}>
        <caption className="visually-hidden">Workouts and minutes per week</caption>
        <thead><tr><th scope="col">Week of</th><th scope="col">Workouts</th><th scope="col">Minutes</th></tr></thead>
        <tbody>
          {rows.map(([week, w]) => (
            <tr key={week}><td>{new Date(`${week}T12:00:00`).toLocaleDateString("en-US", { month: "short", day: "numeric", year: "numeric" })}</td><td>{w.count}</td><td>{w.minutes}</td></tr>
          ))}
        </tbody>
      </table>
    </Page>
  );
}
