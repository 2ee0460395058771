import { useEffect, useState, type FormEvent } from "react";
import { css } from "goober";
import { useParams } from "wouter";
import { getMemberPayments, refundPayment, type MemberPayment } from "../../../../src/api/index.js";
import { currentLocale } from "../../../../src/i18n/index.js";
import { useStore } from "../../lib/store.js";
import { color, space, text } from "../../theme/tokens.js";
import { Button } from "../../ui/button.js";
import { Checkbox, Field, FormError } from "../../ui/field.js";
import { Modal } from "../../ui/modal.js";
import { sectionTitle, Spinner, stack } from "../../ui/page.js";
import { ConsoleFrame, consoleTable, dateTime, failureMessage, scroll } from "./console-frame.js";
import { ct } from "./copy.js";

const refundList = css`margin: ${space[1]}px 0 0; padding-left: ${space[4]}px; font-size: ${text.sm}px; color: ${color.muted};`;
const flag = css`color: ${color.danger}; font-weight: 700;`;

/**
 * Within a page's grid the panel may be narrower than its table. The panel is a size container: where it is narrower
 * than the table needs (a phone, or a narrow grid column), each payment becomes a card of labelled lines (the
 * column's name before each value, from `data-label`), so nothing is squeezed letter by letter and the page never
 * scrolls sideways. Wider, the short columns (amount, state, card) keep their words whole and the refunds column,
 * whose lines are long, takes the wrapping. The explicit ARIA roles keep it a table for screen readers when its parts
 * are displayed as blocks.
 */
const fitsPage = css`min-width: 0; container-type: inline-size;`;
const payments = css`
  & thead th, & .keep { white-space: nowrap; }
  & .refunds { min-width: 16em; }
  @container (max-width: 760px) {
    & .refunds { min-width: 0; }
    & thead { position: absolute; width: 1px; height: 1px; overflow: hidden; clip-path: inset(50%); white-space: nowrap; }
    & tbody, & tr, & td, & th { display: block; }
    & tr { border: 1px solid ${color.line}; border-radius: 8px; padding: ${space[2]}px ${space[3]}px; margin-bottom: ${space[3]}px; }
    & tbody td, & tbody th { display: grid; grid-template-columns: minmax(6em, 35%) minmax(0, 1fr); gap: ${space[2]}px;
      border-bottom: none; padding: ${space[1]}px 0; overflow-wrap: break-word; }
    & tbody td::before, & tbody th::before { content: attr(data-label); font-size: 12px; font-weight: 700;
      text-transform: uppercase; letter-spacing: .06em; color: ${color.muted}; }
    & tbody td:empty { display: none; }
  }`;

const money = (cents: number, currency: string) =>
  new Intl.NumberFormat(currentLocale(), { style: "currency", currency }).format(cents / 100);

/** /admin/members/:id/payments: the payments panel on its own page (the member page links here). */
export default function MemberPaymentsPage() {
  const { id = "" } = useParams<{ id: string }>();
  return (
    <ConsoleFrame section="members" title={ct("console.payments.title")}>
      <MemberPayments userId={id} />
    </ConsoleFrame>
  );
}

/**
 * A member's payments for support: each invoice with its amount, status, card (brand and last four) and refunds, and
 * a Refund dialog (full or partial, a reason required, the button saying whether access ends).
 */
