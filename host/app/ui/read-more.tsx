import { useEffect, useId, useRef, useState } from "react";
import { css } from "goober";
import { t } from "../../../src/i18n/index.js";
import { color, space, text, touch } from "../theme/tokens.js";

const clamp = css`display: -webkit-box; -webkit-line-clamp: 3; -webkit-box-orient: vertical; overflow: hidden;`;
const toggle = css`border: 0; background: none; padding: 0; min-height: ${touch}px; font-weight: 800; font-size: ${text.sm}px; letter-spacing: .06em;
  text-transform: uppercase; color: ${color.ink}; text-decoration: underline; text-underline-offset: 3px; cursor: pointer;`;

/**
 * Long copy clamped to three lines with Read More / Read Less (spec §2 series copy). The toggle appears only when the
 * clamp actually hides text at the current width (measured, so a phone may show it where a desktop does not).
 */
export function ReadMore({ children }: { children: string }) {
  const [open, setOpen] = useState(false);
  const [clipped, setClipped] = useState(false);
  const ref = useRef<HTMLParagraphElement>(null);
  const id = useId();
  useEffect(() => {
    const el = ref.current;
    if (!el || open) return;
    const measure = () => setClipped(el.scrollHeight > el.clientHeight + 1);
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(el);
    return () => observer.disconnect();
  }, [children, open]);
  return (
    <div style={{ display: "grid", justifyItems: "start", gap: space[1] }}>
      <p ref={ref} id={id} className={open ? "" : clamp}>
        {children}
      </p>
      {clipped || open ? (
        <button type="button" className={toggle} aria-expanded={open} aria-controls={id} onClick={() => setOpen(!open)}>
          {t(open ? "series.readLess" : "series.readMore")}
        </button>
      ) : null}
    </div>
  );
}
