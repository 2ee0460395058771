import { useEffect, useId, useState, type FormEvent } from "react";
import { css } from "goober";
import {
  getNumbers,
  getNumbersCsv,
  getWorkoutNumbers,
  type IntervalNumbers,
  type NumbersRange,
  type NumbersReport,
  type WorkoutNumbersPage,
} from "../../../../src/api/index.js";
import { currentLocale } from "../../../../src/i18n/index.js";
import { useStore } from "../../lib/store.js";
import { space } from "../../theme/tokens.js";
import { Button } from "../../ui/button.js";
import { Field, FormError } from "../../ui/field.js";
import { card, sectionTitle, Spinner, stack } from "../../ui/page.js";
import { BarChart } from "./numbers-chart.js";
import { ConsoleFrame, consoleTable, failureMessage, scroll } from "./console-frame.js";
import { ct, type ConsoleKey } from "./copy.js";

const controls = css`display: grid; gap: ${space[3]}px; grid-template-columns: repeat(auto-fit, minmax(160px, 1fr)); align-items: end;
  fieldset { border: 0; margin: 0; padding: 0; display: flex; gap: ${space[2]}px; flex-wrap: wrap; }
  legend { font-weight: 700; margin-bottom: ${space[1]}px; }
  label.choice { display: inline-flex; align-items: center; gap: 6px; min-height: 44px; }`;
/** Many columns: the table keeps readable cells and scrolls sideways (by keyboard too) on a narrow screen. */
const wide = css`min-width: 640px; th, td { overflow-wrap: normal; }`;
const charts = css`display: grid; gap: ${space[5]}px; grid-template-columns: repeat(auto-fit, minmax(240px, 1fr));`;

type Figure = keyof Omit<IntervalNumbers, "start" | "end" | "cancel_reasons">;
type Kind = "count" | "money" | "rate";

/** The console's sections of figures: the first ones are charted, every one is in the section's table. */
const SECTIONS: { title: ConsoleKey; charted: Figure[]; figures: Figure[]; reasons?: true }[] = [
  {
    title: "console.numbers.members",
    charted: ["active_members", "sign_ups"],
    figures: ["active_members", "paying_members", "comped_members", "trials", "paused", "sign_ups"],
  },
  {
    title: "console.numbers.revenue",
    charted: ["mrr", "arr"],
    figures: ["mrr", "arr", "churned_mrr", "refunded_amount"],
  },
  {
    title: "console.numbers.trialsChurn",
    charted: ["trial_conversion_rate", "member_churn_rate", "revenue_churn_rate"],
    figures: [
      "trials_started",
      "trials_ended",
      "trials_converted",
      "trial_conversion_rate",
      "churned_members",
      "member_churn_rate",
      "revenue_churn_rate",
    ],
    reasons: true,
  },
  {
    title: "console.numbers.payments",
    charted: ["failed_payments", "recovered_payments", "refunds"],
    figures: ["failed_payments", "recovered_payments", "failed_amount", "recovered_amount", "refunds"],
  },
  {
    title: "console.numbers.engagement",
    charted: ["plays", "completion_rate"],
    figures: ["plays", "completions", "completion_rate"],
  },
  {
    title: "console.numbers.live",
    charted: ["class_fill_rate", "waitlist_conversion_rate"],
    figures: [
      "classes_run",
      "class_capacity",
      "class_bookings",
      "class_fill_rate",
      "waitlist_joined",
      "waitlist_promoted",
      "waitlist_conversion_rate",
    ],
  },
];

const kindOf = (figure: Figure): Kind =>
  figure.endsWith("_rate")
    ? "rate"
    : ["mrr", "arr", "churned_mrr", "refunded_amount", "failed_amount", "recovered_amount"].includes(figure)
      ? "money"
      : "count";

function formatter(kind: Kind, currency: string) {
  const locale = currentLocale();
  if (kind === "money") {
    const f = new Intl.NumberFormat(locale, { style: "currency", currency });
    return (v: number | null) => (v === null ? "—" : f.format(v / 100));
  }
  if (kind === "rate") {
    const f = new Intl.NumberFormat(locale, { style: "percent", maximumFractionDigits: 1 });
    return (v: number | null) => (v === null ? "—" : f.format(v));
  }
  const f = new Intl.NumberFormat(locale);
  return (v: number | null) => (v === null ? "—" : f.format(v));
}

