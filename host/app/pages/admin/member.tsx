import { useEffect, useId, useState, type FormEvent, type ReactNode } from "react";
import { css } from "goober";
import { Link, useParams } from "wouter";
import {
  ApiError,
  getSupportMember,
  runSupportAction,
  type SupportAction,
  type SupportMemberPage,
} from "../../../../src/api/index.js";
import { useStore } from "../../lib/store.js";
import { color, radius, space, text } from "../../theme/tokens.js";
import { Button } from "../../ui/button.js";
import { Field, FormError } from "../../ui/field.js";
import { Modal, modalActions } from "../../ui/modal.js";
import { SuccessNote } from "../../ui/notice.js";
import { card, EmptyState, sectionTitle, Spinner, stack } from "../../ui/page.js";
import { ConsoleFrame, consoleTable, dateTime, failureMessage, scroll, wholeWords } from "./console-frame.js";
import { ct, type ConsoleKey } from "./copy.js";
import { stateName } from "./member-summary.js";
import { MemberPayments } from "./member-payments.js";

const facts = css`display: grid; grid-template-columns: minmax(120px, max-content) 1fr; gap: ${space[1]}px ${space[4]}px; margin: 0;
  dt { font-weight: 700; } dd { margin: 0; overflow-wrap: anywhere; }`;
const actionBar = css`display: flex; flex-wrap: wrap; gap: ${space[2]}px;`;
const choice = css`display: grid; gap: ${space[2]}px; border: 0; margin: 0; padding: 0;
  legend { font-size: ${text.sm}px; font-weight: 600; margin-bottom: ${space[1]}px; }
  label { display: flex; gap: ${space[2]}px; align-items: center; min-height: 44px; }
  input { width: 20px; height: 20px; }`;
const reasonBox = css`display: grid; gap: 6px;
  label { font-size: ${text.sm}px; font-weight: 600; }
  textarea { min-height: 88px; border-radius: ${radius.sm}px; border: 1.5px solid ${color.line}; padding: 10px 12px; font: inherit; font-size: ${text.md}px; }
  textarea[aria-invalid="true"] { border-color: ${color.danger}; }
  span[role="alert"] { color: ${color.danger}; font-size: ${text.sm}px; font-weight: 600; }`;

/** Words stay whole in the page's tables (a state is not split into letters on a phone); long values break anywhere. */
type Page = SupportMemberPage;

/** /admin/members/:id: one member's page and support's actions on the account; admins and support. */
export default function ConsoleMemberPage() {
  const { id = "" } = useParams<{ id: string }>();
  return (
    <ConsoleFrame section="members" title={ct("console.member.title")}>
      <MemberPage id={id} />
    </ConsoleFrame>
  );
}

/**
 * The page's sections, in order: each a title and what it shows of the member. A new part of the page (the money
 * helper's payments and refunds) is one more entry here.
 */
const SECTIONS: { id: string; title: ConsoleKey; render: (p: Page) => ReactNode }[] = [
  { id: "profile", title: "console.member.profile", render: (p) => <Profile p={p} /> },
  { id: "memberships", title: "console.member.memberships", render: (p) => <Memberships p={p} /> },
  { id: "timeline", title: "console.member.timeline", render: (p) => <Timeline p={p} /> },
  { id: "cards", title: "console.member.cards", render: (p) => <Cards p={p} /> },
  { id: "sessions", title: "console.member.sessions", render: (p) => <Sessions p={p} /> },
  { id: "plays", title: "console.member.plays", render: (p) => <Plays p={p} /> },
  { id: "bookings", title: "console.member.bookings", render: (p) => <Bookings p={p} /> },
  { id: "waitlists", title: "console.member.waitlists", render: (p) => <Waitlists p={p} /> },
];

