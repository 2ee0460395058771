import { h, render, type ComponentType } from "preact";
// @preact/signals installs its Preact option hooks when imported: a component re-renders when a signal it read changes.
import "@preact/signals";
import { createShadowCss } from "./shadow-css.js";
import { baseCss } from "./theme.js";
import { Widget, type WidgetContext } from "./context.js";
import { BASE_LOCALE, type Locale } from "../../src/domain/locales.js";
import type { Copy } from "./copy.js";
import { readPageConfig } from "./config.js";
import { chooseLocale, nearestLang } from "./locale.js";

type AttrType = "string" | "number" | "boolean";

/** The runtime description of an element: which attributes it observes (and their types), extra properties, events. */
export interface ElementSpec {
  attributes?: readonly { name: string; type?: string }[];
  properties?: readonly { name: string }[];
}

/** A widget's translations, each loaded the first time an element speaks it (English is built in). */
export type Translations = Partial<Record<Locale, () => Promise<{ default: Readonly<Record<string, string>> }>>>;

/**
 * Attributes and properties every fitkit element has (documented in widgets/common.json). `nonce` is not among them:
 * it stays the native HTMLElement property, because browsers hide a nonce attribute once the element is connected
 * (the value lives on only in the property).
 */
const COMMON_ATTRS: Record<string, AttrType> = {
  "api-base": "string",
  "app-url": "string",
  locale: "string",
  "time-zone": "string",
  theme: "string",
};
const COMMON_PROPS = ["store"];

const camelCase = (name: string) => name.replace(/-([a-z])/g, (_, c: string) => c.toUpperCase());

function parse(type: AttrType, value: string | null): unknown {
  if (type === "boolean") return value !== null;
  if (value === null) return undefined;
  if (type === "number") {
    const n = Number(value);
    return value.trim() === "" || Number.isNaN(n) ? undefined : n;
  }
  return value;
}

const VALUES = Symbol("values");
const MOUNT = Symbol("mount");

/**
 * The element class for a Preact component: an open shadow root with its own style sheet, observed kebab-case
 * attributes mirrored by camelCase properties (a property set wins until the attribute changes again), properties set
 * before the element upgraded honoured (lit's "upgrade property"), renders batched to one per microtask, and a full
 * unmount on disconnect so hooks clean up every listener and timer.
 * Importing this module registers nothing; see `defineWidget`.
 */
