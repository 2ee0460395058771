/** @jsxImportSource preact */
import type { LiveClass } from "../../src/api/index.js";
import type { Css } from "../ui/shadow-css.js";
import type { say as sayHere } from "./copy.js";

/**
 * Issue 32 item 11: the schedule narrowed to a class type, a trainer or a room (as Mindbody and Momence schedules do).
 * One native select per facet that has a choice to make (two values or more among the shown weeks' classes), labelled
 * and keyboard-operable as is; "" is every value.
 */
export interface ClassFilters {
  type: string;
  trainer: string;
  room: string;
}

const FACETS = [
  { key: "type", label: "live.filterType", of: (c: LiveClass) => c.type || c.description },
  { key: "trainer", label: "live.filterTrainer", of: (c: LiveClass) => c.trainer_name },
  { key: "room", label: "live.filterRoom", of: (c: LiveClass) => c.room ?? "" },
] as const;

export const matchesFilters = (c: LiveClass, f: ClassFilters) =>
  FACETS.every((facet) => !f[facet.key] || facet.of(c) === f[facet.key]);

interface Props {
  classes: LiveClass[];
  value: ClassFilters;
  idPrefix: string;
  css: Css;
  say: typeof sayHere;
  onChange(next: ClassFilters): void;
}

export function ScheduleFilters({ classes, value, idPrefix, css, say, onChange }: Props) {
  const facets = FACETS.map((facet) => ({
    ...facet,
    values: [...new Set(classes.map(facet.of).filter(Boolean))].sort((a, b) => a.localeCompare(b)),
  })).filter((facet) => facet.values.length > 1 || value[facet.key]);
  if (!facets.length) return null;
  const box = css`
    display: flex; flex-wrap: wrap; gap: 8px 12px; align-items: end; border: 0; padding: 0; margin: 0; min-width: 0;
    & label { display: grid; gap: 2px; font-size: 0.85em; font-weight: 600; flex: 1 1 140px; min-width: 0; }
    & select { min-height: 40px; width: 100%; padding: 6px 8px; border: 1px solid var(--_border); border-radius: var(--_radius);
      background: var(--_surface); color: var(--_text); font: inherit; font-weight: 400; }
  `;
  return (
    <fieldset part="filters" class={box}>
      <legend class="fit-sr">{say("live.filters")}</legend>
      {facets.map((facet) => (
        <label key={facet.key} for={`${idPrefix}-${facet.key}`}>
          {say(facet.label)}
          <select
            id={`${idPrefix}-${facet.key}`}
            value={value[facet.key]}
            onChange={(e) => onChange({ ...value, [facet.key]: e.currentTarget.value })}
          >
            <option value="">{say("live.filterAll")}</option>
            {facet.values.map((v) => (
              <option key={v} value={v}>
                {v}
              </option>
            ))}
          </select>
        </label>
      ))}
    </fieldset>
  );
}
