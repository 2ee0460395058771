import { css } from "goober";
import { color, radius, space, text } from "../theme/tokens.js";

const track = css`height: 10px; border-radius: ${radius.pill}px; background: ${color.sunken}; overflow: hidden;
  > span { display: block; height: 100%; background: ${color.accent}; border-radius: inherit; transition: width .3s ease; }
  @media (prefers-reduced-motion: reduce) { > span { transition: none; } }`;
const labelRow = css`display: flex; justify-content: space-between; gap: ${space[3]}px; font-size: ${text.sm}px; font-weight: 700; margin-bottom: ${space[1]}px;`;

/** A labelled progress bar (role="progressbar" with its values), the caption visible above it. */
export function ProgressBar({
  value,
  max,
  label,
  caption,
}: {
  value: number;
  max: number;
  label: string;
  caption?: string;
}) {
  const percent = max > 0 ? Math.min(100, Math.round((value / max) * 100)) : 0;
  return (
    <div>
      {caption ? (
        <div className={labelRow}>
          <span>{caption}</span>
          <span aria-hidden="true">{percent}%</span>
        </div>
      ) : null}
      <div
        className={track}
        role="progressbar"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={max}
        aria-valuenow={value}
        aria-valuetext={caption}
      >
        <span style={{ width: `${percent}%` }} />
      </div>
    </div>
  );
}
