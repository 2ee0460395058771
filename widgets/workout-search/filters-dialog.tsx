/** @jsxImportSource preact */
import { useWidget } from "../ui/context.js";
import type { SearchResponse, WorkoutFilters } from "../../src/api/index.js";
import { emptyFilters, type ListFilterKey, type WorkoutFilterState } from "../../src/domain/filters.js";
import { AVOID_KEYS, avoidList, type AvoidKey } from "../../src/domain/avoid.js";
import { Button } from "../ui/parts.js";
import { say as sayLabel } from "./copy.js";
import { say } from "./dialog-copy.js";
import type { Css } from "../ui/shadow-css.js";
import { dialogStyles } from "./dialog-styles.js";
import { filterGroups } from "./filter-groups.js";

// Fetched with this dialog's chunk when a search finds nothing, and when a filter is on (see component.tsx).
export { Suggestions } from "./suggestions.js";
export { ActiveFilters } from "./chips.js";

type State = { filters: WorkoutFilterState; equipmentMode: "selected" | "additional" };

export interface FiltersDialogProps {
  css: Css;
  /** The filters endpoint's answer (groups and option labels). */
  described: WorkoutFilters | undefined;
  /** The current search answer: facet counts for groups the endpoint omits, the count for the apply button. */
  results: SearchResponse | undefined;
  state: State;
  signedIn: boolean;
  /** Saving a member's avoid list for their next visit failed. */
  avoidNotSaved: boolean;
  change(patch: Partial<State>): void;
  setFilters(filters: WorkoutFilterState): void;
  close(): void;
}

/**
 * The filters dialog's body (every group of the spec, equipment mode, the avoid chips, live recordings, favourites and
 * watched).
 */
export function FiltersDialog({
  css,
  described,
  results,
  state,
  signedIn,
  avoidNotSaved,
  change,
  setFilters,
  close,
}: FiltersDialogProps) {
  useWidget(); // speak the widget's language
  const s = dialogStyles(css);
  const toggleValue = (key: ListFilterKey, value: string) => {
    const list = state.filters[key];
    setFilters({ ...state.filters, [key]: list.includes(value) ? list.filter((v) => v !== value) : [...list, value] });
  };
  const toggleAvoid = (key: AvoidKey) => {
    const list = state.filters.avoid;
    setFilters({
      ...state.filters,
      avoid: avoidList(list.includes(key) ? list.filter((k) => k !== key) : [...list, key]),
    });
  };
  return (
    <>
      <div class={s.dialog}>
        {filterGroups(described, results).map((g) => (
          <fieldset key={g.key} class={s.group}>
            <legend>{g.label}</legend>
            <div class={s.options}>
              {g.options.map((o) => (
                <label key={o.value} class={s.option}>
                  <input
                    type="checkbox"
                    checked={state.filters[g.key].includes(o.value)}
                    onChange={() => toggleValue(g.key, o.value)}
                  />
                  <span>
                    {o.label}
                    {o.count !== undefined && <span class={s.optionCount}> ({o.count})</span>}
                  </span>
                </label>
              ))}
            </div>
            {g.key === "equipment" && (
              <div class={s.modes} role="radiogroup" aria-label={say("search.equipmentMode")}>
                {(["selected", "additional"] as const).map((mode) => (
                  <label key={mode} class={s.option}>
                    <input
                      type="radio"
                      name="equipment-mode"
                      checked={state.equipmentMode === mode}
                      onChange={() => change({ equipmentMode: mode })}
                    />
                    <span>{say(`filter.equipment.${mode}`)}</span>
                  </label>
                ))}
              </div>
            )}
          </fieldset>
        ))}
        <fieldset class={s.group}>
          <legend>{say("filter.avoid")}</legend>
          <div class={s.options}>
            {AVOID_KEYS.map((key) => (
              <button
                key={key}
                type="button"
                part="avoid"
                class={s.avoid}
                aria-pressed={state.filters.avoid.includes(key)}
                onClick={() => toggleAvoid(key)}
              >
                {sayLabel(`avoid.${key}`)}
              </button>
            ))}
          </div>
          <p role="status" class={s.optionCount} style={{ margin: 0 }}>
            {avoidNotSaved ? say("search.avoidNotSaved") : ""}
          </p>
        </fieldset>
        <fieldset class={s.group}>
          <legend>{say("filter.live")}</legend>
          <div class={s.options}>
            {(["all", "only", "hide"] as const).map((v) => (
              <label key={v} class={s.option}>
                <input
                  type="radio"
                  name="live"
                  checked={state.filters.live === v}
                  onChange={() => setFilters({ ...state.filters, live: v })}
                />
                <span>{say(`filter.live.${v}`)}</span>
              </label>
            ))}
          </div>
        </fieldset>
        <fieldset class={s.group}>
          <legend>
            {say("filter.favorites")} / {say("filter.watched")}
          </legend>
          {signedIn ? (
            <div class={s.options}>
              {(["favorites", "watched"] as const).map((k) => (
                <label key={k} class={s.option}>
                  <input
                    type="checkbox"
                    role="switch"
                    checked={state.filters[k]}
                    onChange={() => setFilters({ ...state.filters, [k]: !state.filters[k] })}
                  />
                  <span>{say(`filter.${k}`)}</span>
                </label>
              ))}
            </div>
          ) : (
            <p class={s.optionCount}>{say("search.membersOnly")}</p>
          )}
        </fieldset>
      </div>
      <div class={s.actions}>
        <Button variant="link" onClick={() => setFilters(emptyFilters())}>
          {say("action.clearAll")}
        </Button>
        <Button variant="primary" onClick={close}>
          {results ? say("search.apply", { count: results.nbHits }) : say("search.applyPlain")}
        </Button>
      </div>
    </>
  );
}