/** Support's actions, each opened in a dialog that asks for its reason (and the action's own choice). */
const ACTIONS: { kind: SupportAction["kind"]; label: ConsoleKey; lead: ConsoleKey; danger?: true }[] = [
  { kind: "comp", label: "console.act.comp", lead: "console.act.compLead" },
  { kind: "pause", label: "console.act.pause", lead: "console.act.pauseLead" },
  { kind: "cancel", label: "console.act.cancel", lead: "console.act.cancelLead", danger: true },
  { kind: "receipt", label: "console.act.receipt", lead: "console.act.receiptLead" },
  { kind: "password-reset", label: "console.act.passwordReset", lead: "console.act.passwordResetLead" },
  { kind: "sign-out", label: "console.act.signOut", lead: "console.act.signOutLead" },
  { kind: "erasure", label: "console.act.erasure", lead: "console.act.erasureLead", danger: true },
];

function MemberPage({ id }: { id: string }) {
  const store = useStore();
  const [page, setPage] = useState<Page | null | undefined>();
  const [error, setError] = useState("");
  const [notice, setNotice] = useState("");
  const [open, setOpen] = useState<(typeof ACTIONS)[number] | undefined>();

  useEffect(() => {
    const abort = new AbortController();
    setPage(undefined);
    getSupportMember(store.api, id, abort.signal).then(
      (p) => !abort.signal.aborted && setPage(p),
      (e: unknown) =>
        !abort.signal.aborted &&
        (e instanceof ApiError && e.status === 404 ? setPage(null) : setError(failureMessage(e))),
    );
    return () => abort.abort();
  }, [store, id]);

  if (error && page === undefined) return <FormError>{error}</FormError>;
  if (page === undefined) return <Spinner />;
  if (page === null)
    return (
      <EmptyState title={ct("console.member.notFound")}>
        <Link href="/admin/members">{ct("console.member.back")}</Link>
      </EmptyState>
    );
  const name = `${page.profile.given_name} ${page.profile.family_name}`.trim();

  return (
    <div className={stack(space[5])}>
      <p>
        <Link href="/admin/members">{ct("console.member.back")}</Link>
      </p>
      <h2 className={sectionTitle}>
        {name} · {page.profile.email}
      </h2>
      <div aria-live="polite">{notice ? <SuccessNote>{notice}</SuccessNote> : null}</div>
      {!page.profile.closed_at ? (
        <section className={`${card} ${stack(space[3])}`} aria-labelledby="member-actions">
          <h2 id="member-actions" className={sectionTitle}>
            {ct("console.member.actions")}
          </h2>
          <p>{ct("console.member.actionsLead")}</p>
          <div className={actionBar}>
            {ACTIONS.map((a) => (
              <Button
                key={a.kind}
                variant={a.danger ? "danger" : "secondary"}
                aria-haspopup="dialog"
                onClick={() => {
                  setNotice("");
                  setOpen(a);
                }}
              >
                {ct(a.label)}
              </Button>
            ))}
          </div>
        </section>
      ) : null}
      {SECTIONS.map((s) => (
        <section key={s.id} className={stack(space[3])} aria-labelledby={`member-${s.id}`}>
          <h2 id={`member-${s.id}`} className={sectionTitle}>
            {ct(s.title)}
          </h2>
          {s.render(page)}
        </section>
      ))}
      <MemberPayments userId={id} />
      {open ? (
        <ActionDialog
          memberId={id}
          action={open}
          onClose={() => setOpen(undefined)}
          onDone={(next, action) => {
            setPage(next);
            setOpen(undefined);
            setNotice(ct("console.act.done", { action: ct(action.label) }));
          }}
        />
      ) : null}
    </div>
  );
}

