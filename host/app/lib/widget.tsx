import { createElement, useLayoutEffect, useRef, type CSSProperties } from "react";
import { useAppLocale } from "./locale.js";

type Handler = (event: CustomEvent) => void;

export interface WidgetProps {
  /** Attributes (kebab-case names, string values) rendered as HTML attributes. */
  attrs?: Record<string, string | boolean | number | undefined>;
  /** Properties set on the element (objects such as the shared store). */
  props?: Record<string, unknown>;
  /** `fit-*` event name → handler. */
  on?: Record<string, Handler | undefined>;
  className?: string;
  style?: CSSProperties;
  id?: string;
}

/**
 * Renders a fitkit custom element from React: attributes down as attributes, objects as properties, `fit-*`
 * CustomEvents up to handlers, the app's language as `lang`. The one place where React meets the widgets (like
 * `@lit/react`'s createComponent); the element must already be defined (see widgets.ts), so its property setters
 * exist when React first renders.
 */
export function Widget({ tag, attrs, props, on, className, style, id }: WidgetProps & { tag: string }) {
  const ref = useRef<HTMLElement>(null);
  const locale = useAppLocale();
  const handlers = useRef(on);
  handlers.current = on;

  useLayoutEffect(() => {
    const el = ref.current as unknown as Record<string, unknown> | null;
    if (!el || !props) return;
    for (const [name, value] of Object.entries(props)) if (el[name] !== value) el[name] = value;
  });

  const eventNames = Object.keys(on ?? {})
    .sort()
    .join(",");
  useLayoutEffect(() => {
    const el = ref.current;
    if (!el || !eventNames) return;
    const listeners = eventNames.split(",").map((name) => {
      const listener = (e: Event) => handlers.current?.[name]?.(e as CustomEvent);
      el.addEventListener(name, listener);
      return [name, listener] as const;
    });
    return () => listeners.forEach(([name, listener]) => el.removeEventListener(name, listener));
  }, [eventNames]);

  // The widget speaks the app's language: its `lang` attribute follows the app's choice (an explicit one wins).
  const htmlAttrs: Record<string, unknown> = { ref, className, style, id, lang: locale };
  for (const [name, value] of Object.entries(attrs ?? {})) {
    if (value === undefined || value === false) continue;
    // React 19 assigns a custom element's property when the element has one (and an attribute otherwise): a boolean
    // must stay `true`, since the attribute spelling "" assigned to a boolean property reads as false
    // (`<fit-referral consent>` never showed its button in the app).
    htmlAttrs[name] = value === true ? true : String(value);
  }
  return createElement(tag, htmlAttrs);
}
