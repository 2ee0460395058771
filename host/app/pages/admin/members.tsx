import { useEffect, useState, type FormEvent } from "react";
import { css } from "goober";
import { Link, useLocation, useSearch } from "wouter";
import { findMembers, type MemberSearchPage } from "../../../../src/api/index.js";
import { useStore } from "../../lib/store.js";
import { space } from "../../theme/tokens.js";
import { Button } from "../../ui/button.js";
import { Field, FormError } from "../../ui/field.js";
import { Spinner, stack } from "../../ui/page.js";
import { ConsoleFrame, consoleTable, dateTime, failureMessage, scroll } from "./console-frame.js";
import { ct } from "./copy.js";
import { membershipSummary } from "./member-summary.js";

const PAGE_SIZE = 25;
const form = css`display: flex; flex-wrap: wrap; gap: ${space[3]}px; align-items: end; > div:first-child { flex: 1 1 280px; }`;
const pager = css`display: flex; flex-wrap: wrap; gap: ${space[3]}px; align-items: center;`;

/** /admin/members: find a member by email, name or id (?q=…&page=…); admins and support. */
export default function ConsoleMembersPage() {
  return (
    <ConsoleFrame section="members" title={ct("console.members.title")}>
      <MemberSearch />
    </ConsoleFrame>
  );
}

function MemberSearch() {
  const store = useStore();
  const params = new URLSearchParams(useSearch());
  const [, navigate] = useLocation();
  const q = params.get("q")?.trim() ?? "";
  const page = Math.max(0, Number(params.get("page") ?? "0") || 0);
  const [result, setResult] = useState<MemberSearchPage | undefined>();
  const [error, setError] = useState("");

  useEffect(() => {
    setResult(undefined);
    setError("");
    if (!q) return;
    const abort = new AbortController();
    findMembers(store.api, { q, offset: page * PAGE_SIZE, limit: PAGE_SIZE }, abort.signal).then(
      (r) => !abort.signal.aborted && setResult(r),
      (e: unknown) => !abort.signal.aborted && setError(failureMessage(e)),
    );
    return () => abort.abort();
  }, [store, q, page]);

  const go = (nextQ: string, nextPage = 0) => {
    const query = new URLSearchParams();
    if (nextQ) query.set("q", nextQ);
    if (nextPage) query.set("page", String(nextPage));
    navigate(`/admin/members${query.size ? `?${query}` : ""}`);
  };
  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    go(String(new FormData(e.currentTarget).get("q") ?? "").trim());
  };
  const pages = result ? Math.max(1, Math.ceil(result.total / PAGE_SIZE)) : 1;

  return (
    <div className={stack(space[5])}>
      <p>{ct("console.members.lead")}</p>
      <form role="search" className={form} onSubmit={submit}>
        <Field name="q" type="search" label={ct("console.members.find")} defaultValue={q} key={q} autoComplete="off" />
        <Button type="submit" variant="secondary">
          {ct("console.members.search")}
        </Button>
      </form>
      {error ? <FormError>{error}</FormError> : null}
      {!q ? null : !result ? (
        error ? null : (
          <Spinner />
        )
      ) : !result.items.length ? (
        <p role="status">{ct("console.members.none")}</p>
      ) : (
        <>
          <p role="status">{ct("console.members.count", { count: result.total })}</p>
          <div className={scroll}>
            <table className={consoleTable}>
              <caption className="visually-hidden">{ct("console.members.table")}</caption>
              <thead>
                <tr>
                  <th scope="col">{ct("console.col.name")}</th>
                  <th scope="col">{ct("console.col.email")}</th>
                  <th scope="col">{ct("console.col.membership")}</th>
                  <th scope="col">{ct("console.col.joined")}</th>
                </tr>
              </thead>
              <tbody>
                {result.items.map((m) => (
                  <tr key={m.id}>
                    <th scope="row">
                      <Link href={`/admin/members/${encodeURIComponent(m.id)}`}>{m.name || m.email}</Link>
                      {m.closed ? (
                        <>
                          <br />
                          <small>{ct("console.members.closed")}</small>
                        </>
                      ) : null}
                    </th>
                    <td>{m.email}</td>
                    <td>{membershipSummary(m.membership)}</td>
                    <td>{dateTime(m.created_at)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          {pages > 1 ? (
            <nav className={pager} aria-label={ct("console.page.of", { page: page + 1, pages })}>
              <Button variant="secondary" disabled={page === 0} onClick={() => go(q, page - 1)}>
                {ct("console.page.previous")}
              </Button>
              <span>{ct("console.page.of", { page: page + 1, pages })}</span>
              <Button variant="secondary" disabled={page + 1 >= pages} onClick={() => go(q, page + 1)}>
                {ct("console.page.next")}
              </Button>
            </nav>
          ) : null}
        </>
      )}
    </div>
  );
}
