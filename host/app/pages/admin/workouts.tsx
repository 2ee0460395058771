import { useEffect, useState, type FormEvent } from "react";
import { css } from "goober";
import { Link, useSearch, useLocation } from "wouter";
import { getAdminWorkouts, type AdminWorkoutPage, type WorkoutStatus } from "../../../../src/api/index.js";
import { useStore } from "../../lib/store.js";
import { color, radius, space, text } from "../../theme/tokens.js";
import { Button, ButtonLink } from "../../ui/button.js";
import { Field, FormError } from "../../ui/field.js";
import { Spinner, stack } from "../../ui/page.js";
import { ConsoleFrame, consoleTable, dateTime, failureMessage, scroll, useOperator } from "./console-frame.js";
import { ct } from "./copy.js";

const PAGE_SIZE = 25;
const STATUSES: WorkoutStatus[] = ["draft", "scheduled", "published", "archived"];

const filters = css`display: flex; flex-wrap: wrap; gap: ${space[3]}px; align-items: end;
  > div:first-child { flex: 1 1 260px; }
  > div { display: grid; gap: 6px; }
  label { font-size: ${text.sm}px; font-weight: 600; }
  select { min-height: 48px; border-radius: ${radius.sm}px; border: 1.5px solid ${color.line}; padding: 0 12px; font-size: ${text.md}px; background: ${color.surface}; }`;
const pill = css`display: inline-block; border-radius: ${radius.pill}px; padding: 2px 10px; font-size: 12px; font-weight: 800; background: ${color.sunken};`;
const pager = css`display: flex; flex-wrap: wrap; gap: ${space[3]}px; align-items: center;`;

export const StatusPill = ({ status }: { status: WorkoutStatus }) => (
  <span className={pill} data-status={status}>
    {ct(`console.status.${status}`)}
  </span>
);

/** /admin: every workout in every state, found by name, slug or id and filtered by state (?q=…&status=…&page=…). */
export default function ConsoleWorkoutsPage() {
  return (
    <ConsoleFrame section="workouts" title={ct("console.workouts.title")}>
      <WorkoutList />
    </ConsoleFrame>
  );
}

function WorkoutList() {
  const store = useStore();
  const me = useOperator();
  const params = new URLSearchParams(useSearch());
  const [, navigate] = useLocation();
  const q = params.get("q") ?? "";
  const status = (STATUSES as string[]).includes(params.get("status") ?? "")
    ? (params.get("status") as WorkoutStatus)
    : undefined;
  const page = Math.max(0, Number(params.get("page") ?? "0") || 0);
  const [result, setResult] = useState<AdminWorkoutPage | undefined>();
  const [error, setError] = useState("");

  useEffect(() => {
    const abort = new AbortController();
    setError("");
    getAdminWorkouts(
      store.api,
      { q: q || undefined, status, offset: page * PAGE_SIZE, limit: PAGE_SIZE },
      abort.signal,
    ).then(
      (r) => !abort.signal.aborted && setResult(r),
      (e: unknown) => !abort.signal.aborted && setError(failureMessage(e)),
    );
    return () => abort.abort();
  }, [store, q, status, page]);

  const go = (next: { q?: string; status?: string; page?: number }) => {
    const query = new URLSearchParams();
    const nq = next.q ?? q;
    const ns = next.status ?? status ?? "";
    if (nq) query.set("q", nq);
    if (ns) query.set("status", ns);
    if (next.page) query.set("page", String(next.page));
    navigate(`/admin${query.size ? `?${query}` : ""}`);
  };
  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const form = new FormData(e.currentTarget);
    go({ q: String(form.get("q") ?? "").trim(), status: String(form.get("status") ?? ""), page: 0 });
  };
  const pages = result ? Math.max(1, Math.ceil(result.total / PAGE_SIZE)) : 1;

  return (
    <div className={stack(space[5])}>
      <p>{ct("console.workouts.lead")}</p>
      <form role="search" className={filters} onSubmit={submit}>
        <Field name="q" type="search" label={ct("console.workouts.find")} defaultValue={q} key={q} />
        <div>
          <label htmlFor="workouts-state">{ct("console.workouts.state")}</label>
          <select id="workouts-state" name="status" defaultValue={status ?? ""} key={status ?? ""}>
            <option value="">{ct("console.status.any")}</option>
            {STATUSES.map((s) => (
              <option key={s} value={s}>
                {ct(`console.status.${s}`)}
              </option>
            ))}
          </select>
        </div>
        <Button type="submit" variant="secondary">
          {ct("console.workouts.search")}
        </Button>
        {me.areas.includes("catalogue") ? (
          <ButtonLink href="/admin/workouts/new">{ct("console.workouts.new")}</ButtonLink>
        ) : null}
      </form>
      {error ? <FormError>{error}</FormError> : null}
      {!result ? (
        error ? null : (
          <Spinner />
        )
      ) : !result.items.length ? (
        <p role="status">{ct("console.workouts.none")}</p>
      ) : (
        <>
          <p role="status">{ct("console.workouts.count", { count: result.total })}</p>
          <div className={scroll}>
            <table className={consoleTable}>
              <caption className="visually-hidden">{ct("console.workouts.table")}</caption>
              <thead>
                <tr>
                  <th scope="col">{ct("console.col.name")}</th>
                  <th scope="col">{ct("console.col.state")}</th>
                  <th scope="col">{ct("console.col.release")}</th>
                  <th scope="col">{ct("console.col.changed")}</th>
                </tr>
              </thead>
              <tbody>
                {result.items.map((w) => (
                  <tr key={w.id}>
                    <th scope="row">
                      <Link href={`/admin/workouts/${encodeURIComponent(w.id)}`}>{w.name}</Link>
                      <br />
                      <small>{w.slug}</small>
                    </th>
                    <td>
                      <StatusPill status={w.status} />
                    </td>
                    <td>{w.release_at ? dateTime(w.release_at, w.release_zone ?? undefined) : ""}</td>
                    <td>{dateTime(w.updated_at)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          {pages > 1 ? (
            <nav className={pager} aria-label={ct("console.page.of", { page: page + 1, pages })}>
              <Button variant="secondary" disabled={page === 0} onClick={() => go({ page: page - 1 })}>
                {ct("console.page.previous")}
              </Button>
              <span>{ct("console.page.of", { page: page + 1, pages })}</span>
              <Button variant="secondary" disabled={page + 1 >= pages} onClick={() => go({ page: page + 1 })}>
                {ct("console.page.next")}
              </Button>
            </nav>
          ) : null}
        </>
      )}
    </div>
  );
}
