import { useCallback, useEffect, useMemo, useState } from "react";
import { useStore } from "./store.js";
import { useSignal } from "./use-signal.js";

const KEY = "fitkit.onboardingRedirects";
const SKIPPED_KEY = "fitkit.onboardingSkipped";

/** When the member last pressed "Skip for now" on the quiz, on this device. */
export function onboardingSkippedAt(): number | undefined {
  try {
    const at = Number(localStorage.getItem(SKIPPED_KEY));
    return at > 0 ? at : undefined;
  } catch {
    return undefined;
  }
}

/** Remembers a skip of the quiz on this device (the redirect rule waits a week after it). */
export function recordOnboardingSkip(now = Date.now()) {
  try {
    localStorage.setItem(SKIPPED_KEY, String(now));
  } catch {
    // Storage unavailable: the skip lasts for this page only (the redirect limit of 2 a day still holds).
  }
}

/**
 * The page the redirect interrupted (`/onboarding?next=…`), a path on this site only; null when none. The skip and
 * the results' Continue lead there.
 */
export function onboardingNext(search: string): string | null {
  const next = new URLSearchParams(search).get("next");
  return next?.startsWith("/") && !next.startsWith("//") && !next.startsWith("/\\") ? next : null;
}

function readRedirects(): number[] {
  try {
    const list = JSON.parse(localStorage.getItem(KEY) ?? "[]");
    return Array.isArray(list) ? list.filter((n) => typeof n === "number") : [];
  } catch {
    return [];
  }
}

/**
 * What the onboarding redirect rule (spec §4/§9) needs about an entitled member: completed on-demand workouts, the
 * quiz results URL, and the times of earlier redirects (kept in local storage: at most 2 per 24 h).
 */
export function useOnboardingRedirects(applies: boolean) {
  const store = useStore();
  const stats = useSignal(store.activity.stats.data);
  const statsDone = useSignal(store.activity.stats.fulfilled);
  const results = useSignal(store.session.onboardingResults.data);
  const resultsDone = useSignal(store.session.onboardingResults.fulfilled);
  const [redirects, setRedirects] = useState(readRedirects);
  useEffect(() => {
    if (!applies) return;
    void store.activity.stats.load();
    void store.session.onboardingResults.load();
  }, [applies, store]);
  const record = useCallback(() => {
    const next = [...readRedirects(), Date.now()].slice(-5);
    localStorage.setItem(KEY, JSON.stringify(next));
    setRedirects(next);
  }, []);
  return useMemo(
    () => ({
      // A failed load counts as known: the member is not held on the placeholder because a call failed.
      ready: !applies || (statsDone && resultsDone),
      onDemandCount: stats?.total_on_demand ?? Number.MAX_SAFE_INTEGER,
      resultsUrl: results?.results_url,
      redirects,
      record,
    }),
    [applies, statsDone, resultsDone, stats, results, redirects, record],
  );
}
