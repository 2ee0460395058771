import { useState } from "react";
import { css } from "goober";
import { Field, type FieldProps } from "../../ui/field.js";
import { color, text } from "../../theme/tokens.js";
import { t } from "../../../../src/i18n/index.js";

const toggle = css`min-height: 40px; min-width: 64px; border: 0; border-radius: 6px; background: transparent; font-weight: 700; font-size: ${text.sm}px; color: ${color.ink}; cursor: pointer; &:hover { background: #efece7; }`;

/** A password input with a Show/Hide toggle. */
export function PasswordField(props: Omit<FieldProps, "type" | "trailingSlot">) {
  const [shown, setShown] = useState(false);
  return (
    <Field
      {...props}
      type={shown ? "text" : "password"}
      trailingSlot={
        <button
          type="button"
          className={toggle}
          aria-pressed={shown}
          aria-label={shown ? t("auth.hidePassword") : t("auth.showPassword")}
          onClick={() => setShown(!shown)}
        >
          {shown ? t("auth.hide") : t("auth.show")}
        </button>
      }
    />
  );
}
