import { createContext } from "preact";
import { useContext } from "preact/hooks";
import type { Css } from "./shadow-css.js";

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
}

export const Widget = createContext<WidgetContext>(null as unknown as WidgetContext);
export const useWidget = () => useContext(Widget);
/** The shadow-root-bound `css` tag of the current widget (see shadow-css.ts). */
export const useCss = () => useContext(Widget).css;
