import type { ReactNode } from "react";
import { css } from "goober";
import { bp, color, radius, shadow, space, text, up } from "../../theme/tokens.js";

const wrap = css`
  min-height: calc(100vh - 64px); display: grid; align-items: start; justify-items: center; padding: ${space[5]}px ${space[3]}px ${space[7]}px;
  background: radial-gradient(1200px 400px at 50% -10%, ${color.accentSoft}, transparent 70%), ${color.bg};
  ${up(bp.sm)} { padding-top: ${space[7]}px; }
`;
const panel = css`
  width: 100%; max-width: 460px; background: ${color.surface}; border-radius: ${radius.lg}px; box-shadow: ${shadow.card};
  padding: ${space[6]}px ${space[4]}px; display: grid; gap: ${space[4]}px;
  ${up(bp.sm)} { padding: ${space[7]}px ${space[6]}px; }
`;
const title = css`font-size: ${text.xxl}px; font-weight: 800; text-align: center;`;
const sub = css`color: ${color.muted}; text-align: center; font-size: ${text.sm}px;`;

/** The centred card every sign-in, sign-up and password page sits in. */
export function AuthLayout({
  title: heading,
  subtitle,
  children,
}: {
  title: string;
  subtitle?: ReactNode;
  children: ReactNode;
}) {
  return (
    <div className={wrap}>
      <section className={panel} aria-labelledby="auth-title">
        <div style={{ display: "grid", gap: space[2] }}>
          <h1 id="auth-title" className={title}>
            {heading}
          </h1>
          {subtitle ? <p className={sub}>{subtitle}</p> : null}
        </div>
        {children}
      </section>
    </div>
  );
}

export const form = css`display: grid; gap: ${space[4]}px;`;
export const small = css`font-size: ${text.sm}px; text-align: center; color: ${color.muted}; a { color: ${color.ink}; font-weight: 700; }`;
export const textLink = css`
  background: none; border: 0; padding: 0 4px; min-height: 44px; color: ${color.ink}; font-weight: 700; text-decoration: underline; cursor: pointer; font-size: ${text.sm}px;
`;
