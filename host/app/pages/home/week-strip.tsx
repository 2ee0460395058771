import { useState } from "react";
import { css } from "goober";
import type { HistoryEntry } from "../../../../src/api/types.js";
import { bp, color, radius, space, text, touch, up } from "../../theme/tokens.js";
import { t, currentLocale } from "../../../../src/i18n/index.js";

const strip = css`display: grid; grid-template-columns: repeat(7, minmax(0, 1fr)); gap: ${space[1]}px; list-style: none; margin: 0; padding: 0; ${up(bp.sm)} { gap: ${space[3]}px; }`;
const day = css`
  position: relative; display: grid; justify-items: center; gap: 4px; min-height: 76px; padding: ${space[2]}px 0; border-radius: ${radius.md}px;
  background: ${color.surface}; border: 1px solid ${color.line}; width: 100%; cursor: default; font: inherit;
  &[data-done="true"] { background: ${color.successSoft}; border-color: transparent; cursor: pointer; }
  &[data-today="true"] { box-shadow: inset 0 0 0 2px ${color.ink}; }
  .dow { font-size: ${text.xs}px; font-weight: 800; letter-spacing: .1em; text-transform: uppercase; color: ${color.muted}; }
  .num { font-size: ${text.lg}px; font-weight: 800; }
  .mark { width: 22px; height: 22px; border-radius: 50%; display: grid; place-items: center; font-size: 13px; background: ${color.success}; color: #fff; }
  .dot { width: 22px; height: 22px; }
`;
const tip = css`
  position: absolute; z-index: 5; top: calc(100% + 6px); left: 50%; transform: translateX(-50%); width: max-content; max-width: 220px;
  background: ${color.ink}; color: #fff; border-radius: ${radius.sm}px; padding: ${space[2]}px ${space[3]}px; font-size: ${text.xs}px; text-align: left;
  ul { margin: 0; padding-left: 16px; }
`;

const startOfWeek = (now: Date) => {
  const d = new Date(now.getFullYear(), now.getMonth(), now.getDate());
  d.setDate(d.getDate() - ((d.getDay() + 6) % 7));
  return d;
};
const sameDay = (a: Date, b: Date) =>
  a.getFullYear() === b.getFullYear() && a.getMonth() === b.getMonth() && a.getDate() === b.getDate();

/**
 * This week, Monday to Sunday: days with a completed workout show a check and list their workouts on hover or focus.
 */
export function WeekStrip({ history, now = new Date() }: { history: HistoryEntry[]; now?: Date }) {
  const [open, setOpen] = useState<number | null>(null);
  const first = startOfWeek(now);
  const days = Array.from(
    { length: 7 },
    (_, i) => new Date(first.getFullYear(), first.getMonth(), first.getDate() + i),
  );
  return (
    <ul className={strip} aria-label={t("home.thisWeek")}>
      {days.map((d, i) => {
        const done = history.filter((h) => h.is_completed && h.completed_at && sameDay(new Date(h.completed_at), d));
        const names = done.map((h) => h.workout?.name ?? (h.type === "live" ? t("home.liveClass") : t("home.workout")));
        const date = d.toLocaleDateString(currentLocale(), { weekday: "long", month: "long", day: "numeric" });
        const detail = done.length
          ? t("home.dayCompleted", { day: date, names: new Intl.ListFormat(currentLocale()).format(names) })
          : t("home.dayNoWorkout", { day: date });
        const content = (
          <>
            <span className="dow" aria-hidden="true">
              {d.toLocaleDateString(currentLocale(), { weekday: "short" })}
            </span>
            <span className="num" aria-hidden="true">
              {d.getDate()}
            </span>
            <span className="visually-hidden">{detail}</span>
            {done.length ? (
              <span className="mark" aria-hidden="true">
                ✓
              </span>
            ) : (
              <span className="dot" aria-hidden="true" />
            )}
          </>
        );
        return (
          <li
            key={i}
            style={{ position: "relative" }}
            onMouseEnter={() => done.length && setOpen(i)}
            onMouseLeave={() => setOpen(null)}
          >
            {done.length ? (
              <button
                type="button"
                className={day}
                data-done="true"
                data-today={sameDay(d, now)}
                aria-expanded={open === i}
                onFocus={() => setOpen(i)}
                onBlur={() => setOpen(null)}
                onClick={() => setOpen(open === i ? null : i)}
                style={{ minHeight: Math.max(76, touch) }}
              >
                {content}
              </button>
            ) : (
              <div className={day} data-today={sameDay(d, now)}>
                {content}
              </div>
            )}
            {open === i ? (
              <div className={tip} role="tooltip">
                <ul>
                  {names.map((n, k) => (
                    <li key={k}>{n}</li>
                  ))}
                </ul>
              </div>
            ) : null}
          </li>
        );
      })}
    </ul>
  );
}
