import type { Css } from "../ui/sheet.js";

export const panelStyles = (css: Css) => ({
  root: css`display: grid; gap: 16px;`,
  section: css`
    display: grid; gap: 8px; padding: var(--_space); background: var(--_surface); border: 1px solid var(--_border); border-radius: var(--_radius);
    & h3 { font-size: 0.8em; text-transform: uppercase; letter-spacing: 0.08em; color: var(--_muted); }
  `,
  big: css`font-size: 1.25em; font-weight: 700;`,
  dl: css`display: grid; grid-template-columns: max-content 1fr; gap: 4px 16px; margin: 0; & dt { color: var(--_muted); } & dd { margin: 0; font-weight: 600; }`,
  banner: css`padding: 10px 12px; border-radius: var(--_radius); border: 1px solid var(--_danger); color: var(--_text); background: color-mix(in srgb, var(--_danger) 8%, var(--_surface));`,
  success: css`padding: 10px 12px; border-radius: var(--_radius); border: 1px solid var(--_success); color: var(--_success); background: var(--_surface); font-weight: 600;`,
  links: css`display: flex; flex-wrap: wrap; gap: 4px 16px;`,
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
  oops: css`display: grid; gap: 4px; padding: 10px 12px; border-radius: var(--_radius); border: 1px solid var(--_danger); & strong { color: var(--_danger); }`,
});
