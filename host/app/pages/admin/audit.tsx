import { useEffect, useState, type FormEvent } from "react";
import { css } from "goober";
import { getAudit, type AuditEntry, type AuditFilter } from "../../../../src/api/index.js";
import { useStore } from "../../lib/store.js";
import { space } from "../../theme/tokens.js";
import { Button } from "../../ui/button.js";
import { Field, FormError } from "../../ui/field.js";
import { Spinner, stack } from "../../ui/page.js";
import { actionName, ConsoleFrame, consoleTable, dateTime, failureMessage, scroll } from "./console-frame.js";
import { ct } from "./copy.js";

const PAGE = 50;
const filters = css`display: grid; gap: ${space[3]}px; grid-template-columns: repeat(auto-fit, minmax(180px, 1fr)); align-items: end;`;
const values = css`margin: 0; white-space: pre-wrap; font-size: 12px; max-width: 48ch;`;

/** /admin/audit: every console write, newest first, filtered by person, record and dates; older pages on demand. */
export default function ConsoleAuditPage() {
  return (
    <ConsoleFrame section="audit" title={ct("console.audit.title")}>
      <AuditLog />
    </ConsoleFrame>
  );
}

/** A `YYYY-MM-DD` date input as the start of that day in the viewer's zone. */
const dayStart = (day: string) => (day ? new Date(`${day}T00:00:00`).toISOString() : undefined);
const dayEnd = (day: string) =>
  day ? new Date(new Date(`${day}T00:00:00`).getTime() + 86_400_000).toISOString() : undefined;

function AuditLog() {
  const store = useStore();
  const [filter, setFilter] = useState<AuditFilter>({});
  const [entries, setEntries] = useState<AuditEntry[] | undefined>();
  const [more, setMore] = useState(false);
  const [error, setError] = useState("");

  useEffect(() => {
    const abort = new AbortController();
    setEntries(undefined);
    getAudit(store.api, { ...filter, limit: PAGE }, abort.signal).then(
      (r) => {
        if (abort.signal.aborted) return;
        setEntries(r.items);
        setMore(r.items.length === PAGE);
      },
      (e: unknown) => !abort.signal.aborted && setError(failureMessage(e)),
    );
    return () => abort.abort();
  }, [store, filter]);

  const older = async () => {
    const last = entries?.at(-1);
    if (!last) return;
    try {
      const r = await getAudit(store.api, { ...filter, before: last.id, limit: PAGE });
      setEntries((all) => [...(all ?? []), ...r.items]);
      setMore(r.items.length === PAGE);
    } catch (e) {
      setError(failureMessage(e));
    }
  };
  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const f = new FormData(e.currentTarget);
    const text = (name: string) => String(f.get(name) ?? "").trim() || undefined;
    setError("");
    setFilter({
      actor: text("actor"),
      record_type: text("record_type"),
      record_id: text("record_id"),
      from: dayStart(String(f.get("from") ?? "")),
      to: dayEnd(String(f.get("to") ?? "")),
    });
  };

  return (
    <div className={stack(space[5])}>
      <p>{ct("console.audit.lead")}</p>
      <form className={filters} onSubmit={submit} noValidate>
        <Field name="actor" label={ct("console.audit.person")} />
        <Field name="record_type" label={ct("console.audit.recordType")} />
        <Field name="record_id" label={ct("console.audit.recordId")} />
        <Field name="from" type="date" label={ct("console.audit.from")} />
        <Field name="to" type="date" label={ct("console.audit.to")} />
        <div>
          <Button type="submit" variant="secondary">
            {ct("console.audit.filter")}
          </Button>
        </div>
      </form>
      {error ? <FormError>{error}</FormError> : null}
      {!entries ? (
        error ? null : (
          <Spinner />
        )
      ) : !entries.length ? (
        <p role="status">{ct("console.audit.none")}</p>
      ) : (
        <>
          <div className={scroll}>
            <table className={consoleTable}>
              <caption className="visually-hidden">{ct("console.audit.table")}</caption>
              <thead>
                <tr>
                  <th scope="col">{ct("console.col.when")}</th>
                  <th scope="col">{ct("console.col.who")}</th>
                  <th scope="col">{ct("console.col.what")}</th>
                  <th scope="col">{ct("console.col.record")}</th>
                  <th scope="col">{ct("console.col.changes")}</th>
                </tr>
              </thead>
              <tbody>
                {entries.map((e) => (
                  <tr key={e.id}>
                    <td>
                      <time dateTime={e.at}>{dateTime(e.at)}</time>
                    </td>
                    <td>{e.actor_email === "system" ? ct("console.history.system") : e.actor_email}</td>
                    <th scope="row">{actionName(e.action)}</th>
                    <td>
                      {e.record_type} {e.record_id}
                    </td>
                    <td>
                      <details>
                        <summary>{e.changed.join(", ") || ct("console.audit.details")}</summary>
                        <p>{ct("console.audit.before")}</p>
                        <pre className={values}>{JSON.stringify(pick(e.before, e.changed), null, 1)}</pre>
                        <p>{ct("console.audit.after")}</p>
                        <pre className={values}>{JSON.stringify(pick(e.after, e.changed), null, 1)}</pre>
                      </details>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          {more ? (
            <div>
              <Button variant="secondary" onClick={() => void older()}>
                {ct("console.audit.older")}
              </Button>
            </div>
          ) : null}
        </>
      )}
    </div>
  );
}

/** The changed keys of a snapshot (all of it when nothing is listed, e.g. a create). */
function pick(values: Record<string, unknown> | null, keys: string[]): Record<string, unknown> | null {
  if (!values || !keys.length) return values;
  return Object.fromEntries(keys.filter((k) => k in values).map((k) => [k, values[k]]));
}
