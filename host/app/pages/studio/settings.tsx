import { useEffect, useState, type FormEvent } from "react";
import { css } from "goober";
import { t } from "../../../../src/i18n/index.js";
import { useStore } from "../../lib/store.js";
import { bp, space, up } from "../../theme/tokens.js";
import { Button } from "../../ui/button.js";
import { Field, FormError } from "../../ui/field.js";
import { SuccessNote } from "../../ui/notice.js";
import { card, Spinner, stack } from "../../ui/page.js";
import { getStudioPolicy, saveStudioPolicy, type Policy, type StaffLocation } from "../../../../src/api/index.js";
import { failureMessage, StudioFrame } from "./studio-frame.js";

const grid = css`display: grid; gap: ${space[4]}px; ${up(bp.md)} { grid-template-columns: repeat(2, minmax(0, 1fr)); }`;

/**
 * The policy fields, their copy keys and limits (the server's: 076_studio_operations.sql and studio-admin.ts). The
 * two cutoffs are stored in minutes but asked and shown in hours, as studios think of them (issue 32); their limits
 * here are hours (10,080 minutes = 168 hours).
 */
const FIELDS = [
  ["booking_window_days", "studioAdmin.policy.window", 1, 90, "count"],
  ["late_cancel_minutes", "studioAdmin.policy.lateCancel", 0, 168, "hours"],
  ["auto_book_cutoff_minutes", "studioAdmin.policy.autoBook", 0, 168, "hours"],
  ["max_open_bookings", "studioAdmin.policy.maxOpen", 1, 100, "count"],
  ["waitlist_capacity", "studioAdmin.policy.waitlist", 0, 200, "count"],
] as const;

/** Minutes as hours for the form: whole hours plain, else to two decimals (90 → "1.5"). */
export const hoursOf = (minutes: number) => String(Math.round((minutes / 60) * 100) / 100);

/** Hours typed in the form ("1.5", "1,5", "12") as whole minutes, or null when not a number in [min, max] hours. */
export function minutesOf(raw: string, min: number, max: number): number | null {
  if (!/^\d+([.,]\d+)?$/.test(raw)) return null;
  const hours = Number(raw.replace(",", "."));
  return hours >= min && hours <= max ? Math.round(hours * 60) : null;
}

/** /studio/settings: the location's booking policy; owners edit it, staff read it. */
export default function StudioSettingsPage() {
  return (
    <StudioFrame section="settings" title={t("studioAdmin.settingsTitle")}>
      {(location) => <PolicyForm key={location.id} location={location} />}
    </StudioFrame>
  );
}

function PolicyForm({ location }: { location: StaffLocation }) {
  const store = useStore();
  const [policy, setPolicy] = useState<Policy | undefined>();
  const [error, setError] = useState("");
  const [fieldErrors, setFieldErrors] = useState<Partial<Record<keyof Policy, string>>>({});
  const [notice, setNotice] = useState("");
  const owner = location.role === "owner";
  useEffect(() => {
    getStudioPolicy(store.api, location.slug).then(setPolicy, (e: unknown) => setError(failureMessage(e)));
  }, [store, location.slug]);

  async function save(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const form = new FormData(e.currentTarget);
    const errors: Partial<Record<keyof Policy, string>> = {};
    const next = {} as Record<keyof Policy, number | null>;
    for (const [key, , min, max, unit] of FIELDS) {
      const raw = String(form.get(key) ?? "").trim();
      if (key === "max_open_bookings" && raw === "") {
        next[key] = null;
        continue;
      }
      if (unit === "hours") {
        const minutes = minutesOf(raw, min, max);
        if (minutes === null) errors[key] = t("studioAdmin.policy.hoursRange", { min, max });
        next[key] = minutes;
        continue;
      }
      const value = Number(raw);
      if (raw === "" || !Number.isInteger(value) || value < min || value > max)
        errors[key] = t("studioAdmin.policy.range", { min, max });
      next[key] = value;
    }
    setFieldErrors(errors);
    setNotice("");
    setError("");
    if (Object.keys(errors).length) return;
    try {
      setPolicy(await saveStudioPolicy(store.api, location.slug, next as unknown as Policy));
      setNotice(t("studioAdmin.policy.saved"));
    } catch (err) {
      setError(failureMessage(err));
    }
  }

  if (!policy) return error ? <FormError>{error}</FormError> : <Spinner />;
  return (
    <form onSubmit={(e) => void save(e)} className={`${card} ${stack(space[4])}`} noValidate>
      <p>{owner ? t("studioAdmin.policy.lead") : t("studioAdmin.policy.readOnly")}</p>
      <div className={grid}>
        {FIELDS.map(([key, label, min, max, unit]) => (
          <Field
            key={key}
            label={t(label)}
            hint={t(`${label}Hint` as "studioAdmin.policy.windowHint")}
            name={key}
            type={unit === "hours" ? "text" : "number"}
            inputMode={unit === "hours" ? "decimal" : "numeric"}
            min={unit === "hours" ? undefined : min}
            max={unit === "hours" ? undefined : max}
            defaultValue={unit === "hours" ? hoursOf(Number(policy[key])) : (policy[key] ?? "")}
            readOnly={!owner}
            error={fieldErrors[key]}
          />
        ))}
      </div>
      <FormError>{error}</FormError>
      <SuccessNote>{notice}</SuccessNote>
      {owner ? (
        <div>
          <Button type="submit">{t("studioAdmin.policy.save")}</Button>
        </div>
      ) : null}
    </form>
  );
}