export function createWidgetElement<P extends object>(
  Component: ComponentType<P>,
  spec: ElementSpec = {},
  translations: Translations = {},
): CustomElementConstructor {
  // One fetch per language per page. A translation that fails to load leaves the English words (each key then
  // falls back, and is reported in development).
  const copies: Partial<Record<Locale, Copy>> = { [BASE_LOCALE]: { locale: BASE_LOCALE, messages: {} } };
  const pending: Partial<Record<Locale, Promise<void>>> = {};
  const load = (locale: Locale) =>
    (pending[locale] ??= Promise.resolve(translations[locale]?.()).then(
      (m) => void (copies[locale] = { locale, messages: m?.default ?? {} }),
      () => void (copies[locale] = { locale, messages: {} }),
    ));

  const attrTypes: Record<string, AttrType> = { ...COMMON_ATTRS };
  // Every attribute is a string, a number or a boolean (element.json types; a union of strings is a string).
  for (const a of spec.attributes ?? [])
    attrTypes[a.name] = a.type === "number" || a.type === "boolean" ? a.type : "string";
  const propNames = [
    ...new Set([
      ...Object.keys(attrTypes).map(camelCase),
      ...COMMON_PROPS,
      ...(spec.properties ?? []).map((p) => p.name),
    ]),
  ];

  class FitElement extends HTMLElement {
    // `lang` is observed but stays the native property: it chooses the language like the page's own `lang`.
    static readonly observedAttributes = [...Object.keys(attrTypes), "lang"];
    [VALUES]: Record<string, unknown> = Object.fromEntries(
      Object.entries(attrTypes)
        .filter(([, t]) => t === "boolean")
        .map(([a]) => [camelCase(a), false]),
    );
    [MOUNT]?: {
      container: HTMLElement;
      context: WidgetContext;
      queued: boolean;
      connected: boolean;
      langs?: MutationObserver;
    };

    constructor() {
      super();
      this.attachShadow({ mode: "open" });
      // A property assigned before the definition loaded is an own property shadowing our accessor: re-set it.
      for (const name of propNames) {
        if (Object.prototype.hasOwnProperty.call(this, name)) {
          const value = (this as unknown as Record<string, unknown>)[name];
          delete (this as unknown as Record<string, unknown>)[name];
          (this as unknown as Record<string, unknown>)[name] = value;
        }
      }
    }

    connectedCallback() {
      if (!this[MOUNT]) {
        const root = this.shadowRoot!;
        const css = createShadowCss(root, baseCss, this.nonce || this.getAttribute("nonce"));
        const container = document.createElement("div");
        container.className = "fit-root";
        container.setAttribute("part", "root");
        container.lang = BASE_LOCALE;
        root.append(container);
        const context: WidgetContext = {
          css,
          host: this,
          emit: (name, detail) =>
            this.dispatchEvent(new CustomEvent(name, { detail, bubbles: true, composed: true, cancelable: true })),
          copy: copies[BASE_LOCALE]!,
          formatLocale: BASE_LOCALE,
        };
        this[MOUNT] = { container, context, queued: false, connected: true };
      }
      this[MOUNT].connected = true;
      // A page (or an ancestor) that changes its `lang` re-renders the widget in the new language.
      (this[MOUNT].langs ??= new MutationObserver(() => this.#schedule())).observe(document.documentElement, {
        attributeFilter: ["lang"],
        subtree: true,
      });
      this.#render();
    }

    disconnectedCallback() {
      const mount = this[MOUNT];
      if (!mount) return;
      mount.connected = false;
      mount.langs?.disconnect();
      // Unmounting runs every effect cleanup: subscriptions, timers and listeners the widget set up.
      render(null, mount.container);
    }

    attributeChangedCallback(name: string, _old: string | null, value: string | null) {
      // Only observedAttributes reach here: attrTypes' keys, and `lang` (read in #render).
      if (name !== "lang") this[VALUES][camelCase(name)] = parse(attrTypes[name]!, value);
      this.#schedule();
    }

    #schedule() {
      const mount = this[MOUNT];
      if (!mount || mount.queued || !mount.connected) return;
      mount.queued = true;
      queueMicrotask(() => {
        mount.queued = false;
        if (mount.connected) this.#render();
      });
    }

    #render() {
      const mount = this[MOUNT]!;
      const choice = chooseLocale(
        { locale: this[VALUES].locale as string | undefined },
        nearestLang(this),
        readPageConfig().locale,
      );
      const copy = copies[choice.locale];
      if (!copy) {
        // Until its words arrive the widget keeps what it shows (nothing on a first render: no English flash).
        void load(choice.locale).then(() => this.#schedule());
        return;
      }
      if (copy !== mount.context.copy || choice.format !== mount.context.formatLocale) {
        // A new context object: every component reading it re-renders in the new language.
        mount.context = { ...mount.context, copy, formatLocale: choice.format };
        mount.container.lang = copy.locale;
      }
      render(h(Widget.Provider, { value: mount.context }, h(Component, { ...this[VALUES] } as P)), mount.container);
    }

    /** Re-render with the current properties (used by the setters below). */
    requestRender() {
      this.#schedule();
    }
  }

  for (const name of propNames) {
    Object.defineProperty(FitElement.prototype, name, {
      configurable: true,
      enumerable: true,
      get(this: FitElement) {
        return this[VALUES][name];
      },
      set(this: FitElement, value: unknown) {
        if (this[VALUES][name] === value) return;
        this[VALUES][name] = value;
        this.requestRender();
      },
    });
  }
  return FitElement;
}
