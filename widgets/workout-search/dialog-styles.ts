import type { Css } from "../ui/shadow-css.js";

/** The filters dialog's styles: they load with the dialog (filters-dialog.tsx), not with the library. */
export const dialogStyles = (css: Css) => ({
  dialog: css`display: grid; gap: 16px;`,
  group: css`border: 0; margin: 0; padding: 0; & legend { font-weight: 700; margin-bottom: 8px; padding: 0; }`,
  options: css`display: flex; flex-wrap: wrap; gap: 8px 16px;`,
  option: css`display: inline-flex; gap: 6px; align-items: center; cursor: pointer; min-height: 32px; & input { accent-color: var(--_accent); width: 18px; height: 18px; }`,
  optionCount: css`color: var(--_muted); font-size: 0.85em;`,
  avoid: css`
    display: inline-flex; align-items: center; gap: 6px; min-height: 36px; padding: 6px 14px; border-radius: 999px; cursor: pointer;
    border: 1px solid var(--_border); background: var(--_surface); color: var(--_text); font: inherit;
    &[aria-pressed="true"] { background: var(--_accent); color: var(--_on-accent); border-color: var(--_accent); }
    &:focus-visible { outline: 2px solid var(--_accent); outline-offset: 2px; }
  `,
  modes: css`display: flex; flex-wrap: wrap; gap: 8px 16px; margin-top: 8px; padding-top: 8px; border-top: 1px dashed var(--_border);`,
  actions: css`display: flex; justify-content: space-between; gap: 10px; margin-top: 20px;`,
});
