import { useCallback, useEffect, useState, type FormEvent } from "react";
import { useConsoleData } from "./use-console-data.js";
import { css } from "goober";
import {
  createPromoCampaign,
  createPromoCode,
  getAdminProducts,
  getPromoCodes,
  updatePromoCode,
  type AdminProduct,
  type PromoCode,
  type PromoCodeRules,
} from "../../../../src/api/index.js";
import { useStore } from "../../lib/store.js";
import { space } from "../../theme/tokens.js";
import { Button } from "../../ui/button.js";
import { Field, FormError } from "../../ui/field.js";
import { SuccessNote } from "../../ui/notice.js";
import { card, sectionTitle, Spinner, stack } from "../../ui/page.js";
import { ConsoleFrame, consoleTable, dateTime, scroll, useOperator } from "./console-frame.js";
import { ct } from "./copy.js";
import { dollarsToCents, money, offerForm } from "./products.js";

const search = css`display: flex; flex-wrap: wrap; gap: ${space[3]}px; align-items: end; > div { flex: 1 1 240px; }`;
const list = css`margin: 0; padding-left: 20px; display: grid; gap: ${space[2]}px;`;

/** Codes the campaign endpoint makes at most, and the list's page (a campaign's CSV reads all of it). */
const MAX_CODES = 1000;

const discountText = (c: PromoCode) => (c.type === "percentage" ? `${c.amount}%` : money(c.amount, c.currency));

const durationText = (c: PromoCode) =>
  c.duration === "repeating"
    ? ct("console.promos.duration.repeating", { count: c.duration_periods ?? 0 })
    : ct(`console.promos.duration.${c.duration}`);

function windowText(c: PromoCode): string {
  if (!c.is_active) return ct("console.promos.off");
  const parts = [
    c.valid_from ? ct("console.promos.from", { date: dateTime(c.valid_from) }) : "",
    c.valid_until ? ct("console.promos.until", { date: dateTime(c.valid_until) }) : "",
  ].filter(Boolean);
  return parts.length ? parts.join(" · ") : ct("console.promos.always");
}

function rulesText(c: PromoCode): string {
  return [
    c.once_per_member ? ct("console.promos.rule.once") : "",
    c.new_members_only ? ct("console.promos.rule.newMembers") : "",
    c.skus.length ? ct("console.promos.rule.plans", { skus: c.skus.join(", ") }) : "",
  ]
    .filter(Boolean)
    .join(" · ");
}

