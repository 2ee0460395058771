import type { ReactNode } from "react";
import { css } from "goober";
import { color, space, text, up, bp } from "../theme/tokens.js";

export const container = css`
  width: 100%; max-width: 1240px; margin: 0 auto; padding: 0 ${space[4]}px;
  ${up(bp.sm)} { padding: 0 ${space[5]}px; }
  ${up(bp.lg)} { padding: 0 ${space[6]}px; }
`;

const pageClass = css`padding-top: ${space[5]}px; padding-bottom: ${space[7]}px; ${up(bp.md)} { padding-top: ${space[6]}px; padding-bottom: ${space[8]}px; }`;

/** The main column of a page. */
export function Page({ children, narrow }: { children: ReactNode; narrow?: boolean }) {
  return (
    <div className={`${container} ${pageClass}`} style={narrow ? { maxWidth: 520 } : undefined}>
      {children}
    </div>
  );
}

export const eyebrow = css`font-size: ${text.xs}px; font-weight: 800; letter-spacing: .16em; text-transform: uppercase; color: ${color.accent};`;
export const pageTitle = css`font-size: ${text.xxl}px; font-weight: 800; ${up(bp.md)} { font-size: ${text.display}px; }`;
export const sectionTitle = css`font-size: ${text.lg}px; font-weight: 800; text-transform: uppercase; letter-spacing: .06em;`;
export const lead = css`color: ${color.muted}; font-size: ${text.md}px; max-width: 60ch;`;
export const stack = (gap: number) => css`display: grid; gap: ${gap}px; align-content: start;`;
export const card = css`background: ${color.surface}; border: 1px solid ${color.line}; border-radius: 16px; padding: ${space[5]}px;`;

export function PageHeader({ kicker, title, children }: { kicker?: string; title: string; children?: ReactNode }) {
  return (
    <header className={stack(space[2])} style={{ marginBottom: space[5] }}>
      {kicker ? <p className={eyebrow}>{kicker}</p> : null}
      <h1 className={pageTitle}>{title}</h1>
      {children ? <div className={lead}>{children}</div> : null}
    </header>
  );
}

const spinnerClass = css`
  width: 28px; height: 28px; border-radius: 50%; border: 3px solid ${color.line}; border-top-color: ${color.accent};
  animation: fk-spin .8s linear infinite; margin: ${space[6]}px auto;
  @keyframes fk-spin { to { transform: rotate(360deg); } }
  @media (prefers-reduced-motion: reduce) { animation-duration: 3s; }
`;

export function Spinner({ label = "Loading…" }: { label?: string }) {
  return (
    <div role="status">
      <div className={spinnerClass} />
      <span className="visually-hidden">{label}</span>
    </div>
  );
}

export function EmptyState({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <div
      className={css`border: 1.5px dashed ${color.line}; border-radius: 16px; padding: ${space[6]}px ${space[5]}px; text-align: center; display: grid; gap: ${space[3]}px; justify-items: center;`}
    >
      <p className={css`font-weight: 800; letter-spacing: .12em; text-transform: uppercase;`}>{title}</p>
      {children}
    </div>
  );
}
