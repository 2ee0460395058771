import { useEffect, useState } from "react";
import { css } from "goober";
import { t } from "../../../../src/i18n/index.js";
import { useStore } from "../../lib/store.js";
import { color, space, text } from "../../theme/tokens.js";
import { FormError } from "../../ui/field.js";
import { sectionTitle, Spinner, stack } from "../../ui/page.js";
import { getStudioNumbers, type StaffLocation, type WeekNumbers } from "../../../../src/api/index.js";
import { failureMessage, StudioFrame } from "./studio-frame.js";
import { count, percent, weekLabel } from "./studio-format.js";

const WEEKS = 8;
const table = css`width: 100%; border-collapse: collapse; font-size: ${text.sm}px; font-variant-numeric: tabular-nums;
  th, td { padding: ${space[2]}px; border-bottom: 1px solid ${color.line}; text-align: right; }
  th:first-child, td:first-child { text-align: left; }`;
const scroll = css`overflow-x: auto;`;

const rateLabel = (rate: number | null) => (rate === null ? t("studioAdmin.none") : percent(rate));

/** /studio/numbers: per week, fill rate, waitlist conversions, late cancels and no-shows: a chart and its table. */
export default function StudioNumbersPage() {
  return (
    <StudioFrame section="numbers" title={t("studioAdmin.numbersTitle")}>
      {(location) => <NumbersView key={location.id} location={location} />}
    </StudioFrame>
  );
}

function NumbersView({ location }: { location: StaffLocation }) {
  const store = useStore();
  const [weeks, setWeeks] = useState<WeekNumbers[] | undefined>();
  const [error, setError] = useState("");
  useEffect(() => {
    getStudioNumbers(store.api, location.slug, WEEKS).then(
      (r) => setWeeks(r.weeks),
      (e: unknown) => setError(failureMessage(e)),
    );
  }, [store, location.slug]);
  if (error) return <FormError>{error}</FormError>;
  if (!weeks) return <Spinner />;
  return (
    <div className={stack(space[5])}>
      <p>{t("studioAdmin.numbersLead")}</p>
      <FillChart weeks={weeks} />
      <section aria-labelledby="numbers-table" className={stack(space[2])}>
        <h2 id="numbers-table" className={sectionTitle}>
          {t("studioAdmin.numbersTable")}
        </h2>
        <div className={scroll}>
          <table className={table}>
            <caption className="visually-hidden">{t("studioAdmin.numbersTable")}</caption>
            <thead>
              <tr>
                <th scope="col">{t("studioAdmin.col.week")}</th>
                <th scope="col">{t("studioAdmin.col.classes")}</th>
                <th scope="col">{t("studioAdmin.col.booked")}</th>
                <th scope="col">{t("studioAdmin.col.fillRate")}</th>
                <th scope="col">{t("studioAdmin.col.conversions")}</th>
                <th scope="col">{t("studioAdmin.col.lateCancels")}</th>
                <th scope="col">{t("studioAdmin.col.noShows")}</th>
              </tr>
            </thead>
            <tbody>
              {weeks.map((w) => (
                <tr key={w.week_start}>
                  <th scope="row">{t("studioAdmin.weekOf", { date: weekLabel(w.week_start) })}</th>
                  <td>{count(w.classes_run)}</td>
                  <td>{t("studioAdmin.bookedOfSpots", { booked: count(w.booked), capacity: count(w.capacity) })}</td>
                  <td>{rateLabel(w.fill_rate)}</td>
                  <td>{count(w.waitlist_conversions)}</td>
                  <td>{count(w.late_cancels)}</td>
                  <td>{count(w.no_shows)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </section>
    </div>
  );
}

/**
 * The fill rate per week as bars, drawn in SVG (no chart library): the image has a role and a label, and its text
 * alternative (one sentence per week) sits beside it for screen readers; the table below holds every number.
 */
export function FillChart({ weeks }: { weeks: WeekNumbers[] }) {
  const width = 640;
  const height = 200;
  const pad = 28;
  const band = (width - pad) / weeks.length;
  const summary = weeks
    .map((w) =>
      w.fill_rate === null
        ? t("studioAdmin.chartWeekNone", { week: weekLabel(w.week_start) })
        : t("studioAdmin.chartWeek", { week: weekLabel(w.week_start), rate: rateLabel(w.fill_rate) }),
    )
    .join(" ");
  return (
    <figure className={stack(space[2])} style={{ margin: 0 }}>
      <figcaption className={sectionTitle}>{t("studioAdmin.chartTitle")}</figcaption>
      <svg
        viewBox={`0 0 ${width} ${height + 24}`}
        role="img"
        aria-labelledby="fill-chart-desc"
        style={{ width: "100%", maxWidth: width, height: "auto" }}
      >
        {[0, 50, 100].map((p) => {
          const y = height - (p / 100) * (height - 10);
          return (
            <g key={p}>
              <line x1={pad} x2={width} y1={y} y2={y} stroke={color.line} />
              <text x={0} y={y + 4} fontSize={11} fill={color.muted}>
                {percent(p / 100)}
              </text>
            </g>
          );
        })}
        {weeks.map((w, i) => {
          const rate = w.fill_rate ?? 0;
          const h = rate * (height - 10);
          const x = pad + i * band + band * 0.15;
          return (
            <g key={w.week_start}>
              <rect x={x} y={height - h} width={band * 0.7} height={h} fill={color.accent} rx={3} />
              <text x={x + band * 0.35} y={height + 16} fontSize={11} textAnchor="middle" fill={color.ink}>
                {weekLabel(w.week_start)}
              </text>
            </g>
          );
        })}
      </svg>
      <p id="fill-chart-desc" className="visually-hidden">
        {summary}
      </p>
    </figure>
  );
}
