import { createContext } from "preact";
import { useContext } from "preact/hooks";
import type { Css } from "./shadow-css.js";
import { speak, type Copy } from "./copy.js";

/** Settings every widget reads from its attributes, falling back to the page's `#fitkit-config` script. */
export interface WidgetConfig {
  apiBase: string;
  locale: string;
  timeZone: string;
  /** The hosted app's origin (booking popup, sign-in links); defaults to apiBase. */
  appUrl: string;
}

/** What the bridge hands every widget component: its styling, its host element, and how to raise events. */
export interface WidgetContext {
  css: Css;
  host: HTMLElement;
  /** Dispatches a bubbling, composed, cancelable `fit-*` CustomEvent; false when a listener called preventDefault. */
  emit<T>(name: string, detail: T): boolean;
  /** The widget's language and its translation (see copy.ts); a new context object when the language changes. */
  copy: Copy;
  /** The BCP 47 tag dates and numbers are formatted in (the `locale` attribute, else the tag that chose `copy`). */
  formatLocale: string;
}

export const Widget = createContext<WidgetContext>(null as unknown as WidgetContext);
/** The current widget's context; it also points `say()` at the widget's language for this render. */
export function useWidget(): WidgetContext {
  const widget = useContext(Widget);
  speak(widget.copy);
  return widget;
}
/** The shadow-root-bound `css` tag of the current widget (see shadow-css.ts). */
export const useCss = () => useWidget().css;