/** One action's dialog: its choice (days, when, months), the required reason, and the server's refusal if any. */
function ActionDialog({
  memberId,
  action,
  onClose,
  onDone,
}: {
  memberId: string;
  action: (typeof ACTIONS)[number];
  onClose: () => void;
  onDone: (page: Page, action: (typeof ACTIONS)[number]) => void;
}) {
  const store = useStore();
  const reasonId = useId();
  const [reasonError, setReasonError] = useState("");
  const [daysError, setDaysError] = useState("");
  const [error, setError] = useState("");
  const [busy, setBusy] = useState(false);

  const submit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const data = new FormData(e.currentTarget);
    const reason = String(data.get("reason") ?? "").trim();
    const days = Number(data.get("days"));
    const daysWrong = action.kind === "comp" && !(Number.isInteger(days) && days >= 1 && days <= 366);
    setReasonError(reason ? "" : ct("console.act.reasonRequired"));
    setDaysError(daysWrong ? ct("console.act.daysInvalid") : "");
    if (!reason || daysWrong) return;
    const chosen: SupportAction =
      action.kind === "comp"
        ? { kind: "comp", days }
        : action.kind === "cancel"
          ? { kind: "cancel", when: data.get("when") === "now" ? "now" : "period_end" }
          : action.kind === "pause"
            ? { kind: "pause", months: Number(data.get("months")) as 1 | 2 | 3 }
            : { kind: action.kind };
    setBusy(true);
    setError("");
    try {
      onDone(await runSupportAction(store.api, memberId, chosen, reason), action);
    } catch (err) {
      setError(failureMessage(err));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal open title={ct(action.label)} onClose={onClose}>
      <form className={stack(space[3])} onSubmit={(e) => void submit(e)} noValidate>
        <p>{ct(action.lead)}</p>
        {action.kind === "comp" ? (
          <Field
            name="days"
            type="number"
            inputMode="numeric"
            min={1}
            max={366}
            defaultValue={30}
            label={ct("console.act.days")}
            required
            error={daysError || undefined}
          />
        ) : null}
        {action.kind === "cancel" ? (
          <fieldset className={choice}>
            <legend>{ct("console.act.when")}</legend>
            <label>
              <input type="radio" name="when" value="period_end" defaultChecked /> {ct("console.act.periodEnd")}
            </label>
            <label>
              <input type="radio" name="when" value="now" /> {ct("console.act.now")}
            </label>
          </fieldset>
        ) : null}
        {action.kind === "pause" ? (
          <fieldset className={choice}>
            <legend>{ct("console.act.months")}</legend>
            {[1, 2, 3].map((m) => (
              <label key={m}>
                <input type="radio" name="months" value={m} defaultChecked={m === 1} /> {m}
              </label>
            ))}
          </fieldset>
        ) : null}
        <div className={reasonBox}>
          <label htmlFor={reasonId}>{ct("console.act.reason")}</label>
          <textarea
            id={reasonId}
            name="reason"
            required
            maxLength={500}
            aria-invalid={reasonError ? true : undefined}
            aria-describedby={reasonError ? `${reasonId}-error` : undefined}
          />
          {reasonError ? (
            <span id={`${reasonId}-error`} role="alert">
              {reasonError}
            </span>
          ) : null}
        </div>
        <FormError>{error}</FormError>
        <div className={modalActions}>
          <Button variant="ghost" onClick={onClose}>
            {ct("console.act.keep")}
          </Button>
          <Button type="submit" variant={action.danger ? "danger" : "primary"} disabled={busy}>
            {ct("console.act.confirm")}
          </Button>
        </div>
      </form>
    </Modal>
  );
}

const when = (iso: string | null | undefined) => (iso ? dateTime(iso) : "");
const Empty = () => <p>{ct("console.member.empty")}</p>;

