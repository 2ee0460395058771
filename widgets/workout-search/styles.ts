import type { Css } from "../ui/shadow-css.js";

export const searchStyles = (css: Css) => ({
  root: css`display: grid; gap: 14px;`,
  searchRow: css`display: flex;`,
  search: css`
    flex: 1; min-height: 44px; padding: 10px 14px; border: 1px solid var(--_border); border-radius: var(--_radius);
    background: var(--_surface); color: var(--_text);
  `,
  tabs: css`display: flex; gap: 6px; overflow-x: auto; padding-bottom: 4px; scrollbar-width: thin;`,
  tab: css`
    flex: none; padding: 8px 14px; border-radius: 999px; border: 1px solid var(--_border); background: var(--_surface); cursor: pointer; font-weight: 600;
    &[aria-selected="true"] { background: var(--_accent); color: var(--_on-accent); border-color: var(--_accent); }
  `,
  toolbar: css`display: flex; flex-wrap: wrap; align-items: center; gap: 10px;`,
  count: css`flex: 1; font-weight: 600; min-width: 10ch;`,
  sort: css`
    display: inline-flex; align-items: center; gap: 6px;
    & select { min-height: 40px; padding: 6px 10px; border-radius: var(--_radius); border: 1px solid var(--_border); background: var(--_surface); }
  `,
  grid: css`list-style: none; margin: 0; padding: 0; display: grid; gap: 14px; grid-template-columns: repeat(auto-fill, minmax(220px, 1fr));`,
  card: css`
    position: relative; overflow: hidden; border-radius: var(--_radius); border: 1px solid var(--_border); background: var(--_surface); box-shadow: var(--_shadow);
  `,
  cardLink: css`display: grid; gap: 4px; padding-bottom: 12px; color: var(--_text); text-decoration: none; &:hover span:first-of-type { text-decoration: underline; }`,
  poster: css`display: block; width: 100%; height: auto; aspect-ratio: 16 / 9; object-fit: cover; background: var(--_skeleton);`,
  cardName: css`padding: 0 12px; font-weight: 700;`,
  cardMeta: css`padding: 0 12px; color: var(--_muted); font-size: 0.85em;`,
  favourite: css`
    position: absolute; top: 8px; right: 8px; width: 40px; height: 40px; border-radius: 50%; border: 0; cursor: pointer;
    background: rgb(255 255 255 / 0.92); color: #b3261e; font-size: 1.25em; line-height: 1;
  `,
  paging: css`display: flex; justify-content: center; gap: 16px; align-items: center;`,
});
