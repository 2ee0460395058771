import { useEffect, useId, useRef, useState } from "react";
import { css } from "goober";
import { t } from "../../../../src/i18n/index.js";
import { color, space, text } from "../../theme/tokens.js";
import { weekLabel, type WeekTotals } from "./weekly.js";

const HEIGHT = 260;
const PAD = { top: 16, right: 44, bottom: 36, left: 32 };

const legend = css`display: flex; flex-wrap: wrap; gap: ${space[4]}px; font-size: ${text.sm}px; font-weight: 600; margin-top: ${space[2]}px;
  span { display: inline-flex; align-items: center; gap: 6px; } i { display: inline-block; width: 14px; height: 14px; border-radius: 3px; }`;

const niceMax = (n: number) => {
  if (n <= 4) return 4;
  const step = 10 ** Math.floor(Math.log10(n));
  return Math.ceil(n / step) * step;
};

/**
 * Workouts (bars, left axis) and minutes (line, right axis) per week as an SVG drawn at the container's pixel width,
 * so labels stay readable from 375 px phones up. The image carries a text summary for screen readers; the page
 * offers the same numbers as a table.
 */
export function WeekChart({ weeks, summary }: { weeks: WeekTotals[]; summary: string }) {
  const ref = useRef<HTMLDivElement>(null);
  const [width, setWidth] = useState(640);
  const titleId = useId();
  const descId = useId();
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    const observer = new ResizeObserver(([entry]) => setWidth(Math.max(280, Math.round(entry!.contentRect.width))));
    observer.observe(el);
    return () => observer.disconnect();
  }, []);

  const plotW = width - PAD.left - PAD.right;
  const plotH = HEIGHT - PAD.top - PAD.bottom;
  const maxWorkouts = niceMax(Math.max(...weeks.map((w) => w.workouts), 0));
  const maxMinutes = niceMax(Math.max(...weeks.map((w) => w.minutes), 0));
  const slot = plotW / Math.max(1, weeks.length);
  const barW = Math.max(6, Math.min(36, slot * 0.55));
  const x = (i: number) => PAD.left + slot * i + slot / 2;
  const yW = (n: number) => PAD.top + plotH - (n / maxWorkouts) * plotH;
  const yM = (n: number) => PAD.top + plotH - (n / maxMinutes) * plotH;
  const labelEvery = slot < 44 ? Math.ceil(44 / slot) : 1;
  const line = weeks.map((w, i) => `${i ? "L" : "M"}${x(i).toFixed(1)},${yM(w.minutes).toFixed(1)}`).join(" ");
  const ticks = [0, 0.5, 1];

  return (
    <div ref={ref}>
      <svg
        width={width}
        height={HEIGHT}
        viewBox={`0 0 ${width} ${HEIGHT}`}
        role="img"
        aria-labelledby={`${titleId} ${descId}`}
        style={{ display: "block", maxWidth: "100%" }}
      >
        <title id={titleId}>{t("history.byWeek")}</title>
        <desc id={descId}>{summary}</desc>
        <g fontSize={12} fill={color.muted} aria-hidden="true">
          {ticks.map((f) => (
            <g key={f}>
              <line
                x1={PAD.left}
                x2={width - PAD.right}
                y1={PAD.top + plotH * (1 - f)}
                y2={PAD.top + plotH * (1 - f)}
                stroke={color.line}
              />
              <text x={PAD.left - 6} y={PAD.top + plotH * (1 - f) + 4} textAnchor="end">
                {Math.round(maxWorkouts * f)}
              </text>
              <text x={width - PAD.right + 6} y={PAD.top + plotH * (1 - f) + 4}>
                {Math.round(maxMinutes * f)}
              </text>
            </g>
          ))}
          {weeks.map((w, i) => (
            <g key={w.week}>
              <rect
                x={x(i) - barW / 2}
                y={yW(w.workouts)}
                width={barW}
                height={PAD.top + plotH - yW(w.workouts)}
                rx={3}
                fill={color.accent}
              />
              {i % labelEvery === 0 ? (
                <text x={x(i)} y={HEIGHT - 12} textAnchor="middle">
                  {weekLabel(w.week)}
                </text>
              ) : null}
            </g>
          ))}
          <path d={line} fill="none" stroke={color.ink} strokeWidth={2} />
          {weeks.map((w, i) => (
            <circle
              key={w.week}
              cx={x(i)}
              cy={yM(w.minutes)}
              r={3.5}
              fill={color.surface}
              stroke={color.ink}
              strokeWidth={2}
            />
          ))}
        </g>
      </svg>
      <div className={legend} aria-hidden="true">
        <span>
          <i style={{ background: color.accent }} />
          {t("history.workouts")}
        </span>
        <span>
          <i style={{ background: color.ink, height: 3 }} />
          {t("history.minutes")}
        </span>
      </div>
    </div>
  );
}