export function MemberPayments({ userId }: { userId: string }) {
  const store = useStore();
  const [items, setItems] = useState<MemberPayment[] | undefined>();
  const [error, setError] = useState("");
  const [refunding, setRefunding] = useState<MemberPayment | undefined>();
  const [done, setDone] = useState("");

  useEffect(() => {
    const abort = new AbortController();
    setItems(undefined);
    getMemberPayments(store.api, userId, abort.signal).then(
      (r) => !abort.signal.aborted && setItems(r.items),
      (e: unknown) => !abort.signal.aborted && setError(failureMessage(e)),
    );
    return () => abort.abort();
  }, [store, userId]);

  const refunded = (payment: MemberPayment, amount: number) => {
    setItems((all) => all?.map((p) => (p.invoice_id === payment.invoice_id ? payment : p)));
    setRefunding(undefined);
    setDone(ct("console.payments.done", { amount: money(amount, payment.currency) }));
  };

  return (
    <section className={`${stack(space[4])} ${fitsPage}`} aria-labelledby="member-payments-title">
      <h2 id="member-payments-title" className={sectionTitle}>
        {ct("console.payments.title")}
      </h2>
      <p role="status">{done}</p>
      {error ? <FormError>{error}</FormError> : null}
      {!items ? (
        error ? null : (
          <Spinner />
        )
      ) : !items.length ? (
        <p>{ct("console.payments.none")}</p>
      ) : (
        <div className={scroll}>
          <table className={`${consoleTable} ${payments}`} role="table">
            <caption className="visually-hidden">{ct("console.payments.table")}</caption>
            <thead role="rowgroup">
              <tr role="row">
                <th scope="col" role="columnheader">
                  {ct("console.col.when")}
                </th>
                <th scope="col" role="columnheader">
                  {ct("console.payments.for")}
                </th>
                <th scope="col" role="columnheader">
                  {ct("console.payments.amount")}
                </th>
                <th scope="col" role="columnheader">
                  {ct("console.col.state")}
                </th>
                <th scope="col" role="columnheader">
                  {ct("console.payments.card")}
                </th>
                <th scope="col" role="columnheader">
                  {ct("console.payments.refunds")}
                </th>
                <th scope="col" role="columnheader">
                  <span className="visually-hidden">{ct("console.payments.actions")}</span>
                </th>
              </tr>
            </thead>
            <tbody role="rowgroup">
              {items.map((p) => (
                <tr key={p.invoice_id} role="row">
                  <td role="cell" data-label={ct("console.col.when")}>
                    <time dateTime={p.created_at}>{dateTime(p.created_at)}</time>
                  </td>
                  <th scope="row" role="rowheader" data-label={ct("console.payments.for")}>
                    {p.description}
                  </th>
                  <td role="cell" className="keep" data-label={ct("console.payments.amount")}>
                    {money(p.amount, p.currency)}
                  </td>
                  <td role="cell" className="keep" data-label={ct("console.col.state")}>
                    <div>
                      {ct(`console.payments.status.${p.status}`)}
                      {p.disputed_at ? <span className={flag}> · {ct("console.payments.disputed")}</span> : null}
                    </div>
                  </td>
                  <td role="cell" className="keep" data-label={ct("console.payments.card")}>
                    {p.card ? `${p.card.brand} •••• ${p.card.last4}` : "—"}
                  </td>
                  <td role="cell" className="refunds" data-label={ct("console.payments.refunds")}>
                    <div>
                      {p.refunded ? money(p.refunded, p.currency) : "—"}
                      {p.refunds.length ? (
                        <ul className={refundList}>
                          {p.refunds.map((r) => (
                            <li key={r.id}>
                              {ct("console.payments.refundLine", {
                                amount: money(r.amount, r.currency),
                                date: dateTime(r.created_at),
                                who: r.by ?? ct("console.payments.atProvider"),
                                reason: r.reason,
                              })}
                              {r.ended_access ? ` ${ct("console.payments.endedAccess")}` : ""}
                            </li>
                          ))}
                        </ul>
                      ) : null}
                    </div>
                  </td>
                  <td role="cell" data-label={ct("console.payments.actions")}>
                    {p.refundable > 0 ? (
                      <Button
                        variant="secondary"
                        onClick={() => setRefunding(p)}
                        aria-label={ct("console.payments.refundFor", {
                          amount: money(p.amount, p.currency),
                          date: dateTime(p.created_at),
                        })}
                      >
                        {ct("console.payments.refund")}
                      </Button>
                    ) : null}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <Modal
        open={!!refunding}
        title={ct("console.payments.refundTitle")}
        onClose={() => setRefunding(undefined)}
        width={520}
      >
        {refunding ? <RefundForm userId={userId} payment={refunding} onRefunded={refunded} /> : null}
      </Modal>
    </section>
  );
}

function RefundForm({
  userId,
  payment,
  onRefunded,
}: {
  userId: string;
  payment: MemberPayment;
  onRefunded: (payment: MemberPayment, amount: number) => void;
}) {
  const store = useStore();
  const [amount, setAmount] = useState((payment.refundable / 100).toFixed(2));
  const [reason, setReason] = useState("");
  const [endAccess, setEndAccess] = useState(false);
  const [errors, setErrors] = useState<{ amount?: string; reason?: string; form?: string }>({});
  const [busy, setBusy] = useState(false);
  const cents = Math.round(Number(amount.replace(",", ".")) * 100);
  const valid = Number.isFinite(cents) && cents >= 1 && cents <= payment.refundable;
  const shown = money(valid ? cents : payment.refundable, payment.currency);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const problems = {
      ...(valid
        ? {}
        : {
            amount: ct("console.payments.badAmount", {
              max: money(payment.refundable, payment.currency),
            }),
          }),
      ...(reason.trim() ? {} : { reason: ct("console.payments.needReason") }),
    };
    setErrors(problems);
    if (problems.amount || problems.reason) return;
    setBusy(true);
    try {
      onRefunded(
        await refundPayment(store.api, userId, payment.invoice_id, { amount: cents, reason, endAccess }),
        cents,
      );
    } catch (err) {
      setErrors({ form: failureMessage(err) });
      setBusy(false);
    }
  };

  return (
    <form className={stack(space[3])} onSubmit={(e) => void submit(e)} noValidate>
      <p>
        {ct("console.payments.refundLead", {
          amount: money(payment.amount, payment.currency),
          date: dateTime(payment.created_at),
          max: money(payment.refundable, payment.currency),
        })}
      </p>
      <Field
        name="amount"
        label={ct("console.payments.refundAmount", { currency: payment.currency })}
        inputMode="decimal"
        value={amount}
        onChange={(e) => setAmount(e.currentTarget.value)}
        error={errors.amount}
        required
      />
      <Field
        name="reason"
        label={ct("console.payments.reason")}
        value={reason}
        maxLength={500}
        onChange={(e) => setReason(e.currentTarget.value)}
        error={errors.reason}
        required
      />
      <Checkbox
        name="endAccess"
        label={ct("console.payments.endAccess")}
        checked={endAccess}
        onChange={(e) => setEndAccess(e.currentTarget.checked)}
      />
      {errors.form ? <FormError>{errors.form}</FormError> : null}
      <Button type="submit" variant={endAccess ? "danger" : "primary"} disabled={busy}>
        {ct(endAccess ? "console.payments.submitEnd" : "console.payments.submitKeep", { amount: shown })}
      </Button>
    </form>
  );
}
