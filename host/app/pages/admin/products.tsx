import { useCallback, useState, type FormEvent } from "react";
import { useConsoleData } from "./use-console-data.js";
import { css } from "goober";
import {
  createProduct,
  getAdminProducts,
  repriceProduct,
  retireProduct,
  type AdminProduct,
} from "../../../../src/api/index.js";
import { currentLocale } from "../../../../src/i18n/index.js";
import { useStore } from "../../lib/store.js";
import { color, radius, space, text } from "../../theme/tokens.js";
import { Button } from "../../ui/button.js";
import { Field, FormError } from "../../ui/field.js";
import { SuccessNote } from "../../ui/notice.js";
import { card, sectionTitle, Spinner, stack } from "../../ui/page.js";
import { ConsoleFrame, consoleTable, dateTime, scroll, useOperator } from "./console-frame.js";
import { ct } from "./copy.js";

/** The console's forms: labelled controls stacked, selects as tall as the app's fields. */
export const offerForm = css`display: grid; gap: ${space[3]}px; max-width: 560px;
  label { font-size: ${text.sm}px; font-weight: 600; }
  select, input[type="datetime-local"], input[type="date"] { min-height: 48px; border-radius: ${radius.sm}px; border: 1.5px solid ${color.line}; padding: 0 12px; font-size: ${text.md}px; background: ${color.surface}; }
  fieldset { border: 1px solid ${color.line}; border-radius: ${radius.sm}px; padding: ${space[3]}px; display: grid; gap: ${space[2]}px; }
  legend { font-weight: 700; padding: 0 4px; }
  .check { display: flex; gap: ${space[2]}px; align-items: center; min-height: 44px; }
  .check input { width: 20px; height: 20px; }`;
const actions = css`display: flex; flex-wrap: wrap; gap: ${space[2]}px;`;

/** Cents in a currency, in the app's language ("$19.99"). */
export const money = (cents: number, currency: string) =>
  new Intl.NumberFormat(currentLocale(), { style: "currency", currency }).format(cents / 100);

/** "19.99" → 1999; undefined when it is not an amount of dollars and cents. */
export function dollarsToCents(value: string): number | undefined {
  const trimmed = value.trim();
  if (!/^\d{1,6}(\.\d{1,2})?$/.test(trimmed)) return undefined;
  return Math.round(Number(trimmed) * 100);
}

const intervalText = (p: AdminProduct) =>
  p.interval_type === "day" || p.interval_type === "week" || p.interval_type === "month"
    ? ct(`console.products.interval.${p.interval_type}`, { count: p.interval })
    : p.interval_type;

/** /admin/products: every plan with its price, subscribers and state; admins create, reprice and retire. */
export default function ConsoleProductsPage() {
  return (
    <ConsoleFrame section="products" title={ct("console.products.title")}>
      <Products />
    </ConsoleFrame>
  );
}

