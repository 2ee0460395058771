import { useEffect, useState } from "react";
import { css } from "goober";
import { ApiError } from "../../../../src/api/index.js";
import type { BillingAddress, Subscription } from "../../../../src/api/types.js";
import { ADDRESS_LIMITS, PHONE_DIGITS, managedElsewhere, type AddressField } from "../../../../src/domain/index.js";
import { t, type MessageKey } from "../../../../src/i18n/index.js";
import { useStore } from "../../lib/store.js";
import { useSignal } from "../../lib/use-signal.js";
import { bp, color, radius, space, text, touch, up } from "../../theme/tokens.js";
import { Button } from "../../ui/button.js";
import { Field } from "../../ui/field.js";
import { SuccessNote } from "../../ui/notice.js";
import { OopsInline } from "../../ui/oops.js";
import { card, sectionTitle, stack } from "../../ui/page.js";
import { serverAddressErrors, validateAddress, type AddressErrors } from "./address.js";

const three = css`display: grid; gap: ${space[4]}px; ${up(bp.sm)} { grid-template-columns: 2fr 1fr 1fr; }`;
const select = css`display: grid; gap: 6px; label { font-size: ${text.sm}px; font-weight: 600; }
  select { min-height: ${touch + 4}px; width: 100%; padding: 0 12px; border: 1.5px solid ${color.line}; border-radius: ${radius.sm}px; background: ${color.surface}; }`;

const EMPTY: BillingAddress = { country: "USA", address1: "", address2: "", city: "", state: "", zip: "", phone: "" };
const FIELDS: [AddressField, MessageKey, string][] = [
  ["address1", "address.address1", "address-line1"],
  ["address2", "address.address2", "address-line2"],
];

/**
 * The billing address of the member's subscription as a page form (`/account/membership/billing-address`), with the
 * spec's copy: "Wrong Zip Code" and "Wrong City" under their fields (checked here, then by the server), any other
 * failure "There was a problem. Try again." with the support line. Saving refreshes the shared subscription, so the
 * membership panel on the page shows the new address too.
 */
export function BillingAddressForm() {
  const store = useStore();
  const sub = useSignal<(Subscription & { billing_address?: BillingAddress | null }) | null | undefined>(
    store.membership.subscription.data,
  );
  const saving = useSignal(store.membership.updateBillingAddress.loading);
  const [draft, setDraft] = useState<BillingAddress | undefined>();
  const [errors, setErrors] = useState<AddressErrors>({});
  const [notice, setNotice] = useState("");
  const [failure, setFailure] = useState("");
  useEffect(() => void store.membership.subscription.load(), [store]);
  useEffect(() => {
    if (sub && !draft) setDraft({ ...EMPTY, ...(sub.billing_address ?? {}) });
  }, [sub, draft]);
  if (!sub || !draft) return null;
  if (managedElsewhere(sub.provider)) return <p>{t("address.managedElsewhere")}</p>;

  const set = (key: keyof BillingAddress, value: string) => {
    setDraft({ ...draft, [key]: value });
    setNotice("");
    if (key !== "country" && errors[key]) setErrors({ ...errors, [key]: undefined });
  };
  const message = (key: AddressField, label: MessageKey) => {
    switch (errors[key]) {
      case "zip":
        return t("error.zip");
      case "city":
        return `${t("error.city")}. ${t("address.cityHint")}`;
      case "phone":
        return t("address.phoneInvalid", PHONE_DIGITS);
      case "tooLong":
        return t("address.tooLong", { field: t(label), max: ADDRESS_LIMITS[key] });
      case "required":
        return t("address.required", { field: t(label) });
      default:
        return undefined;
    }
  };
  async function save(e: React.FormEvent) {
    e.preventDefault();
    setFailure("");
    const address: BillingAddress = {
      country: draft!.country,
      address1: draft!.address1.trim(),
      address2: draft!.address2?.trim() || undefined,
      city: draft!.city.trim(),
      state: draft!.state.trim(),
      zip: draft!.zip.trim(),
      phone: draft!.phone?.trim() || undefined,
    };
    const local = validateAddress(address);
    setErrors(local);
    if (Object.values(local).some(Boolean)) return;
    const saved = await store.membership.updateBillingAddress.run(address);
    if (saved) {
      void store.membership.subscription.reload();
      return setNotice(t("address.saved"));
    }
    const error = store.membership.updateBillingAddress.error.peek();
    const named =
      error instanceof ApiError && error.status === 400
        ? serverAddressErrors((error.body as { message?: unknown } | undefined)?.message)
        : {};
    if (Object.values(named).some(Boolean)) setErrors(named);
    else setFailure(t("error.billing"));
  }

  return (
    <section className={card} aria-labelledby="address-form-title">
      <form className={stack(space[4])} onSubmit={save} noValidate>
        <h2 id="address-form-title" className={sectionTitle}>
          {t("accountMembership.billingTitle")}
        </h2>
        <div className={select}>
          <label htmlFor="address-country">{t("address.country")}</label>
          <select
            id="address-country"
            autoComplete="country-name"
            value={draft.country}
            onChange={(e) => set("country", e.target.value)}
          >
            <option value="USA">USA</option>
            <option value="Canada">Canada</option>
          </select>
        </div>
        {FIELDS.map(([key, label, auto]) => (
          <Field
            key={key}
            label={t(label)}
            autoComplete={auto}
            value={draft[key] ?? ""}
            onChange={(e) => set(key, e.target.value)}
            error={message(key, label)}
            required={key === "address1"}
            maxLength={ADDRESS_LIMITS[key]}
          />
        ))}
        <div className={three}>
          <Field
            label={t("address.city")}
            autoComplete="address-level2"
            value={draft.city}
            onChange={(e) => set("city", e.target.value)}
            error={message("city", "address.city")}
            required
            maxLength={ADDRESS_LIMITS.city}
          />
          <Field
            label={t("address.state")}
            autoComplete="address-level1"
            value={draft.state}
            onChange={(e) => set("state", e.target.value)}
            error={message("state", "address.state")}
            required
            maxLength={ADDRESS_LIMITS.state}
          />
          <Field
            label={t("address.zip")}
            autoComplete="postal-code"
            value={draft.zip}
            onChange={(e) => set("zip", e.target.value)}
            error={message("zip", "address.zip")}
            required
            maxLength={ADDRESS_LIMITS.zip}
          />
        </div>
        <Field
          label={t("address.phone")}
          type="tel"
          autoComplete="tel"
          value={draft.phone ?? ""}
          onChange={(e) => set("phone", e.target.value)}
          error={message("phone", "address.phone")}
          maxLength={ADDRESS_LIMITS.phone}
        />
        <OopsInline message={failure} />
        <SuccessNote>{notice}</SuccessNote>
        <div>
          <Button type="submit" disabled={saving}>
            {t("address.save")}
          </Button>
        </div>
      </form>
    </section>
  );
}