/** "Mar 1" for a week, "Mar 2027" for a month. */
function intervalLabel(start: string, unit: "week" | "month") {
  const date = new Date(`${start}T12:00:00Z`);
  return new Intl.DateTimeFormat(currentLocale(), {
    timeZone: "UTC",
    ...(unit === "week" ? { month: "short", day: "numeric" } : { month: "short", year: "numeric" }),
  }).format(date);
}

const browserZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone || "UTC";

/** /admin/numbers: the business's numbers by week or month (admins and viewers), charts with tables, CSV. */
export default function ConsoleNumbersPage() {
  return (
    <ConsoleFrame section="numbers" title={ct("console.numbers.title")}>
      <Numbers />
    </ConsoleFrame>
  );
}

function Numbers() {
  const store = useStore();
  const [range, setRange] = useState<NumbersRange>({ interval: "month", zone: browserZone() });
  const [report, setReport] = useState<NumbersReport | undefined>();
  const [error, setError] = useState("");

  useEffect(() => {
    const abort = new AbortController();
    setReport(undefined);
    setError("");
    getNumbers(store.api, range, abort.signal).then(
      (r) => !abort.signal.aborted && setReport(r),
      (e: unknown) => !abort.signal.aborted && setError(failureMessage(e)),
    );
    return () => abort.abort();
  }, [store, range]);

  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const f = new FormData(e.currentTarget);
    const text = (name: string) => String(f.get(name) ?? "").trim() || undefined;
    setRange({
      interval: f.get("interval") === "week" ? "week" : "month",
      from: text("from"),
      to: text("to"),
      zone: text("zone") ?? "UTC",
    });
  };
  const download = async () => {
    try {
      const file = await getNumbersCsv(store.api, range);
      const url = URL.createObjectURL(file);
      const name = `fitkit-numbers-${range.interval}.csv`;
      const link = Object.assign(document.createElement("a"), { href: url, download: name });
      document.body.append(link);
      link.click();
      link.remove();
      setTimeout(() => URL.revokeObjectURL(url), 1000);
    } catch (e) {
      setError(failureMessage(e));
    }
  };

  return (
    <div className={stack(space[6])}>
      <p>{ct("console.numbers.lead", { currency: report?.currency ?? "USD" })}</p>
      <form className={controls} onSubmit={submit} noValidate>
        <fieldset>
          <legend>{ct("console.numbers.interval")}</legend>
          {(["week", "month"] as const).map((unit) => (
            <label key={unit} className="choice">
              <input
                type="radio"
                name="interval"
                value={unit}
                checked={range.interval === unit}
                onChange={() => setRange((r) => ({ ...r, interval: unit }))}
              />
              {ct(`console.numbers.${unit}`)}
            </label>
          ))}
        </fieldset>
        <Field name="from" type="date" label={ct("console.numbers.from")} defaultValue={range.from ?? ""} />
        <Field name="to" type="date" label={ct("console.numbers.to")} defaultValue={range.to ?? ""} />
        <Field name="zone" label={ct("console.numbers.zone")} defaultValue={range.zone ?? "UTC"} />
        <div style={{ display: "flex", gap: space[2], flexWrap: "wrap" }}>
          <Button type="submit">{ct("console.numbers.show")}</Button>
          <Button variant="secondary" onClick={() => void download()}>
            {ct("console.numbers.csv")}
          </Button>
        </div>
      </form>
      <FormError>{error}</FormError>
      {report ? (
        <>
          {SECTIONS.map((section) => (
            <NumbersSection key={section.title} report={report} {...section} />
          ))}
          <WorkoutPlays range={range} />
        </>
      ) : error ? null : (
        <Spinner />
      )}
    </div>
  );
}

