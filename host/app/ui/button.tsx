import type { ComponentProps } from "react";
import { Link } from "wouter";
import { css } from "goober";
import { color, radius, text, touch } from "../theme/tokens.js";

export type ButtonVariant = "primary" | "secondary" | "ghost" | "danger" | "inverse";

const base = css`
  display: inline-flex; align-items: center; justify-content: center; gap: 8px;
  min-height: ${touch}px; min-width: ${touch}px; padding: 0 22px; border-radius: ${radius.pill}px;
  font-size: ${text.sm}px; font-weight: 700; letter-spacing: .08em; text-transform: uppercase; text-decoration: none;
  border: 2px solid transparent; cursor: pointer; transition: background .15s, color .15s, border-color .15s, transform .1s;
  white-space: nowrap;
  &:active:not(:disabled) { transform: translateY(1px); }
  &:disabled, &[aria-disabled="true"] { opacity: .45; cursor: not-allowed; }
`;

const variants: Record<ButtonVariant, string> = {
  primary: css`background: ${color.accent}; color: ${color.onAccent}; &:hover:not(:disabled) { background: ${color.accentHover}; }`,
  secondary: css`background: transparent; color: ${color.ink}; border-color: ${color.ink}; &:hover:not(:disabled) { background: ${color.ink}; color: #fff; }`,
  ghost: css`background: transparent; color: ${color.ink}; padding: 0 12px; &:hover:not(:disabled) { background: ${color.sunken}; }`,
  danger: css`background: ${color.danger}; color: #fff; &:hover:not(:disabled) { filter: brightness(.92); }`,
  inverse: css`background: #fff; color: ${color.ink}; &:hover:not(:disabled) { background: ${color.accentSoft}; }`,
};

const block = css`width: 100%;`;

export function buttonClass(variant: ButtonVariant = "primary", full = false, extra = "") {
  return [base, variants[variant], full ? block : "", extra].filter(Boolean).join(" ");
}

type Own = { variant?: ButtonVariant; full?: boolean };

export function Button({ variant, full, className, type = "button", ...rest }: Own & ComponentProps<"button">) {
  return <button type={type} className={buttonClass(variant, full, className)} {...rest} />;
}

/** A router link that looks like a button. */
export function ButtonLink({
  variant,
  full,
  className,
  href,
  ...rest
}: Own & { href: string } & Omit<ComponentProps<"a">, "href">) {
  return <Link href={href} className={buttonClass(variant, full, className)} {...rest} />;
}
