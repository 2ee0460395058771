import { useRef, type ReactNode } from "react";
import { css } from "goober";
import { bp, color, space, touch, up } from "../theme/tokens.js";
import { sectionTitle } from "./page.js";
import { t } from "../../../src/i18n/index.js";

const head = css`display: flex; align-items: center; justify-content: space-between; gap: ${space[3]}px; margin-bottom: ${space[3]}px;`;
const track = css`
  display: grid; grid-auto-flow: column; grid-auto-columns: 78%; gap: ${space[4]}px; overflow-x: auto; scroll-snap-type: x mandatory;
  padding: 4px 4px ${space[3]}px; margin: 0 -4px; list-style: none; scrollbar-width: thin;
  > li { scroll-snap-align: start; min-width: 0; }
  ${up(bp.sm)} { grid-auto-columns: calc((100% - ${space[4] * 2}px) / 3); }
  ${up(bp.lg)} { grid-auto-columns: calc((100% - ${space[4] * 3}px) / 4); }
`;
const arrows = css`display: none; gap: ${space[2]}px; ${up(bp.md)} { display: flex; }
  button { width: ${touch}px; height: ${touch}px; border-radius: 50%; border: 1.5px solid ${color.line}; background: ${color.surface}; cursor: pointer; font-size: 18px; }
  button:hover { border-color: ${color.ink}; }`;

/** A titled horizontal carousel: a scrollable list (swipe on touch, arrow buttons on desktop). */
export function Row({
  title,
  action,
  children,
  label,
}: {
  title: string;
  action?: ReactNode;
  children: ReactNode[];
  label?: string;
}) {
  const ref = useRef<HTMLUListElement>(null);
  const scroll = (dir: 1 | -1) =>
    ref.current?.scrollBy({ left: dir * ref.current.clientWidth * 0.9, behavior: "smooth" });
  return (
    <section aria-label={label ?? title}>
      <div className={head}>
        <h2 className={sectionTitle}>{title}</h2>
        <div style={{ display: "flex", gap: space[3], alignItems: "center" }}>
          {action}
          <div className={arrows}>
            <button type="button" aria-label={t("row.scrollBack", { title })} onClick={() => scroll(-1)}>
              ‹
            </button>
            <button type="button" aria-label={t("row.scrollForward", { title })} onClick={() => scroll(1)}>
              ›
            </button>
          </div>
        </div>
      </div>
      <ul ref={ref} className={track}>
        {children.map((child, i) => (
          <li key={i}>{child}</li>
        ))}
      </ul>
    </section>
  );
}
