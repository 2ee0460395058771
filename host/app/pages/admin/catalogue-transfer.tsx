import { useRef, useState, type ChangeEvent } from "react";
import { css } from "goober";
import { Link } from "wouter";
import {
  ApiError,
  catalogueFilename,
  exportCatalogue,
  importCatalogue,
  importReportOf,
  type CatalogueFileFormat,
  type CatalogueImportReport,
} from "../../../../src/api/index.js";
import { useStore } from "../../lib/store.js";
import { color, radius, space, text } from "../../theme/tokens.js";
import { Button } from "../../ui/button.js";
import { FormError } from "../../ui/field.js";
import { SuccessNote } from "../../ui/notice.js";
import { card, sectionTitle, stack } from "../../ui/page.js";
import { ConsoleFrame, consoleTable, failureMessage, scroll, useOperator } from "./console-frame.js";
import { ct } from "./copy.js";

const actions = css`display: flex; flex-wrap: wrap; gap: ${space[3]}px; align-items: center;`;
const picker = css`display: grid; gap: 6px; max-width: 520px;
  label { font-size: ${text.sm}px; font-weight: 600; }
  input { box-sizing: border-box; width: 100%; min-height: 48px; border-radius: ${radius.sm}px; border: 1.5px dashed ${color.line}; padding: 10px 12px; font: inherit; background: ${color.surface}; max-width: 100%; }`;
/** Grid items shrink below their content (a wide table scrolls in its box instead of widening the page). */
const shrink = css`min-width: 0; max-width: 100%;`;
/** The row and action columns stay whole words; slugs and problems wrap. */
const reportTable = css`tbody th, tbody td:nth-child(3) { white-space: nowrap; overflow-wrap: normal; }`;
const problemList = css`margin: 0; padding-left: 18px; color: ${color.danger};`;

/** A file named .json is read as JSON; anything else as CSV (the server refuses what is neither). */
const formatOf = (file: File): CatalogueFileFormat =>
  /\.json$/i.test(file.name) || file.type === "application/json" ? "json" : "csv";

/** /admin/catalogue: download the catalogue as CSV or JSON; check a file with a dry run, then import it. */
export default function ConsoleCataloguePage() {
  return (
    <ConsoleFrame section="transfer" title={ct("console.transfer.title")}>
      <CatalogueTransfer />
    </ConsoleFrame>
  );
}

function CatalogueTransfer() {
  const me = useOperator();
  return (
    <div className={`${stack(space[5])} ${shrink}`}>
      <p>{ct("console.transfer.lead")}</p>
      <ExportPanel />
      {me.areas.includes("catalogue") ? <ImportPanel /> : <p role="note">{ct("console.transfer.readOnly")}</p>}
    </div>
  );
}

function ExportPanel() {
  const store = useStore();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState("");
  const download = async (format: CatalogueFileFormat) => {
    setBusy(true);
    setError("");
    try {
      const blob = await exportCatalogue(store.api, format);
      const url = URL.createObjectURL(blob);
      const link = document.createElement("a");
      link.href = url;
      link.download = catalogueFilename(format, new Date());
      document.body.append(link);
      link.click();
      link.remove();
      setTimeout(() => URL.revokeObjectURL(url), 10_000);
    } catch (e) {
      setError(failureMessage(e));
    } finally {
      setBusy(false);
    }
  };
  return (
    <section className={`${card} ${stack(space[3])} ${shrink}`} aria-labelledby="export-title">
      <h2 id="export-title" className={sectionTitle}>
        {ct("console.transfer.exportTitle")}
      </h2>
      <p>{ct("console.transfer.exportLead")}</p>
      <div className={actions}>
        <Button variant="secondary" disabled={busy} onClick={() => void download("csv")}>
          {ct("console.transfer.downloadCsv")}
        </Button>
        <Button variant="secondary" disabled={busy} onClick={() => void download("json")}>
          {ct("console.transfer.downloadJson")}
        </Button>
      </div>
      {error ? <FormError>{error}</FormError> : null}
    </section>
  );
}

