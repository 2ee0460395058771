import { useId, useState } from "react";
import { css } from "goober";
import { LOCALES, type Locale } from "../../../src/domain/locales.js";
import { t } from "../../../src/i18n/index.js";
import { useLocale } from "../lib/locale.js";
import { color, radius, space, text, touch } from "../theme/tokens.js";

/** Each language named in itself, so a visitor finds theirs whatever the page is in. */
const NAME_KEYS = { "en-US": "language.en-US", "es-US": "language.es-US", "fr-CA": "language.fr-CA" } as const;

const choices = css`display: flex; flex-wrap: wrap; gap: ${space[2]}px; border: 0; padding: 0; margin: 0;
  label { display: inline-flex; align-items: center; gap: ${space[2]}px; min-height: ${touch}px; padding: 0 ${space[4]}px;
    border: 1px solid ${color.line}; border-radius: ${radius.pill}px; cursor: pointer; font-weight: 600; }
  label:has(input:checked) { border-color: ${color.ink}; background: ${color.sunken}; }
  label:has(input:focus-visible) { outline: 2px solid ${color.accent}; outline-offset: 2px; }
  input { accent-color: ${color.ink}; }`;
const compact = css`display: inline-flex; align-items: center; gap: ${space[2]}px; font-size: ${text.sm}px;
  select { min-height: ${touch}px; border-radius: ${radius.sm}px; padding: 0 ${space[2]}px; font: inherit; color: ${color.ink}; background: #fff; }`;

/**
 * The app's language: radio buttons in settings, a select in the footer. A choice re-renders the app in place, is
 * kept on this device and, for a member, in their preferences; `onSaved` hears whether the save worked.
 */
export function LanguagePicker({
  variant = "choices",
  onSaved,
}: {
  variant?: "choices" | "compact";
  onSaved?: (ok: boolean) => void;
}) {
  const { locale, choose } = useLocale();
  // The language being loaded: shown as chosen at once, so the control answers before its catalogue arrives.
  const [pending, setPending] = useState<Locale>();
  const busy = pending !== undefined;
  const id = useId();
  async function pick(next: Locale) {
    if (next === locale) return;
    setPending(next);
    try {
      // Chosen first, then told: `onSaved?.(await choose(next))` would skip the choice itself without a listener.
      const saved = await choose(next);
      onSaved?.(saved);
    } catch {
      onSaved?.(false);
    } finally {
      setPending(undefined);
    }
  }
  if (variant === "compact") {
    return (
      <label className={compact} htmlFor={id}>
        {t("settings.language")}
        <select
          id={id}
          value={pending ?? locale}
          disabled={busy}
          onChange={(e) => void pick(e.currentTarget.value as Locale)}
        >
          {LOCALES.map((l) => (
            <option key={l} value={l} lang={l}>
              {t(NAME_KEYS[l])}
            </option>
          ))}
        </select>
      </label>
    );
  }
  return (
    <fieldset className={choices} aria-busy={busy}>
      <legend className="visually-hidden">{t("settings.language")}</legend>
      {LOCALES.map((l) => (
        <label key={l} lang={l}>
          <input
            type="radio"
            name={`${id}-language`}
            value={l}
            checked={l === (pending ?? locale)}
            onChange={() => void pick(l)}
          />
          {t(NAME_KEYS[l])}
        </label>
      ))}
    </fieldset>
  );
}
