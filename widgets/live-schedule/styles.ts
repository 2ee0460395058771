import type { Css } from "../ui/shadow-css.js";

/** The schedule's class names for this shadow root (the sheet caches by content, so calling per render is cheap). */
export const scheduleStyles = (css: Css) => ({
  root: css`display: grid; gap: 14px; padding: var(--_space); background: var(--_bg); border-radius: var(--_radius);`,
  header: css`display: grid; gap: 4px; & h2 { font-size: 1.4em; }`,
  note: css`color: var(--_muted); font-size: 0.875em;`,
  next: css`display: grid; gap: 8px; padding: 12px; border: 2px solid var(--_accent); border-radius: var(--_radius); background: var(--_surface);`,
  // On a phone the seven days take the whole row (French and Spanish day names are longer) and the arrows go below.
  week: css`
    display: flex; align-items: center; gap: 6px;
    @media (max-width: 480px) { flex-wrap: wrap; justify-content: space-between; }
  `,
  // Enabled: an outlined accent button; disabled: no accent at all (muted glyph, faint border), never only a shade.
  arrow: css`
    font-size: 1.6em; line-height: 1; min-width: 44px; min-height: 44px; padding: 0 8px;
    &:disabled { color: var(--_muted); border-color: var(--_border); border-style: dashed; background: transparent; opacity: 0.6; }
  `,
  // A day's label ("Wed 25", "mer. 25", "mié 25") wraps to two lines rather than spill out of a narrow button.
  days: css`
    display: grid; grid-template-columns: repeat(7, minmax(0, 1fr)); gap: 6px; flex: 1;
    @media (max-width: 480px) { gap: 3px; order: -1; flex-basis: 100%; }
  `,
  day: css`
    min-height: 44px; padding: 6px 2px; border-radius: var(--_radius); border: 1px solid var(--_border); background: var(--_surface);
    cursor: pointer; font-weight: 600; font-size: 0.9em; line-height: 1.15;
    &[aria-pressed="true"] { background: var(--_accent); border-color: var(--_accent); color: var(--_on-accent); }
  `,
  dayHeading: css`font-size: 1.1em;`,
  list: css`list-style: none; margin: 0; padding: 0; display: grid; gap: 10px;`,
  row: css`
    display: grid; grid-template-columns: auto 1fr auto; gap: 12px; align-items: center; padding: 12px; background: var(--_surface);
    border: 1px solid var(--_border); border-radius: var(--_radius); box-shadow: var(--_shadow);
    @media (max-width: 560px) { grid-template-columns: auto 1fr; & > :last-child { grid-column: 1 / -1; } }
  `,
  avatar: css`width: 48px; height: 48px; border-radius: 50%; object-fit: cover; background: var(--_skeleton);`,
  info: css`display: grid; gap: 2px; min-width: 0;`,
  time: css`font-weight: 700;`,
  duration: css`font-weight: 400; color: var(--_muted);`,
  name: css`font-weight: 600;`,
  trainer: css`color: var(--_muted); font-size: 0.9em;`,
  spots: css`color: var(--_muted); font-size: 0.875em;`,
  success: css`color: var(--_success); font-size: 0.9em;`,
  buttons: css`display: flex; flex-wrap: wrap; gap: 8px; align-items: center; justify-content: flex-end;`,
  failure: css`color: var(--_danger); font-weight: 600;`,
  hint: css`color: var(--_muted); font-size: 0.8em;`,
  policy: css`color: var(--_muted); font-size: 0.8em;`,
  waiting: css`font-weight: 600; font-size: 0.9em;`,
  notice: css`padding: 10px 12px; border: 2px solid var(--_success); border-radius: var(--_radius); background: var(--_surface); font-weight: 600;`,
});