function NumbersSection({
  report,
  title,
  charted,
  figures,
  reasons,
}: {
  report: NumbersReport;
  title: ConsoleKey;
  charted: Figure[];
  figures: Figure[];
  reasons?: true;
}) {
  const id = useId();
  const [open, setOpen] = useState(false);
  const unit = report.interval;
  const format = (figure: Figure) => formatter(kindOf(figure), report.currency);
  return (
    <section className={`${card} ${stack(space[4])}`} aria-labelledby={`${id}-h`}>
      <h2 id={`${id}-h`} className={sectionTitle}>
        {ct(title)}
      </h2>
      <div className={charts}>
        {charted.map((figure) => (
          <BarChart
            key={figure}
            title={ct(`console.numbers.f.${figure}`)}
            format={format(figure)}
            points={report.intervals.map((i) => ({ label: intervalLabel(i.start, unit), value: i[figure] }))}
          />
        ))}
      </div>
      <div>
        <Button variant="secondary" aria-expanded={open} aria-controls={`${id}-table`} onClick={() => setOpen(!open)}>
          {ct(open ? "console.numbers.hideTable" : "console.numbers.showTable")}
        </Button>
      </div>
      <div
        id={`${id}-table`}
        className={scroll}
        hidden={!open}
        role="region"
        aria-label={ct("console.numbers.tableOf", { section: ct(title) })}
        tabIndex={0}
      >
        <table className={`${consoleTable} ${wide}`}>
          <caption className="visually-hidden">{ct(title)}</caption>
          <thead>
            <tr>
              <th scope="col">{ct("console.numbers.period")}</th>
              {figures.map((figure) => (
                <th key={figure} scope="col">
                  {ct(`console.numbers.f.${figure}`)}
                </th>
              ))}
              {reasons ? <th scope="col">{ct("console.numbers.f.cancel_reasons")}</th> : null}
            </tr>
          </thead>
          <tbody>
            {report.intervals.map((i) => (
              <tr key={i.start}>
                <th scope="row">{intervalLabel(i.start, unit)}</th>
                {figures.map((figure) => (
                  <td key={figure}>{format(figure)(i[figure])}</td>
                ))}
                {reasons ? <td>{i.cancel_reasons.map((r) => `${r.reason}: ${r.count}`).join(", ") || "—"}</td> : null}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}

const PAGE = 10;

function WorkoutPlays({ range }: { range: NumbersRange }) {
  const store = useStore();
  const id = useId();
  const [page, setPage] = useState<WorkoutNumbersPage | undefined>();
  const [error, setError] = useState("");
  useEffect(() => {
    const abort = new AbortController();
    setPage(undefined);
    getWorkoutNumbers(store.api, { ...range, limit: PAGE }, abort.signal).then(
      (p) => !abort.signal.aborted && setPage(p),
      (e: unknown) => !abort.signal.aborted && setError(failureMessage(e)),
    );
    return () => abort.abort();
  }, [store, range]);
  const more = async () => {
    try {
      const next = await getWorkoutNumbers(store.api, { ...range, limit: PAGE, offset: page?.items.length ?? 0 });
      setPage((p) => (p ? { ...next, items: [...p.items, ...next.items] } : next));
    } catch (e) {
      setError(failureMessage(e));
    }
  };
  const count = formatter("count", "USD");
  const percent = formatter("rate", "USD");
  return (
    <section className={`${card} ${stack(space[4])}`} aria-labelledby={`${id}-h`}>
      <h2 id={`${id}-h`} className={sectionTitle}>
        {ct("console.numbers.workouts")}
      </h2>
      <FormError>{error}</FormError>
      {!page ? (
        error ? null : (
          <Spinner />
        )
      ) : page.items.length === 0 ? (
        <p>{ct("console.numbers.noPlays")}</p>
      ) : (
        <div className={scroll}>
          <table className={consoleTable}>
            <thead>
              <tr>
                <th scope="col">{ct("console.numbers.workout")}</th>
                <th scope="col">{ct("console.numbers.f.plays")}</th>
                <th scope="col">{ct("console.numbers.f.completions")}</th>
                <th scope="col">{ct("console.numbers.f.completion_rate")}</th>
              </tr>
            </thead>
            <tbody>
              {page.items.map((w) => (
                <tr key={w.workout_id}>
                  <th scope="row">{w.name}</th>
                  <td>{count(w.plays)}</td>
                  <td>{count(w.completions)}</td>
                  <td>{percent(w.completion_rate)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {page && page.items.length < page.total ? (
        <div>
          <Button variant="secondary" onClick={() => void more()}>
            {ct("console.numbers.morePlays")}
          </Button>
        </div>
      ) : null}
    </section>
  );
}
