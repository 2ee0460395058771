import type { Locale } from "../../src/domain/locales.js";

/**
 * The snippet an embedding site pastes, as the hosted app's /embed builder writes it (host/app/pages/embed): markup and
 * CSS, not copy, kept beside the widgets whose attributes and custom properties it names.
 */

/** The widgets the builder offers, by their module's name under /widgets/esm/ and their tag. */
export const EMBEDDABLE = {
  "live-schedule": "fit-live-schedule",
  "workout-search": "fit-workout-search",
} as const;
export type Embeddable = keyof typeof EMBEDDABLE;

/** Font stacks a site can pick for the widget (each falls back to the system's own). */
export const FONTS = {
  system: "system-ui, sans-serif",
  serif: "Georgia, 'Times New Roman', serif",
  humanist: "'Trebuchet MS', 'Segoe UI', sans-serif",
} as const;
export type FontChoice = keyof typeof FONTS;

export interface EmbedChoice {
  widget: Embeddable;
  accent: string;
  /** Corner radius in px. */
  radius: number;
  font: FontChoice;
  lang: Locale;
  /** The schedule's location (its slug); only the schedule has one. */
  location?: string;
}

/** The theme as the custom properties every element reads (docs/widgets.md, common to every element). */
export function themeProperties(choice: EmbedChoice): Record<string, string> {
  return {
    "--fit-color-accent": choice.accent,
    "--fit-radius": `${choice.radius}px`,
    "--fit-font-family": FONTS[choice.font],
  };
}

/** The element's own attributes: its language, and the schedule's location. */
export function elementAttributes(choice: EmbedChoice): Record<string, string> {
  return {
    ...(choice.widget === "live-schedule" && choice.location ? { location: choice.location } : {}),
    lang: choice.lang,
  };
}

const escapeAttribute = (value: string) => value.replace(/&/g, "&amp;").replace(/"/g, "&quot;").replace(/</g, "&lt;");

/**
 * The HTML a site pastes: where the API and app are, the widget's module script pinned by its integrity hash from
 * sri.json (omitted when the hash is unknown, so the snippet never carries a wrong one), the theme, the element.
 */
export function embedSnippet(choice: EmbedChoice, origin: string, integrity: string | undefined): string {
  const tag = EMBEDDABLE[choice.widget];
  const script = `${origin}/widgets/esm/${choice.widget}.js`;
  const pin = integrity ? ` integrity="${escapeAttribute(integrity)}"` : "";
  const properties = Object.entries(themeProperties(choice))
    .map(([name, value]) => `${name}: ${value};`)
    .join(" ");
  const attributes = Object.entries(elementAttributes(choice))
    .map(([name, value]) => ` ${name}="${escapeAttribute(value)}"`)
    .join("");
  return [
    `<script type="application/json" id="fitkit-config">${JSON.stringify({ apiBase: origin, appUrl: origin })}</script>`,
    `<script type="module" src="${script}"${pin} crossorigin="anonymous"></script>`,
    `<style>${tag} { ${properties} }</style>`,
    `<${tag}${attributes}></${tag}>`,
  ].join("\n");
}