function ImportPanel() {
  const store = useStore();
  const [file, setFile] = useState<{ name: string; text: string; format: CatalogueFileFormat } | undefined>();
  const [report, setReport] = useState<CatalogueImportReport | undefined>();
  const [error, setError] = useState("");
  const [notice, setNotice] = useState("");
  const [busy, setBusy] = useState(false);
  const resultTitle = useRef<HTMLHeadingElement>(null);

  const choose = async (e: ChangeEvent<HTMLInputElement>) => {
    const chosen = e.currentTarget.files?.[0];
    setReport(undefined);
    setError("");
    setNotice("");
    setFile(chosen ? { name: chosen.name, text: await chosen.text(), format: formatOf(chosen) } : undefined);
  };
  const send = async (dryRun: boolean) => {
    if (!file) return setError(ct("console.transfer.chooseFirst"));
    setBusy(true);
    setError("");
    setNotice("");
    try {
      const answer = await importCatalogue(store.api, file.text, file.format, dryRun);
      setReport(answer);
      if (!dryRun)
        setNotice(ct("console.transfer.imported", { create: answer.summary.create, update: answer.summary.update }));
    } catch (e) {
      const refused = e instanceof ApiError && e.status === 422 ? importReportOf(e.body) : undefined;
      setReport(refused);
      setError(failureMessage(e));
    } finally {
      setBusy(false);
      requestAnimationFrame(() => resultTitle.current?.focus());
    }
  };
  const ready = report?.dry_run && report.summary.problems === 0 && report.summary.create + report.summary.update > 0;

  return (
    <section className={`${card} ${stack(space[4])} ${shrink}`} aria-labelledby="import-title">
      <h2 id="import-title" className={sectionTitle}>
        {ct("console.transfer.importTitle")}
      </h2>
      <p>{ct("console.transfer.importLead")}</p>
      <div className={picker}>
        <label htmlFor="catalogue-file">{ct("console.transfer.file")}</label>
        <input
          id="catalogue-file"
          type="file"
          accept=".csv,.json,text/csv,application/json"
          onChange={(e) => void choose(e)}
        />
      </div>
      <div className={actions}>
        <Button variant="secondary" disabled={busy || !file} onClick={() => void send(true)}>
          {ct("console.transfer.check")}
        </Button>
        <Button disabled={busy || !ready} onClick={() => void send(false)}>
          {ct("console.transfer.import")}
        </Button>
      </div>
      <div aria-live="polite">
        {error ? <FormError>{error}</FormError> : null}
        {notice ? (
          <SuccessNote>
            {notice} <Link href="/admin">{ct("console.transfer.toWorkouts")}</Link>
          </SuccessNote>
        ) : null}
      </div>
      {report ? <ReportTable report={report} titleRef={resultTitle} /> : null}
    </section>
  );
}

function ReportTable({
  report,
  titleRef,
}: {
  report: CatalogueImportReport;
  titleRef: React.RefObject<HTMLHeadingElement | null>;
}) {
  const { summary } = report;
  // Unchanged rows without problems are only counted: a catalogue re-imported is mostly those.
  const shown = report.rows.filter((r) => r.problems.length || r.action !== "unchanged");
  return (
    <div className={`${stack(space[3])} ${shrink}`}>
      <h3 ref={titleRef} tabIndex={-1} className={sectionTitle}>
        {report.dry_run ? ct("console.transfer.checked") : ct("console.transfer.result")}
      </h3>
      <p role="status">
        {ct("console.transfer.summary", {
          rows: summary.rows,
          create: summary.create,
          update: summary.update,
          unchanged: summary.unchanged,
          problems: summary.problems,
        })}
      </p>
      {report.dry_run && summary.problems === 0 ? <p>{ct("console.transfer.clean")}</p> : null}
      {shown.length ? (
        <div className={`${scroll} ${shrink}`}>
          <table className={`${consoleTable} ${reportTable}`}>
            <caption className="visually-hidden">{ct("console.transfer.table")}</caption>
            <thead>
              <tr>
                <th scope="col">{ct("console.transfer.col.row")}</th>
                <th scope="col">{ct("console.transfer.col.slug")}</th>
                <th scope="col">{ct("console.transfer.col.action")}</th>
                <th scope="col">{ct("console.transfer.col.problems")}</th>
              </tr>
            </thead>
            <tbody>
              {shown.map((r) => (
                <tr key={r.index}>
                  <th scope="row">
                    {r.line !== null
                      ? ct("console.transfer.line", { line: r.line })
                      : ct("console.transfer.item", { n: r.index + 1 })}
                  </th>
                  <td>{r.slug ?? ""}</td>
                  <td>{r.action ? ct(`console.transfer.action.${r.action}`) : ""}</td>
                  <td>
                    {r.problems.length ? (
                      <ul className={problemList}>
                        {r.problems.map((p, i) => (
                          <li key={i}>{p.message}</li>
                        ))}
                      </ul>
                    ) : (
                      ct("console.transfer.noProblem")
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
    </div>
  );
}
