import { createContext, useCallback, useContext, useEffect } from "react";
import type { Analytics, ConsentCategory } from "../../../src/analytics/index.js";
import { useSignal } from "./use-signal.js";
import { useSession } from "./session.js";

/** The page's consent-gated analytics (the shared instance the widgets use too). */
export const AnalyticsContext = createContext<Analytics | null>(null);

export function useAnalytics(): Analytics {
  const analytics = useContext(AnalyticsContext);
  if (!analytics) throw new Error("useAnalytics outside <AnalyticsContext.Provider>");
  return analytics;
}

/** The granted cookie categories (empty until the visitor answers the banner) and how to record an answer. */
export function useConsent(): [readonly ConsentCategory[], (categories: readonly ConsentCategory[]) => void] {
  const { consent } = useAnalytics();
  const granted = useSignal(consent.granted);
  const save = useCallback((categories: readonly ConsentCategory[]) => consent.set(categories), [consent]);
  return [granted, save];
}

/** Identifies the signed-in member once their claims are known, and forgets them on sign-out. Shell only. */
export function useIdentify() {
  const analytics = useAnalytics();
  const session = useSession();
  const id = session.claims?.sub;
  const email = session.claims?.email;
  useEffect(() => {
    if (id) analytics.identify(id, { email });
    else analytics.reset();
  }, [id, email, analytics]);
}