/** A campaign's codes as a CSV file the browser saves (one code a line, under a header). */
function downloadCsv(campaign: string, codes: string[]) {
  const body = ["code", ...codes].join("\r\n") + "\r\n";
  const url = URL.createObjectURL(new Blob([body], { type: "text/csv;charset=utf-8" }));
  const name = `${campaign.replace(/[^A-Za-z0-9]+/g, "-").replace(/^-|-$/g, "") || "campaign"}-codes.csv`;
  const link = Object.assign(document.createElement("a"), { href: url, download: name });
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/** A datetime-local value (the admin's wall time) as an instant, or null when blank. */
const instant = (value: FormDataEntryValue | null) => {
  const s = String(value ?? "").trim();
  return s ? new Date(s).toISOString() : null;
};

/** An instant as a datetime-local value in the admin's zone. */
const localValue = (iso: string | null) => {
  if (!iso) return "";
  const d = new Date(iso);
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
};

/** The rules part of a form (who may use a code and when), read from its fields. */
function readRules(data: FormData): PromoCodeRules | string {
  const cap = String(data.get("max_redemptions") ?? "").trim();
  if (cap && !(Number.isInteger(Number(cap)) && Number(cap) > 0)) return ct("console.promos.numberRule");
  return {
    is_active: data.get("is_active") === "on",
    valid_from: instant(data.get("valid_from")),
    valid_until: instant(data.get("valid_until")),
    max_redemptions: cap ? Number(cap) : null,
    once_per_member: data.get("once_per_member") === "on",
    new_members_only: data.get("new_members_only") === "on",
    skus: data.getAll("skus").map(String),
  };
}

/** /admin/promo-codes: codes with their redemption counts and campaigns; admins create codes and edit their rules. */
export default function ConsolePromoCodesPage() {
  return (
    <ConsoleFrame section="promoCodes" title={ct("console.promos.title")}>
      <PromoCodes />
    </ConsoleFrame>
  );
}

function PromoCodes() {
  const store = useStore();
  const me = useOperator();
  const admin = me.areas.includes("offersEdit");
  const [q, setQ] = useState("");
  const [plans, setPlans] = useState<AdminProduct[]>([]);
  const [editing, setEditing] = useState<PromoCode | undefined>();
  const [mode, setMode] = useState<"single" | "campaign">("single");
  const [kind, setKind] = useState<"percentage" | "amount">("percentage");
  const [made, setMade] = useState<{ campaign: string; codes: string[] } | undefined>();

  const read = useCallback(
    (signal?: AbortSignal) => getPromoCodes(store.api, { q: q || undefined, limit: 100 }, signal),
    [store, q],
  );
  const { data: page, error, setError, notice, busy, run } = useConsoleData(read);
  useEffect(() => {
    const abort = new AbortController();
    getAdminProducts(store.api, abort.signal).then(
      // The plans a code may be restricted to: those on sale through the checkout (not the shop's items).
      (r) =>
        !abort.signal.aborted &&
        setPlans(r.items.filter((p) => !p.retired_at && (p.kind === "recurring" || p.kind === "prepaid"))),
      () => undefined,
    );
    return () => abort.abort();
  }, [store]);

  const create = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const form = e.currentTarget;
    const data = new FormData(form);
    const field = (name: string) => String(data.get(name) ?? "").trim();
    const rules = readRules(data);
    if (typeof rules === "string") return setError(rules);
    const type = field("type") as "percentage" | "amount";
    const amount = type === "amount" ? dollarsToCents(field("amount")) : Number(field("amount"));
    if (!amount || !(amount > 0)) return setError(ct("console.promos.numberRule"));
    const duration = field("duration") as "once" | "repeating" | "forever";
    const terms = {
      type,
      amount,
      duration,
      duration_periods: duration === "repeating" ? Number(field("duration_periods")) || 0 : null,
      ...rules,
    };
    if (mode === "single") {
      if (!field("code")) return setError(ct("console.edit.required"));
      void run(async () => {
        const c = await createPromoCode(store.api, { code: field("code"), ...terms });
        form.reset();
        setKind("percentage");
        return ct("console.promos.created", { code: c.code });
      });
    } else {
      if (!field("campaign") || !field("prefix")) return setError(ct("console.edit.required"));
      void run(async () => {
        const result = await createPromoCampaign(store.api, {
          campaign: field("campaign"),
          prefix: field("prefix"),
          count: Number(field("count")),
          ...terms,
        });
        setMade(result);
        form.reset();
        setKind("percentage");
        return ct("console.promos.campaignCreated", { count: result.codes.length, campaign: result.campaign });
      });
    }
  };

  const save = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    if (!editing) return;
    const rules = readRules(new FormData(e.currentTarget));
    if (typeof rules === "string") return setError(rules);
    void run(async () => {
      const c = await updatePromoCode(store.api, editing.code, rules);
      setEditing(undefined);
      return ct("console.promos.saved", { code: c.code });
    });
  };

  const downloadCampaign = (campaign: string) =>
    void run(async () => {
      const all = await getPromoCodes(store.api, { campaign, limit: MAX_CODES });
      downloadCsv(
        campaign,
        all.items.map((c) => c.code),
      );
      return ct("console.promos.download", { campaign });
    });

  const rulesFields = (c?: PromoCode) => (
    <>
      <label htmlFor={`${c ? "edit" : "new"}-from`}>{ct("console.promos.validFrom")}</label>
      <input
        id={`${c ? "edit" : "new"}-from`}
        name="valid_from"
        type="datetime-local"
        defaultValue={localValue(c?.valid_from ?? null)}
      />
      <label htmlFor={`${c ? "edit" : "new"}-until`}>{ct("console.promos.validUntil")}</label>
      <input
        id={`${c ? "edit" : "new"}-until`}
        name="valid_until"
        type="datetime-local"
        defaultValue={localValue(c?.valid_until ?? null)}
      />
      <Field
        name="max_redemptions"
        type="number"
        min={1}
        label={ct("console.promos.cap")}
        defaultValue={c?.max_redemptions ? String(c.max_redemptions) : ""}
      />
      <label className="check">
        <input type="checkbox" name="is_active" defaultChecked={c ? c.is_active : true} />
        {ct("console.promos.active")}
      </label>
      <label className="check">
        <input type="checkbox" name="once_per_member" defaultChecked={c ? c.once_per_member : true} />
        {ct("console.promos.oncePerMember")}
      </label>
      <label className="check">
        <input type="checkbox" name="new_members_only" defaultChecked={c?.new_members_only ?? false} />
        {ct("console.promos.newMembersOnly")}
      </label>
      <fieldset>
        <legend>{ct("console.promos.plans")}</legend>
        {plans.map((p) => (
          <label key={p.sku} className="check">
            <input type="checkbox" name="skus" value={p.sku} defaultChecked={c?.skus.includes(p.sku) ?? false} />
            {p.name} ({p.sku})
          </label>
        ))}
      </fieldset>
    </>
  );

  return (
    <div className={stack(space[5])}>
      <p>{ct("console.promos.lead")}</p>
      {admin ? null : <p>{ct("console.offers.readOnly")}</p>}
      <form
        role="search"
        className={search}
        onSubmit={(e) => {
          e.preventDefault();
          setQ(String(new FormData(e.currentTarget).get("q") ?? "").trim());
        }}
      >
        <Field name="q" type="search" label={ct("console.promos.find")} defaultValue={q} />
        <Button type="submit" variant="secondary">
          {ct("console.promos.search")}
        </Button>
      </form>
      <div aria-live="polite">
        {error ? <FormError>{error}</FormError> : null}
        {notice ? <SuccessNote>{notice}</SuccessNote> : null}
      </div>
      {made ? (
        <Button variant="secondary" onClick={() => downloadCsv(made.campaign, made.codes)}>
          {ct("console.promos.download", { campaign: made.campaign })}
        </Button>
      ) : null}
      {!page ? (
        error ? null : (
          <Spinner />
        )
      ) : (
        <>
          {page.campaigns.length ? (
            <section className={stack(space[2])} aria-labelledby="campaigns-title">
              <h2 id="campaigns-title" className={sectionTitle}>
                {ct("console.promos.campaigns")}
              </h2>
              <ul className={list}>
                {page.campaigns.map((c) => (
                  <li key={c.campaign}>
                    {ct("console.promos.campaignLine", c)}{" "}
                    <Button variant="ghost" disabled={busy} onClick={() => downloadCampaign(c.campaign)}>
                      {ct("console.promos.download", { campaign: c.campaign })}
                    </Button>
                  </li>
                ))}
              </ul>
            </section>
          ) : null}
          {!page.items.length ? (
            <p role="status">{ct("console.promos.none")}</p>
          ) : (
            <>
              <p role="status">{ct("console.promos.count", { count: page.total })}</p>
              <div className={scroll}>
                <table className={consoleTable}>
                  <caption className="visually-hidden">{ct("console.promos.table")}</caption>
                  <thead>
                    <tr>
                      <th scope="col">{ct("console.promos.code")}</th>
                      <th scope="col">{ct("console.promos.discount")}</th>
                      <th scope="col">{ct("console.promos.duration")}</th>
                      <th scope="col">{ct("console.promos.window")}</th>
                      <th scope="col">{ct("console.promos.redemptions")}</th>
                      <th scope="col">{ct("console.promos.rules")}</th>
                      {admin ? <td /> : null}
                    </tr>
                  </thead>
                  <tbody>
                    {page.items.map((c) => (
                      <tr key={c.code}>
                        <th scope="row">
                          {c.code}
                          {c.campaign ? (
                            <>
                              <br />
                              <small>{c.campaign}</small>
                            </>
                          ) : null}
                        </th>
                        <td>{discountText(c)}</td>
                        <td>{durationText(c)}</td>
                        <td>{windowText(c)}</td>
                        <td data-redemptions={c.code}>
                          {c.max_redemptions === null
                            ? c.times_redeemed
                            : ct("console.promos.redeemedOf", { count: c.times_redeemed, cap: c.max_redemptions })}
                        </td>
                        <td>{rulesText(c)}</td>
                        {admin ? (
                          <td>
                            <Button variant="secondary" disabled={busy} onClick={() => setEditing(c)}>
                              {ct("console.promos.edit", { code: c.code })}
                            </Button>
                          </td>
                        ) : null}
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            </>
          )}
        </>
      )}
      {admin && editing ? (
        <section className={`${card} ${stack(space[3])}`} aria-labelledby="promo-edit-title">
          <h2 id="promo-edit-title" className={sectionTitle}>
            {ct("console.promos.editTitle", { code: editing.code })}
          </h2>
          <form className={offerForm} onSubmit={save} noValidate key={editing.code}>
            {rulesFields(editing)}
            <div className={search}>
              <Button type="submit" disabled={busy}>
                {ct("console.promos.save")}
              </Button>
              <Button variant="secondary" onClick={() => setEditing(undefined)}>
                {ct("console.products.cancel")}
              </Button>
            </div>
          </form>
        </section>
      ) : null}
      {admin ? (
        <section className={`${card} ${stack(space[3])}`} aria-labelledby="promo-new-title">
          <h2 id="promo-new-title" className={sectionTitle}>
            {ct("console.promos.createTitle")}
          </h2>
          <form className={offerForm} onSubmit={create} noValidate>
            <fieldset>
              <legend>{ct("console.promos.mode")}</legend>
              {(["single", "campaign"] as const).map((m) => (
                <label key={m} className="check">
                  <input type="radio" name="mode" value={m} checked={mode === m} onChange={() => setMode(m)} />
                  {ct(`console.promos.mode.${m}`)}
                </label>
              ))}
            </fieldset>
            {mode === "single" ? (
              <Field name="code" label={ct("console.promos.newCode")} required autoComplete="off" />
            ) : (
              <>
                <Field name="campaign" label={ct("console.promos.campaignName")} required autoComplete="off" />
                <Field name="prefix" label={ct("console.promos.prefix")} required autoComplete="off" />
                <Field
                  name="count"
                  type="number"
                  min={1}
                  max={MAX_CODES}
                  defaultValue="100"
                  label={ct("console.promos.howMany")}
                />
              </>
            )}
            <label htmlFor="promo-type">{ct("console.promos.type")}</label>
            <select
              id="promo-type"
              name="type"
              value={kind}
              onChange={(e) => setKind(e.currentTarget.value as "percentage" | "amount")}
            >
              <option value="percentage">{ct("console.promos.type.percentage")}</option>
              <option value="amount">{ct("console.promos.type.amount")}</option>
            </select>
            <Field
              name="amount"
              inputMode="decimal"
              required
              label={kind === "percentage" ? ct("console.promos.amountPercent") : ct("console.promos.amountDollars")}
            />
            <label htmlFor="promo-duration">{ct("console.promos.durationLabel")}</label>
            <select id="promo-duration" name="duration" defaultValue="once">
              <option value="once">{ct("console.promos.duration.once")}</option>
              <option value="repeating">{ct("console.promos.periods")}</option>
              <option value="forever">{ct("console.promos.duration.forever")}</option>
            </select>
            <Field name="duration_periods" type="number" min={1} max={120} label={ct("console.promos.periods")} />
            {rulesFields()}
            <Button type="submit" disabled={busy}>
              {mode === "single" ? ct("console.promos.create") : ct("console.promos.createCampaign")}
            </Button>
          </form>
        </section>
      ) : null}
    </div>
  );
}
