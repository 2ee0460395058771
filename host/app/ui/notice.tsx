import type { ReactNode } from "react";
import { css } from "goober";
import { color, radius, space, text } from "../theme/tokens.js";

const note = css`display: flex; gap: ${space[2]}px; align-items: center; background: ${color.successSoft}; color: ${color.success};
  border-radius: ${radius.sm}px; padding: ${space[3]}px ${space[4]}px; font-weight: 700; font-size: ${text.sm}px;
  &::before { content: "✓"; font-weight: 800; }`;

/** A success message announced politely (role="status"); renders nothing while empty so the live region stays quiet. */
export function SuccessNote({ children }: { children?: ReactNode }) {
  return (
    <div role="status" aria-live="polite">
      {children ? <p className={note}>{children}</p> : null}
    </div>
  );
}
