import { useCallback } from "react";
import { Link } from "wouter";
import { getAdminCalendars } from "../../../../src/api/index.js";
import { useStore } from "../../lib/store.js";
import { space } from "../../theme/tokens.js";
import { ButtonLink } from "../../ui/button.js";
import { FormError } from "../../ui/field.js";
import { Spinner, stack } from "../../ui/page.js";
import { ConsoleFrame, consoleTable, dateTime, scroll, useOperator } from "./console-frame.js";
import { ct } from "./copy.js";
import { ContentPill } from "./content-pill.js";
import { useConsoleData } from "./use-console-data.js";

/** /admin/calendars: every workout calendar in every state; a calendar opens to its fields and days in order. */
export default function ConsoleCalendarsPage() {
  return (
    <ConsoleFrame section="calendars" title={ct("console.calendars.title")}>
      <CalendarList />
    </ConsoleFrame>
  );
}

function CalendarList() {
  const store = useStore();
  const me = useOperator();
  const read = useCallback(
    (signal?: AbortSignal) => getAdminCalendars(store.api, signal).then((r) => r.items),
    [store],
  );
  const { data: items, error } = useConsoleData(read);
  return (
    <div className={stack(space[5])}>
      <p>{ct("console.calendars.lead")}</p>
      {me.areas.includes("catalogue") ? (
        <div>
          <ButtonLink href="/admin/calendars/new">{ct("console.calendars.new")}</ButtonLink>
        </div>
      ) : null}
      {error ? <FormError>{error}</FormError> : null}
      {!items ? (
        error ? null : (
          <Spinner />
        )
      ) : !items.length ? (
        <p>{ct("console.content.none")}</p>
      ) : (
        <div className={scroll}>
          <table className={consoleTable}>
            <caption className="visually-hidden">{ct("console.calendars.title")}</caption>
            <thead>
              <tr>
                <th scope="col">{ct("console.col.name")}</th>
                <th scope="col">{ct("console.col.state")}</th>
                <th scope="col">{ct("console.calendars.days")}</th>
                <th scope="col">{ct("console.calendars.enrolled")}</th>
                <th scope="col">{ct("console.col.changed")}</th>
              </tr>
            </thead>
            <tbody>
              {items.map((c) => (
                <tr key={c.id}>
                  <th scope="row">
                    <Link href={`/admin/calendars/${encodeURIComponent(c.id)}`}>{c.name}</Link>
                    <br />
                    <small>{c.slug}</small>
                  </th>
                  <td>
                    <ContentPill status={c.status} />
                  </td>
                  <td>{c.total_days}</td>
                  <td>{c.enrolled}</td>
                  <td>{dateTime(c.updated_at)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </div>
  );
}
