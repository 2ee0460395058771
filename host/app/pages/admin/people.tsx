import { useCallback, type FormEvent } from "react";
import { useConsoleData } from "./use-console-data.js";
import { css } from "goober";
import { getOperators, grantRole, revokeRole, type ConsoleRole } from "../../../../src/api/index.js";
import { useStore } from "../../lib/store.js";
import { color, radius, space, text } from "../../theme/tokens.js";
import { Button } from "../../ui/button.js";
import { Field, FormError } from "../../ui/field.js";
import { SuccessNote } from "../../ui/notice.js";
import { card, sectionTitle, Spinner, stack } from "../../ui/page.js";
import { ConsoleFrame, consoleTable, dateTime, roleName, scroll, useOperator } from "./console-frame.js";
import { ct } from "./copy.js";

const ROLES: ConsoleRole[] = ["admin", "editor", "support", "viewer"];
/** The role the grant form offers first: most roles given are for the content team. */
const FIRST_ROLE: ConsoleRole = "editor";
const grantForm = css`display: grid; gap: ${space[2]}px; max-width: 520px;
  label { font-size: ${text.sm}px; font-weight: 600; }
  select { min-height: 48px; border-radius: ${radius.sm}px; border: 1.5px solid ${color.line}; padding: 0 12px; font-size: ${text.md}px; background: ${color.surface}; }`;

/** /admin/people: everyone with a company role; admins grant, change and revoke roles. */
export default function ConsolePeoplePage() {
  return (
    <ConsoleFrame section="people" title={ct("console.people.title")}>
      <People />
    </ConsoleFrame>
  );
}

function People() {
  const store = useStore();
  const me = useOperator();
  const admin = me.areas.includes("roles");

  const read = useCallback((signal?: AbortSignal) => getOperators(store.api, signal).then((r) => r.items), [store]);
  const { data: people, error, setError, notice, busy, run } = useConsoleData(read);

  const grant = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const form = e.currentTarget;
    const data = new FormData(form);
    const email = String(data.get("email") ?? "").trim();
    if (!email) return setError(ct("console.edit.required"));
    const role = String(data.get("role")) as ConsoleRole;
    void run(async () => {
      const granted = await grantRole(store.api, email, role);
      form.reset();
      return ct("console.people.granted", { email: granted.email, role: roleName(granted.role) });
    });
  };

  return (
    <div className={stack(space[5])}>
      <p>{ct("console.people.lead")}</p>
      <p>{ct("console.people.roleHelp")}</p>
      <div aria-live="polite">
        {error ? <FormError>{error}</FormError> : null}
        {notice ? <SuccessNote>{notice}</SuccessNote> : null}
      </div>
      {admin ? (
        <section className={`${card} ${stack(space[3])}`} aria-labelledby="grant-title">
          <h2 id="grant-title" className={sectionTitle}>
            {ct("console.people.grantTitle")}
          </h2>
          <form className={grantForm} onSubmit={grant} noValidate>
            <Field name="email" type="email" autoComplete="off" label={ct("console.people.email")} required />
            <label htmlFor="grant-role">{ct("console.people.role")}</label>
            <select id="grant-role" name="role" defaultValue={FIRST_ROLE}>
              {ROLES.map((r) => (
                <option key={r} value={r}>
                  {roleName(r)}
                </option>
              ))}
            </select>
            <Button type="submit" disabled={busy}>
              {ct("console.people.grant")}
            </Button>
          </form>
        </section>
      ) : null}
      {!people ? (
        <Spinner />
      ) : (
        <div className={scroll}>
          <table className={consoleTable}>
            <caption className="visually-hidden">{ct("console.people.table")}</caption>
            <thead>
              <tr>
                <th scope="col">{ct("console.col.name")}</th>
                <th scope="col">{ct("console.col.email")}</th>
                <th scope="col">{ct("console.col.role")}</th>
                <th scope="col">{ct("console.col.since")}</th>
                {admin ? <td /> : null}
              </tr>
            </thead>
            <tbody>
              {people.map((p) => (
                <tr key={p.user_id}>
                  <th scope="row">
                    {p.name} {p.user_id === me.user_id ? ct("console.people.you") : null}
                  </th>
                  <td>{p.email}</td>
                  <td>{roleName(p.role)}</td>
                  <td>{dateTime(p.granted_at)}</td>
                  {admin ? (
                    <td>
                      {p.user_id === me.user_id ? null : (
                        <Button
                          variant="danger"
                          disabled={busy}
                          onClick={() =>
                            void run(async () => {
                              await revokeRole(store.api, p.user_id);
                              return ct("console.people.revoked", { email: p.email });
                            })
                          }
                        >
                          {ct("console.people.revoke", { email: p.email })}
                        </Button>
                      )}
                    </td>
                  ) : null}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </div>
  );
}
