import type { ComponentType } from "preact";
import { createWidgetElement, type ElementSpec } from "./ui/element.js";

/**
 * Registers a widget under `tag`, once. When another copy of the kit (a second script tag, two bundles) already
 * defined the tag, this warns and keeps the first definition instead of throwing, as media-chrome and shoelace do.
 * @example defineWidget("fit-live-schedule", LiveSchedule, spec);
 */
export function defineWidget<P extends object>(
  tag: string,
  Component: ComponentType<P>,
  spec: ElementSpec = {},
): CustomElementConstructor {
  return defineElement(tag, () => createWidgetElement(Component, spec));
}

/** Guarded `customElements.define` for an element class built lazily (nothing is built when the tag is taken). */
export function defineElement(tag: string, build: () => CustomElementConstructor): CustomElementConstructor {
  const existing = customElements.get(tag);
  if (existing) {
    console.warn(
      `[fitkit W001] <${tag}> is already defined (a second copy of the widget kit loaded); keeping the first.`,
    );
    return existing;
  }
  const element = build();
  customElements.define(tag, element);
  return element;
}
