import { useId } from "react";
import { css } from "goober";
import { color, space } from "../../theme/tokens.js";
import { ct } from "./copy.js";

const WIDTH = 320;
const HEIGHT = 140;
const PAD = { top: 12, right: 8, bottom: 22, left: 8 };

const figure = css`margin: 0; min-width: 0;
  figcaption { font-weight: 700; margin-bottom: ${space[1]}px; }
  .now { font-size: 24px; font-weight: 800; }
  svg { display: block; width: 100%; height: auto; max-height: 180px; }`;

export interface ChartPoint {
  label: string;
  value: number | null;
}

/**
 * One figure over the intervals as bars in inline SVG: the newest value large above it, the first and last interval
 * under it. Screen readers get the figure's name and a sentence of its range (the section's table has every value).
 */
export function BarChart({
  title,
  points,
  format,
}: {
  title: string;
  points: ChartPoint[];
  format: (value: number | null) => string;
}) {
  const id = useId();
  const values = points.map((p) => p.value ?? 0);
  const max = Math.max(0, ...values);
  const min = Math.min(0, ...values);
  const span = max - min || 1;
  const inner = { w: WIDTH - PAD.left - PAD.right, h: HEIGHT - PAD.top - PAD.bottom };
  const slot = inner.w / Math.max(points.length, 1);
  const y = (v: number) => PAD.top + ((max - v) / span) * inner.h;
  const last = points.at(-1);
  const description = points.length
    ? ct("console.numbers.chartDescription", {
        figure: title,
        first: points[0]!.label,
        last: last!.label,
        start: format(points[0]!.value),
        end: format(last!.value),
        min: format(Math.min(...values)),
        max: format(Math.max(...values)),
      })
    : ct("console.numbers.noData");
  return (
    <figure className={figure}>
      <figcaption id={`${id}-title`}>{title}</figcaption>
      <div className="now" aria-hidden="true">
        {format(last?.value ?? null)}
      </div>
      <svg
        viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
        role="img"
        aria-labelledby={`${id}-title`}
        aria-describedby={`${id}-desc`}
        focusable="false"
      >
        <desc id={`${id}-desc`}>{description}</desc>
        <line x1={PAD.left} x2={WIDTH - PAD.right} y1={y(0)} y2={y(0)} stroke={color.line} />
        {points.map((p, i) => {
          const v = p.value ?? 0;
          const top = Math.min(y(v), y(0));
          return (
            <rect
              key={p.label}
              x={PAD.left + i * slot + slot * 0.15}
              width={Math.max(slot * 0.7, 1)}
              y={top}
              height={Math.max(Math.abs(y(v) - y(0)), v === 0 ? 0 : 1)}
              fill={i === points.length - 1 ? color.ink : color.muted}
              rx={2}
            />
          );
        })}
        {points.length ? (
          <>
            <text x={PAD.left} y={HEIGHT - 6} fontSize={11} fill={color.muted}>
              {points[0]!.label}
            </text>
            <text x={WIDTH - PAD.right} y={HEIGHT - 6} fontSize={11} fill={color.muted} textAnchor="end">
              {last!.label}
            </text>
          </>
        ) : null}
      </svg>
    </figure>
  );
}
