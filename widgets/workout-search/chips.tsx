/** @jsxImportSource preact */
import type { WorkoutFilters } from "../../src/api/index.js";
import {
  emptyFilters,
  LIST_FILTER_KEYS,
  MEMBER_FILTER_KEYS,
  type WorkoutFilterState,
} from "../../src/domain/filters.js";
import { useCss } from "../ui/context.js";
import { Button } from "../ui/parts.js";
import { say } from "./copy.js";
import { optionLabel } from "./groups.js";

/**
 * The active filters as removable chips (list values, the member switches, live recordings, then what is avoided)
 * and Clear all. They load with the filters dialog's chunk when a filter is first on (see component.tsx).
 */
export function ActiveFilters({
  filters: f,
  described,
  setFilters,
}: {
  filters: WorkoutFilterState;
  /** The filters endpoint's answer: the option labels. */
  described: WorkoutFilters | undefined;
  setFilters(filters: WorkoutFilterState): void;
}) {
  const css = useCss();
  const chips: { id: string; label: string; remove: Partial<WorkoutFilterState> }[] = [
    ...LIST_FILTER_KEYS.flatMap((key) =>
      f[key].map((value) => ({
        id: `${key}:${value}`,
        label: optionLabel(described, key, value),
        remove: { [key]: f[key].filter((v) => v !== value) },
      })),
    ),
    ...MEMBER_FILTER_KEYS.filter((key) => f[key]).map((key) => ({
      id: key,
      label: say(`filter.${key}`),
      remove: { [key]: false },
    })),
    ...(f.live === "all"
      ? []
      : [
          {
            id: "live",
            label: `${say("filter.live")}: ${say(`filter.live.${f.live}`)}`,
            remove: { live: "all" as const },
          },
        ]),
    ...f.avoid.map((key) => ({
      id: `avoid:${key}`,
      label: say(`avoid.${key}`),
      remove: { avoid: f.avoid.filter((k) => k !== key) },
    })),
  ];
  const list = css`list-style: none; margin: 0; padding: 0; display: flex; flex-wrap: wrap; gap: 6px; align-items: center;`;
  const chip = css`
    display: inline-flex; gap: 6px; align-items: center; padding: 6px 12px; border-radius: 999px; cursor: pointer;
    border: 1px solid var(--_accent); background: color-mix(in srgb, var(--_accent) 10%, var(--_surface)); font-size: 0.875em;
  `;
  return (
    <ul class={list} aria-label={say("search.filters")}>
      {chips.map((c) => (
        <li key={c.id}>
          <button
            type="button"
            part="chip"
            class={chip}
            aria-label={say("search.removeFilter", { label: c.label })}
            onClick={() => setFilters({ ...f, ...c.remove })}
          >
            {c.label} <span aria-hidden="true">✕</span>
          </button>
        </li>
      ))}
      <li>
        <Button variant="link" onClick={() => setFilters(emptyFilters())}>
          {say("action.clearAll")}
        </Button>
      </li>
    </ul>
  );
}
