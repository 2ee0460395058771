/**
 * The app's design tokens: one palette, one type scale, one spacing scale. Pages use these names only; the widgets
 * read the same values through their `--fit-*` custom properties (set in global.ts), so both look like one product.
 */
export const color = {
  ink: "#16161d",
  inkSoft: "#2b2b36",
  muted: "#5b5b68",
  bg: "#f7f5f2",
  surface: "#ffffff",
  sunken: "#efece7",
  line: "#e4e0da",
  accent: "#b4402a",
  accentHover: "#983320",
  accentSoft: "#fbe9e4",
  onAccent: "#ffffff",
  success: "#1c6e46",
  successSoft: "#e3f3ea",
  danger: "#b42318",
  dangerSoft: "#fdecea",
  focus: "#1f5eff",
} as const;

export const font = {
  family: `"Inter", system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif`,
  display: `"Inter Tight", "Inter", system-ui, -apple-system, "Segoe UI", Roboto, Arial, sans-serif`,
} as const;

/** Type scale (px): a 1.25 ratio from a 16 px body. */
export const text = { xs: 12, sm: 14, md: 16, lg: 20, xl: 25, xxl: 31, display: 44 } as const;

/** Spacing scale (px), a 4 px grid. */
export const space = { 1: 4, 2: 8, 3: 12, 4: 16, 5: 24, 6: 32, 7: 48, 8: 64 } as const;

export const radius = { sm: 6, md: 12, lg: 20, pill: 999 } as const;

export const shadow = {
  card: "0 1px 2px rgba(22,22,29,.06), 0 4px 16px rgba(22,22,29,.06)",
  raised: "0 8px 40px rgba(22,22,29,.18)",
} as const;

/** The spec's breakpoints (section 9) used by the layout: phone < 600, tablet < 900, desktop ≥ 900. */
export const bp = { sm: 600, md: 900, lg: 1280 } as const;
export const up = (min: number) => `@media (min-width: ${min}px)`;

/** Smallest touch target (px). */
export const touch = 44;
