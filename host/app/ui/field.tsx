import { useId, type ComponentProps, type ReactNode } from "react";
import { css } from "goober";
import { color, radius, text, touch } from "../theme/tokens.js";

const wrap = css`display: grid; gap: 6px;`;
const labelClass = css`font-size: ${text.sm}px; font-weight: 600;`;
const inputClass = css`
  min-height: ${touch + 4}px; width: 100%; padding: 0 14px; border: 1.5px solid ${color.line}; border-radius: ${radius.sm}px;
  background: ${color.surface}; font-size: ${text.md}px;
  &:focus { border-color: ${color.ink}; outline: none; box-shadow: 0 0 0 3px rgba(31,94,255,.25); }
  &[aria-invalid="true"] { border-color: ${color.danger}; }
  &[readonly] { background: ${color.sunken}; color: ${color.muted}; }
`;
const errorClass = css`color: ${color.danger}; font-size: ${text.sm}px; font-weight: 600;`;
const hintClass = css`color: ${color.muted}; font-size: ${text.sm}px;`;
const row = css`position: relative; display: flex; align-items: stretch;`;
const trailing = css`position: absolute; right: 4px; top: 50%; transform: translateY(-50%);`;

export type FieldProps = ComponentProps<"input"> & {
  label: string;
  error?: string;
  hint?: string;
  trailingSlot?: ReactNode;
};

/** A labelled input with its error message wired through aria-describedby. */
export function Field({ label, error, hint, trailingSlot, id, ...input }: FieldProps) {
  const auto = useId();
  const inputId = id ?? auto;
  const described =
    [error ? `${inputId}-error` : "", hint ? `${inputId}-hint` : ""].filter(Boolean).join(" ") || undefined;
  return (
    <div className={wrap}>
      <label className={labelClass} htmlFor={inputId}>
        {label}
      </label>
      <div className={row}>
        <input
          id={inputId}
          className={inputClass}
          aria-invalid={error ? true : undefined}
          aria-describedby={described}
          {...input}
          style={trailingSlot ? { paddingRight: 96 } : undefined}
        />
        {trailingSlot ? <span className={trailing}>{trailingSlot}</span> : null}
      </div>
      {hint ? (
        <span id={`${inputId}-hint`} className={hintClass}>
          {hint}
        </span>
      ) : null}
      {error ? (
        <span id={`${inputId}-error`} className={errorClass} role="alert">
          {error}
        </span>
      ) : null}
    </div>
  );
}

const checkRow = css`
  display: flex; gap: 12px; align-items: flex-start; min-height: ${touch}px; padding: 10px 0; cursor: pointer; font-size: ${text.sm}px;
  input { width: 22px; height: 22px; margin: 0; flex: none; accent-color: ${color.accent}; cursor: pointer; }
`;

export function Checkbox({ label, ...input }: ComponentProps<"input"> & { label: ReactNode }) {
  return (
    <label className={checkRow}>
      <input type="checkbox" {...input} />
      <span>{label}</span>
    </label>
  );
}

export function FormError({ children }: { children: ReactNode }) {
  if (!children) return null;
  return (
    <div
      role="alert"
      className={css`background: ${color.dangerSoft}; color: ${color.danger}; padding: 12px 16px; border-radius: ${radius.sm}px; font-weight: 600; font-size: ${text.sm}px;`}
    >
      {children}
    </div>
  );
}
