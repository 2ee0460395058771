/**
 * The design tokens and base styles every widget's shadow root starts with. Pages theme widgets only through the
 * documented `--fit-*` custom properties (inherited across the shadow boundary) and `::part()`; nothing else of the
 * host page reaches in, because typography and colours are set on the inner root, not inherited from the page.
 */
const light = `
  --_accent: var(--fit-color-accent, #1d5c4f);
  --_on-accent: var(--fit-color-on-accent, #ffffff);
  --_text: var(--fit-color-text, #1a1a1f);
  --_muted: var(--fit-color-muted, #5b5b66);
  --_surface: var(--fit-color-surface, #ffffff);
  --_bg: var(--fit-color-background, #f6f5f2);
  --_border: var(--fit-color-border, #d6d4cf);
  --_danger: var(--fit-color-danger, #b3261e);
  --_success: var(--fit-color-success, #1e6b3a);
  --_skeleton: var(--fit-color-skeleton, #e7e5e0);`;

const dark = `
  --_accent: var(--fit-color-accent, #7fd4bf);
  --_on-accent: var(--fit-color-on-accent, #0c1f1a);
  --_text: var(--fit-color-text, #f1f1f4);
  --_muted: var(--fit-color-muted, #b4b4bf);
  --_surface: var(--fit-color-surface, #1d1d22);
  --_bg: var(--fit-color-background, #121215);
  --_border: var(--fit-color-border, #3a3a42);
  --_danger: var(--fit-color-danger, #ffb4ab);
  --_success: var(--fit-color-success, #8fd8a6);
  --_skeleton: var(--fit-color-skeleton, #2a2a31);`;

export const baseCss = `
:host { display: block; ${light} }
:host([hidden]) { display: none; }
:host([theme="dark"]) { ${dark} }
@media (prefers-color-scheme: dark) { :host([theme="auto"]) { ${dark} } }
.fit-root {
  all: initial; display: block; box-sizing: border-box; color: var(--_text);
  font-family: var(--fit-font-family, system-ui, -apple-system, "Segoe UI", Roboto, sans-serif);
  font-size: var(--fit-font-size, 16px); line-height: 1.45; text-align: start;
  --_radius: var(--fit-radius, 10px); --_space: var(--fit-space, 16px);
  --_heading: var(--fit-font-family-heading, var(--fit-font-family, system-ui, -apple-system, "Segoe UI", Roboto, sans-serif));
  --_focus: var(--fit-focus-ring, 0 0 0 3px color-mix(in srgb, var(--_accent) 55%, transparent));
  --_shadow: var(--fit-shadow, 0 1px 3px rgb(0 0 0 / 0.12));
}
.fit-root *, .fit-root *::before, .fit-root *::after { box-sizing: border-box; }
.fit-root :focus { outline: none; }
.fit-root :focus-visible { outline: 2px solid var(--_accent); outline-offset: 2px; box-shadow: var(--_focus); }
.fit-root :where(button, input, select, textarea) { font: inherit; color: inherit; }
.fit-root :where(h1, h2, h3, h4) { font-family: var(--_heading); margin: 0; line-height: 1.2; }
.fit-root :where(p) { margin: 0; }
.fit-root :where(a) { color: var(--_accent); }
.fit-sr { position: absolute; width: 1px; height: 1px; padding: 0; margin: -1px; overflow: hidden; clip: rect(0 0 0 0); white-space: nowrap; border: 0; }
@keyframes fit-pulse { 0%, 100% { opacity: 1; } 50% { opacity: 0.45; } }
@media (prefers-reduced-motion: reduce) {
  .fit-root *, .fit-root *::before, .fit-root *::after { animation: none !important; transition: none !important; scroll-behavior: auto !important; }
}
`;
