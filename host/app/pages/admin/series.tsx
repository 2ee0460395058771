import { useEffect, useState } from "react";
import { Link } from "wouter";
import { getAdminSeriesList, type AdminSeriesSummary } from "../../../../src/api/index.js";
import { useStore } from "../../lib/store.js";
import { space } from "../../theme/tokens.js";
import { ButtonLink } from "../../ui/button.js";
import { FormError } from "../../ui/field.js";
import { Spinner, stack } from "../../ui/page.js";
import { ConsoleFrame, consoleTable, dateTime, failureMessage, scroll, useOperator } from "./console-frame.js";
import { ct } from "./copy.js";
import { ContentPill } from "./content-pill.js";

/** /admin/series: every series in every state; a series opens to its fields and workouts in order. */
export default function ConsoleSeriesListPage() {
  return (
    <ConsoleFrame section="series" title={ct("console.series.title")}>
      <SeriesList />
    </ConsoleFrame>
  );
}

function SeriesList() {
  const store = useStore();
  const me = useOperator();
  const [items, setItems] = useState<AdminSeriesSummary[] | undefined>();
  const [error, setError] = useState("");
  useEffect(() => {
    const abort = new AbortController();
    getAdminSeriesList(store.api, abort.signal).then(
      (r) => !abort.signal.aborted && setItems(r.items),
      (e: unknown) => !abort.signal.aborted && setError(failureMessage(e)),
    );
    return () => abort.abort();
  }, [store]);

  return (
    <div className={stack(space[5])}>
      <p>{ct("console.series.lead")}</p>
      {me.areas.includes("catalogue") ? (
        <div>
          <ButtonLink href="/admin/series/new">{ct("console.series.new")}</ButtonLink>
        </div>
      ) : null}
      {error ? <FormError>{error}</FormError> : null}
      {!items ? (
        error ? null : (
          <Spinner />
        )
      ) : !items.length ? (
        <p>{ct("console.series.none")}</p>
      ) : (
        <div className={scroll}>
          <table className={consoleTable}>
            <caption className="visually-hidden">{ct("console.series.table")}</caption>
            <thead>
              <tr>
                <th scope="col">{ct("console.col.name")}</th>
                <th scope="col">{ct("console.col.state")}</th>
                <th scope="col">{ct("console.col.workouts")}</th>
                <th scope="col">{ct("console.col.changed")}</th>
              </tr>
            </thead>
            <tbody>
              {items.map((s) => (
                <tr key={s.id}>
                  <th scope="row">
                    <Link href={`/admin/series/${encodeURIComponent(s.id)}`}>{s.name}</Link>
                    <br />
                    <small>{s.slug}</small>
                  </th>
                  <td>
                    <ContentPill status={s.status} />
                  </td>
                  <td>{s.workouts}</td>
                  <td>{dateTime(s.updated_at)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </div>
  );
}
