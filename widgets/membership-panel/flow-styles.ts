import type { Css } from "../ui/shadow-css.js";

/** The flows' form styles: they load with the flows (flows.tsx), not with the panel. */
export const flowStyles = (css: Css) => ({
  flow: css`display: grid; gap: 14px;`,
  fieldset: css`border: 0; padding: 0; margin: 0; display: grid; gap: 8px; & legend { font-weight: 700; margin-bottom: 6px; padding: 0; }`,
  choice: css`display: flex; gap: 8px; align-items: center; cursor: pointer; & input { accent-color: var(--_accent); width: 18px; height: 18px; }`,
  field: css`
    display: grid; gap: 4px; flex: 1; min-width: 0;
    & label { font-weight: 600; font-size: 0.9em; }
    & input, & select, & textarea { min-height: 40px; padding: 8px 10px; border: 1px solid var(--_border); border-radius: var(--_radius); background: var(--_surface); color: var(--_text); width: 100%; }
    & [aria-invalid="true"] { border-color: var(--_danger); }
  `,
  row: css`display: flex; flex-wrap: wrap; gap: 10px;`,
  inline: css`display: flex; gap: 8px; & input { flex: 1; }`,
  hint: css`color: var(--_muted); font-size: 0.85em; min-height: 1em;`,
  invalid: css`color: var(--_danger); font-size: 0.875em; font-weight: 600;`,
  actions: css`display: flex; flex-wrap: wrap; gap: 10px; align-items: center;`,
  offers: css`margin: 0; padding-inline-start: 20px; display: grid; gap: 6px;`,
});
