import { createContext, useCallback, useContext, useEffect, useRef, useState, type ReactNode } from "react";
import { matchLocale, type Locale } from "../../../src/domain/locales.js";
import { currentLocale, setCatalogue } from "../../../src/i18n/translate.js";
import { loadCatalogue } from "../../../src/i18n/app/catalogues.js";
import { storeLocale } from "./locale-choice.js";
import { useStore } from "./store.js";
import { useSignal } from "./use-signal.js";

interface LocaleState {
  locale: Locale;
  /**
   * Switches the app to `locale` in place, keeps it on this device and, when signed in, in the member's preferences;
   * answers false when those could not be saved (the app still shows the language).
   */
  choose: (locale: Locale) => Promise<boolean>;
}

const LocaleContext = createContext<LocaleState | null>(null);

/** The app's language and the way to change it. */
export function useLocale(): LocaleState {
  const state = useContext(LocaleContext);
  if (!state) throw new Error("useLocale outside <LocaleRoot>");
  return state;
}

/** The language being shown (English outside a LocaleRoot, as in a component's unit test). */
export const useAppLocale = (): Locale => useContext(LocaleContext)?.locale ?? currentLocale();

/** Loads `locale`'s catalogue, makes it the one `t()` reads and marks the page's language. */
export async function applyLocale(locale: Locale) {
  const messages = await loadCatalogue(locale);
  setCatalogue(locale, messages);
  document.documentElement.lang = locale;
  delete document.documentElement.dataset.lang;
}

/**
 * Holds the language for everything it renders: `render` is called again on a change, so the whole tree re-renders
 * with the new catalogue in place (no remount: forms and scroll stay). A signed-in member's saved `language`
 * preference wins over the device's choice once the preferences load.
 */
export function LocaleRoot({ render }: { render: () => ReactNode }) {
  const store = useStore();
  const [locale, setLocale] = useState<Locale>(currentLocale);
  const signedIn = useSignal(store.session.signedIn);
  const preferences = useSignal(store.session.preferences.data);
  const wanted = useRef(locale);

  const switchTo = useCallback(async (next: Locale) => {
    wanted.current = next;
    await applyLocale(next);
    // A slower load of an earlier choice must not override a later one.
    if (wanted.current === next) setLocale(next);
  }, []);

  useEffect(() => {
    if (signedIn) void store.session.preferences.load();
  }, [signedIn, store]);
  const saved = signedIn
    ? matchLocale(typeof preferences?.language === "string" ? preferences.language : null)
    : undefined;
  useEffect(() => {
    if (!saved || saved === wanted.current) return;
    storeLocale(saved);
    void switchTo(saved);
  }, [saved, switchTo]);

  const choose = useCallback(
    async (next: Locale) => {
      storeLocale(next);
      await switchTo(next);
      if (!store.session.signedIn.peek()) return true;
      return !!(await store.session.updatePreferences.run({ language: next }));
    },
    [store, switchTo],
  );

  return <LocaleContext.Provider value={{ locale, choose }}>{render()}</LocaleContext.Provider>;
}
