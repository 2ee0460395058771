import { glob } from "goober";
import { TAGS } from "../../../widgets/constants.js";
import { color, font, radius, text } from "./tokens.js";

const WIDGET_TAGS = Object.values(TAGS).join(", ");

/** Page-wide base styles and the widgets' theme variables; called once before the first render. */
export function installGlobalStyles() {
  glob`
    :root {
      --fit-color-accent: ${color.accent};
      --fit-color-on-accent: ${color.onAccent};
      --fit-color-success: ${color.success};
      --fit-color-danger: ${color.danger};
      --fit-color-text: ${color.ink};
      --fit-color-muted: ${color.muted};
      --fit-color-surface: ${color.surface};
      --fit-color-border: ${color.line};
      --fit-color-background: ${color.bg};
      --fit-font-family: ${font.family};
      --fit-radius: ${radius.md}px;
      color-scheme: light;
    }
    /* The widgets' buttons in the app's shape and case (each exposes part="button"), so both read as one product. */
    :is(${WIDGET_TAGS})::part(button) {
      border-radius: ${radius.pill}px; font-size: ${text.sm}px; font-weight: 700; letter-spacing: .08em; text-transform: uppercase;
    }
    *, *::before, *::after { box-sizing: border-box; }
    html { -webkit-text-size-adjust: 100%; scroll-behavior: smooth; }
    @media (prefers-reduced-motion: reduce) { html { scroll-behavior: auto; } }
    body { margin: 0; background: ${color.bg}; color: ${color.ink}; font: ${text.md}px/1.5 ${font.family}; overflow-x: hidden; }
    h1, h2, h3, h4 { font-family: ${font.display}; line-height: 1.15; margin: 0; letter-spacing: -0.01em; }
    p { margin: 0; }
    /* A 100-character name or address wraps instead of widening the page (issue 32). */
    :where(h1, h2, h3, h4, p, dd, dt, li, td, th, legend, label, strong) { overflow-wrap: anywhere; }
    a { color: inherit; }
    img, video { max-width: 100%; display: block; }
    button, input, select, textarea { font: inherit; color: inherit; }
    :focus-visible { outline: 3px solid ${color.focus}; outline-offset: 2px; }
    .visually-hidden { position: absolute !important; width: 1px; height: 1px; padding: 0; margin: -1px; overflow: hidden; clip: rect(0 0 0 0); white-space: nowrap; border: 0; }
  `;
}
