import { computed, signal, type ReadonlySignal } from "@preact/signals-core";
import { CONSENT_CATEGORIES, type ConsentCategory } from "../domain/consent.js";
import type { KeyValueStorage } from "../store/context.js";

const CONSENT_KEY = "fitkit.consent";

export interface Consent {
  readonly granted: ReadonlySignal<readonly ConsentCategory[]>;
  /** Essential given: analytics may start (spec §4). */
  readonly started: ReadonlySignal<boolean>;
  allows(category: ConsentCategory): boolean;
  /** Replaces the granted categories (the cookie banner's answer) and remembers them. */
  set(categories: readonly ConsentCategory[]): void;
}

/** The visitor's cookie consent, remembered in storage; nothing is granted until the visitor answers. */
export function createConsent(storage: KeyValueStorage): Consent {
  let saved: unknown;
  try {
    saved = JSON.parse(storage.getItem(CONSENT_KEY) ?? "[]");
  } catch {
    saved = [];
  }
  const valid = (list: unknown) => (Array.isArray(list) ? CONSENT_CATEGORIES.filter((c) => list.includes(c)) : []);
  const granted = signal<readonly ConsentCategory[]>(valid(saved));
  return {
    granted,
    started: computed(() => granted.value.includes("Essential")),
    allows: (category) => granted.peek().includes(category),
    set(categories) {
      granted.value = valid(categories);
      storage.setItem(CONSENT_KEY, JSON.stringify(granted.peek()));
    },
  };
}
