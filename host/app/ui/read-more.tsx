import { useId, useState } from "react";
import { css } from "goober";
import { t } from "../../../src/i18n/index.js";
import { color, space, text, touch } from "../theme/tokens.js";

const clamp = css`display: -webkit-box; -webkit-line-clamp: 3; -webkit-box-orient: vertical; overflow: hidden;`;
const toggle = css`border: 0; background: none; padding: 0; min-height: ${touch}px; font-weight: 800; font-size: ${text.sm}px; letter-spacing: .06em;
  text-transform: uppercase; color: ${color.ink}; text-decoration: underline; text-underline-offset: 3px; cursor: pointer;`;

/** Long copy clamped to three lines with Read More / Read Less (spec §2 series copy); short copy shows whole. */
export function ReadMore({ children, threshold = 180 }: { children: string; threshold?: number }) {
  const [open, setOpen] = useState(false);
  const id = useId();
  if (children.length <= threshold) return <p>{children}</p>;
  return (
    <div style={{ display: "grid", justifyItems: "start", gap: space[1] }}>
      <p id={id} className={open ? "" : clamp}>{children}</p>
      <button type="button" className={toggle} aria-expanded={open} aria-controls={id} onClick={() => setOpen(!open)}>
        {t(open ? "series.readLess" : "series.readMore")}
      </button>
    </div>
  );
}