function Table({ caption, head, rows }: { caption: string; head: ConsoleKey[]; rows: ReactNode[][] }) {
  if (!rows.length) return <Empty />;
  return (
    <div className={scroll}>
      <table className={`${consoleTable} ${wholeWords}`}>
        <caption className="visually-hidden">{caption}</caption>
        <thead>
          <tr>
            {head.map((h) => (
              <th key={h} scope="col">
                {ct(h)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((cells, i) => (
            <tr key={i}>
              {cells.map((c, j) =>
                j === 0 ? (
                  <th key={j} scope="row">
                    {c}
                  </th>
                ) : (
                  <td key={j}>{c}</td>
                ),
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function Profile({ p }: { p: Page }) {
  const f = p.profile;
  const rows: [ConsoleKey, ReactNode][] = [
    ["console.member.name", `${f.given_name} ${f.family_name}`.trim()],
    ["console.member.email", f.email],
    ["console.member.id", <code key="id">{f.id}</code>],
    ["console.member.joined", when(f.created_at)],
    ["console.member.birthday", f.birthday ?? ""],
    ["console.member.phone", f.phone ? `${f.phone.country} ${f.phone.number}` : ""],
    ["console.member.optIn", ct(f.opt_in ? "console.member.yes" : "console.member.no")],
    ["console.member.companyRole", f.company_role ?? ""],
  ];
  return (
    <div className={stack(space[2])}>
      <dl className={facts}>
        {rows
          .filter(([, v]) => v !== "")
          .map(([k, v]) => (
            <div key={k} style={{ display: "contents" }}>
              <dt>{ct(k)}</dt>
              <dd>{v}</dd>
            </div>
          ))}
      </dl>
      {f.deletion && !f.deletion.erased_at ? (
        <p role="note">{ct("console.member.erasure", { date: when(f.deletion.erase_at) })}</p>
      ) : null}
      {f.closed_at ? <p role="note">{ct("console.member.closedAt", { date: when(f.closed_at) })}</p> : null}
    </div>
  );
}

function Memberships({ p }: { p: Page }) {
  return (
    <Table
      caption={ct("console.member.memberships")}
      head={["console.member.plan", "console.member.state", "console.member.until"]}
      rows={p.subscriptions.map((s) => [
        s.name,
        stateName(s.state),
        s.pause_starts_at
          ? `${when(s.expiration_date)} (${ct("console.state.paused")} ${when(s.pause_starts_at)} – ${when(s.pause_resumes_at)})`
          : when(s.expiration_date),
      ])}
    />
  );
}

function Timeline({ p }: { p: Page }) {
  return (
    <Table
      caption={ct("console.member.timeline")}
      head={["console.col.when", "console.member.change", "console.member.cause", "console.audit.details"]}
      rows={p.timeline.map((e) => [
        when(e.created_at),
        `${e.subscription_name}: ${e.action} (${e.from_state ? `${stateName(e.from_state)} → ` : ""}${stateName(e.to_state)})`,
        <span key="a" className="anywhere">
          {e.actor}
        </span>,
        Object.keys(e.details).length ? <code key="d">{JSON.stringify(e.details)}</code> : "",
      ])}
    />
  );
}

function Cards({ p }: { p: Page }) {
  return (
    <Table
      caption={ct("console.member.cards")}
      head={["console.member.cards", "console.member.expires", "console.member.default"]}
      rows={p.cards.map((c) => [
        ct("console.member.card", { brand: c.brand, last4: c.last4 }),
        c.exp_month && c.exp_year ? `${c.exp_month}/${c.exp_year}` : "",
        c.is_default ? ct("console.member.yes") : "",
      ])}
    />
  );
}

function Sessions({ p }: { p: Page }) {
  return (
    <Table
      caption={ct("console.member.sessions")}
      head={["console.member.device", "console.member.signedIn", "console.member.lastUsed", "console.member.status"]}
      rows={p.sessions.map((s) => [
        s.device ?? ct("console.member.unknownDevice"),
        when(s.signed_in_at),
        when(s.last_used_at),
        ct(s.live ? "console.member.live" : "console.member.ended"),
      ])}
    />
  );
}

function Plays({ p }: { p: Page }) {
  return (
    <Table
      caption={ct("console.member.plays")}
      head={["console.member.workout", "console.member.played", "console.member.status"]}
      rows={p.plays.map((w) => [
        w.workout_name ?? w.workout_id,
        when(w.started_at),
        ct(w.is_complete ? "console.member.completed" : "console.member.unfinished"),
      ])}
    />
  );
}

function Bookings({ p }: { p: Page }) {
  return (
    <Table
      caption={ct("console.member.bookings")}
      head={["console.member.class", "console.col.when", "console.member.status"]}
      rows={p.bookings.map((b) => [`${b.class_type} · ${b.location}`, when(b.start_at), b.status])}
    />
  );
}

function Waitlists({ p }: { p: Page }) {
  return (
    <Table
      caption={ct("console.member.waitlists")}
      head={["console.member.class", "console.col.when", "console.member.status"]}
      rows={p.waitlists.map((w) => [`${w.class_type} · ${w.location}`, when(w.start_at), w.status])}
    />
  );
}