function Products() {
  const store = useStore();
  const me = useOperator();
  const admin = me.areas.includes("offersEdit");
  const [repricing, setRepricing] = useState<AdminProduct | undefined>();

  const read = useCallback((signal?: AbortSignal) => getAdminProducts(store.api, signal).then((r) => r.items), [store]);
  const { data: products, error, setError, notice, busy, run } = useConsoleData(read);

  const create = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const form = e.currentTarget;
    const data = new FormData(form);
    const field = (name: string) => String(data.get(name) ?? "").trim();
    const cents = dollarsToCents(field("amount"));
    if (!field("sku") || !field("name")) return setError(ct("console.edit.required"));
    if (cents === undefined) return setError(ct("console.products.amountRule"));
    void run(async () => {
      const made = await createProduct(store.api, {
        sku: field("sku"),
        name: field("name"),
        kind: field("kind") as "recurring" | "prepaid",
        interval: Number(field("interval")),
        interval_type: field("interval_type") as "day" | "week" | "month",
        trial_days: Number(field("trial_days") || "0"),
        unit_amount: cents,
        provider: field("provider") as "stripe" | "recharge",
      });
      form.reset();
      return ct("console.products.created", { name: made.name });
    });
  };

  const reprice = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    if (!repricing) return;
    const data = new FormData(e.currentTarget);
    const cents = dollarsToCents(String(data.get("price") ?? ""));
    const day = String(data.get("keep_until") ?? "");
    if (cents === undefined) return setError(ct("console.products.amountRule"));
    if (!day) return setError(ct("console.products.pickDate"));
    // The stated day starts at midnight where the admin is.
    const from = new Date(`${day}T00:00`);
    void run(async () => {
      const after = await repriceProduct(store.api, repricing.sku, cents, from.toISOString());
      setRepricing(undefined);
      return ct("console.products.repriced", {
        name: after.name,
        price: money(after.unit_amount, after.currency),
        date: dateTime(from.toISOString()),
      });
    });
  };

  return (
    <div className={stack(space[5])}>
      <p>{ct("console.products.lead")}</p>
      {admin ? null : <p>{ct("console.offers.readOnly")}</p>}
      <div aria-live="polite">
        {error ? <FormError>{error}</FormError> : null}
        {notice ? <SuccessNote>{notice}</SuccessNote> : null}
      </div>
      {!products ? (
        error ? null : (
          <Spinner />
        )
      ) : (
        <div className={scroll}>
          <table className={consoleTable}>
            <caption className="visually-hidden">{ct("console.products.table")}</caption>
            <thead>
              <tr>
                <th scope="col">{ct("console.col.name")}</th>
                <th scope="col">{ct("console.products.price")}</th>
                <th scope="col">{ct("console.products.every")}</th>
                <th scope="col">{ct("console.products.subscribers")}</th>
                <th scope="col">{ct("console.products.status")}</th>
                {admin ? <td /> : null}
              </tr>
            </thead>
            <tbody>
              {products.map((p) => {
                const pending = p.prices.at(-1);
                return (
                  <tr key={p.sku}>
                    <th scope="row">
                      {p.name}
                      <br />
                      <small>{p.sku}</small>
                    </th>
                    <td>
                      {money(p.unit_amount, p.currency)}
                      {p.trial_days ? (
                        <>
                          <br />
                          <small>{ct("console.products.trial", { days: p.trial_days })}</small>
                        </>
                      ) : null}
                      {pending?.existing_from ? (
                        <>
                          <br />
                          <small>
                            {ct("console.products.existingFrom", {
                              price: money(pending.unit_amount, p.currency),
                              date: dateTime(pending.existing_from),
                            })}
                          </small>
                        </>
                      ) : null}
                    </td>
                    <td>{intervalText(p)}</td>
                    <td>{p.subscribers}</td>
                    <td>
                      {p.retired_at
                        ? ct("console.products.retiredOn", { date: dateTime(p.retired_at) })
                        : ct("console.products.onSale")}
                    </td>
                    {admin ? (
                      <td>
                        <div className={actions}>
                          {p.kind === "recurring" ? (
                            <Button variant="secondary" disabled={busy} onClick={() => setRepricing(p)}>
                              {ct("console.products.repriceOf", { name: p.sku })}
                            </Button>
                          ) : null}
                          {p.retired_at ? null : (
                            <Button
                              variant="danger"
                              disabled={busy}
                              onClick={() =>
                                void run(async () => {
                                  const after = await retireProduct(store.api, p.sku);
                                  return ct("console.products.retired", { name: after.name });
                                })
                              }
                            >
                              {ct("console.products.retire", { name: p.sku })}
                            </Button>
                          )}
                        </div>
                      </td>
                    ) : null}
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      )}
      {admin && repricing ? (
        <section className={`${card} ${stack(space[3])}`} aria-labelledby="reprice-title">
          <h2 id="reprice-title" className={sectionTitle}>
            {ct("console.products.repriceTitle", { name: repricing.name })}
          </h2>
          <form className={offerForm} onSubmit={reprice} noValidate>
            <Field name="price" inputMode="decimal" label={ct("console.products.newPrice")} required autoFocus />
            <label htmlFor="reprice-until">{ct("console.products.keepUntil")}</label>
            <input id="reprice-until" name="keep_until" type="date" required />
            <div className={actions}>
              <Button type="submit" disabled={busy}>
                {ct("console.products.reprice")}
              </Button>
              <Button variant="secondary" onClick={() => setRepricing(undefined)}>
                {ct("console.products.cancel")}
              </Button>
            </div>
          </form>
        </section>
      ) : null}
      {admin ? (
        <section className={`${card} ${stack(space[3])}`} aria-labelledby="product-new-title">
          <h2 id="product-new-title" className={sectionTitle}>
            {ct("console.products.createTitle")}
          </h2>
          <form className={offerForm} onSubmit={create} noValidate>
            <Field name="sku" label={ct("console.products.sku")} required autoComplete="off" />
            <Field name="name" label={ct("console.products.name")} required autoComplete="off" />
            <label htmlFor="product-kind">{ct("console.products.kind")}</label>
            <select id="product-kind" name="kind" defaultValue="recurring">
              <option value="recurring">{ct("console.products.kind.recurring")}</option>
              <option value="prepaid">{ct("console.products.kind.prepaid")}</option>
            </select>
            <Field
              name="interval"
              type="number"
              min={1}
              max={36}
              defaultValue="1"
              label={ct("console.products.interval")}
            />
            <label htmlFor="product-unit">{ct("console.products.intervalType")}</label>
            <select id="product-unit" name="interval_type" defaultValue="month">
              {(["day", "week", "month"] as const).map((u) => (
                <option key={u} value={u}>
                  {ct(`console.products.unit.${u}`)}
                </option>
              ))}
            </select>
            <Field
              name="trial_days"
              type="number"
              min={0}
              max={90}
              defaultValue="0"
              label={ct("console.products.trialDays")}
            />
            <Field name="amount" inputMode="decimal" label={ct("console.products.amount")} required />
            <label htmlFor="product-provider">{ct("console.products.provider")}</label>
            <select id="product-provider" name="provider" defaultValue="stripe">
              <option value="stripe">Stripe</option>
              <option value="recharge">Recharge</option>
            </select>
            <Button type="submit" disabled={busy}>
              {ct("console.products.create")}
            </Button>
          </form>
        </section>
      ) : null}
    </div>
  );
}
