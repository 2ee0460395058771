import type { Css } from "../ui/shadow-css.js";

export const panelStyles = (css: Css) => ({
  // A long name or address line wraps instead of widening the page (issue 32).
  root: css`display: grid; gap: 16px; min-width: 0; overflow-wrap: anywhere;`,
  section: css`
    display: grid; gap: 8px; padding: var(--_space); background: var(--_surface); border: 1px solid var(--_border); border-radius: var(--_radius);
    & h3 { font-size: 0.8em; text-transform: uppercase; letter-spacing: 0.08em; color: var(--_muted); }
  `,
  big: css`font-size: 1.25em; font-weight: 700;`,
  dl: css`display: grid; grid-template-columns: max-content minmax(0, 1fr); gap: 4px 16px; margin: 0; & dt { color: var(--_muted); } & dd { margin: 0; font-weight: 600; }`,
  banner: css`padding: 10px 12px; border-radius: var(--_radius); border: 1px solid var(--_danger); color: var(--_text); background: color-mix(in srgb, var(--_danger) 8%, var(--_surface));`,
  success: css`padding: 10px 12px; border-radius: var(--_radius); border: 1px solid var(--_success); color: var(--_success); background: var(--_surface); font-weight: 600;`,
  links: css`display: flex; flex-wrap: wrap; gap: 4px 16px;`,
  oops: css`display: grid; gap: 4px; padding: 10px 12px; border-radius: var(--_radius); border: 1px solid var(--_danger); & strong { color: var(--_danger); }`,
});
