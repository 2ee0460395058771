import { useEffect, useState } from "react";
import { useLocation, useSearch } from "wouter";
import { css } from "goober";
import { getOnboardingResult } from "../../../../src/api/index.js";
import type { Workout } from "../../../../src/api/types.js";
import { t, type MessageKey } from "../../../../src/i18n/index.js";
import { useStore } from "../../lib/store.js";
import { onboardingNext, recordOnboardingSkip } from "../../lib/onboarding.js";
import { useSignal } from "../../lib/use-signal.js";
import { color, radius, space, text, touch } from "../../theme/tokens.js";
import { Button, ButtonLink } from "../../ui/button.js";
import { OopsInline } from "../../ui/oops.js";
import { EmptyState, Page, PageHeader, Spinner, sectionTitle, stack } from "../../ui/page.js";
import { WorkoutCard } from "../../ui/workout-card.js";
import { SeriesCard } from "../series/series-card.js";

/** The quiz: the server recommends from `level`, `focus` and `length` (minutes, an upper bound). */
const LEVELS = ["beginner", "intermediate", "advanced"] as const;
const FOCUS = ["full body", "upper body", "lower body", "core"] as const;
const LENGTHS = [15, 30, 45, 60] as const;

const group = css`border: 0; padding: 0; margin: 0; display: grid; gap: ${space[2]}px; legend { font-size: ${text.lg}px; font-weight: 800; margin-bottom: ${space[2]}px; }`;
const option = css`display: flex; align-items: center; gap: ${space[3]}px; min-height: ${touch + 8}px; padding: 0 ${space[4]}px; border-radius: ${radius.md}px;
  border: 1.5px solid ${color.line}; background: ${color.surface}; cursor: pointer; font-weight: 600;
  &:has(input:checked) { border-color: ${color.accent}; background: ${color.accentSoft}; } input { width: 20px; height: 20px; accent-color: ${color.accent}; }`;
const actions = css`display: flex; flex-wrap: wrap; gap: ${space[3]}px; align-items: center;`;
const grid = css`display: grid; gap: ${space[4]}px; grid-template-columns: repeat(auto-fill, minmax(220px, 1fr)); list-style: none; margin: 0; padding: 0;`;

interface OnboardingResult {
  id: string;
  workouts: Workout[];
  series: { id: string; slug: string; name: string; level: string } | null;
}

/** The path (and query) of a results URL, which the server answers absolute. */
const pathOfUrl = (url: string) => {
  const u = new URL(url, location.origin);
  return u.pathname + u.search;
};

/** The quiz's own address, keeping the page it interrupted (`next`) for the way out. */
const withNext = (path: string, next: string | null) =>
  next ? `${path}${path.includes("?") ? "&" : "?"}next=${encodeURIComponent(next)}` : path;

function Results({ id, next }: { id: string; next: string | null }) {
  const store = useStore();
  const [result, setResult] = useState<OnboardingResult | null | undefined>();
  useEffect(() => {
    const controller = new AbortController();
    // The route answers its result without a response schema (the contract's `unknown`): the shape is the one above.
    getOnboardingResult(store.api, id, controller.signal).then(
      (answer) => setResult(answer as OnboardingResult),
      () => !controller.signal.aborted && setResult(null),
    );
    return () => controller.abort();
  }, [id, store]);
  if (result === undefined)
    return (
      <Page>
        <Spinner />
      </Page>
    );
  if (result === null)
    return (
      <Page narrow>
        <EmptyState title={t("error.loading")}>
          <ButtonLink href="/onboarding">{t("onboarding.retake")}</ButtonLink>
        </EmptyState>
      </Page>
    );
  return (
    <Page>
      <PageHeader kicker={t("onboarding.kicker")} title={t("onboarding.resultsTitle")}>
        {t("onboarding.resultsLead")}
      </PageHeader>
      <div className={stack(space[6])}>
        {result.series ? (
          <section className={stack(space[3])} aria-labelledby="result-series">
            <h2 id="result-series" className={sectionTitle}>
              {t("onboarding.series")}
            </h2>
            <div style={{ maxWidth: 360 }}>
              <SeriesCard series={result.series} />
            </div>
          </section>
        ) : null}
        {result.workouts.length ? (
          <section className={stack(space[3])} aria-labelledby="result-workouts">
            <h2 id="result-workouts" className={sectionTitle}>
              {t("onboarding.workouts")}
            </h2>
            <ul className={grid}>
              {result.workouts.map((w) => (
                <li key={w.id}>
                  <WorkoutCard workout={w} base="/classes" />
                </li>
              ))}
            </ul>
          </section>
        ) : null}
        <div style={{ display: "flex", flexWrap: "wrap", gap: space[3] }}>
          {next ? (
            <ButtonLink href={next}>{t("onboarding.continueToNext")}</ButtonLink>
          ) : (
            <ButtonLink href="/welcome">{t("onboarding.continue")}</ButtonLink>
          )}
          <ButtonLink href={withNext("/onboarding", next)} variant="ghost">
            {t("onboarding.retake")}
          </ButtonLink>
        </div>
      </div>
    </Page>
  );
}

/**
 * /onboarding: three questions (level, focus, length); the answers are stored and the member lands on their results
 * (`/onboarding?results={id}`: a series and workouts recommended for them), then /welcome.
 */
export default function OnboardingPage() {
  const store = useStore();
  const [, navigate] = useLocation();
  const search = useSearch();
  const resultsId = new URLSearchParams(search).get("results");
  const next = onboardingNext(search);
  const [level, setLevel] = useState("");
  const [focus, setFocus] = useState<string[]>([]);
  const [length, setLength] = useState(0);
  const busy = useSignal(store.session.submitOnboarding.loading);
  const [error, setError] = useState("");
  if (resultsId) return <Results key={resultsId} id={resultsId} next={next} />;

  async function submit(e: React.FormEvent) {
    e.preventDefault();
    setError("");
    const result = await store.session.submitOnboarding.run({ level, focus, length });
    if (result?.results_url) navigate(withNext(pathOfUrl(result.results_url), next));
    else setError(t("error.loading"));
  }
  /** Not now: the redirect waits a week, and the member goes where they were going (else home). */
  function skip() {
    recordOnboardingSkip();
    navigate(next ?? "/home", { replace: true });
  }
  const radio = (name: string, value: string, labelKey: MessageKey, checked: boolean, onChange: () => void) => (
    <label key={value} className={option}>
      <input type="radio" name={name} value={value} checked={checked} onChange={onChange} />
      {t(labelKey)}
    </label>
  );
  return (
    <Page narrow>
      <PageHeader kicker={t("onboarding.kicker")} title={t("onboarding.title")}>
        {t("onboarding.lead")}
      </PageHeader>
      <form onSubmit={submit} style={{ display: "grid", gap: space[6] }}>
        <fieldset className={group}>
          <legend>{t("onboarding.level")}</legend>
          {LEVELS.map((l) => radio("level", l, `onboarding.level.${l}`, level === l, () => setLevel(l)))}
        </fieldset>
        <fieldset className={group}>
          <legend>{t("onboarding.focus")}</legend>
          {FOCUS.map((f) => (
            <label key={f} className={option}>
              <input
                type="checkbox"
                name="focus"
                value={f}
                checked={focus.includes(f)}
                onChange={(e) => setFocus(e.target.checked ? [...focus, f] : focus.filter((x) => x !== f))}
              />
              {t(`onboarding.focus.${f}`)}
            </label>
          ))}
        </fieldset>
        <fieldset className={group}>
          <legend>{t("onboarding.length")}</legend>
          {LENGTHS.map((n) => radio("length", String(n), `onboarding.length.${n}`, length === n, () => setLength(n)))}
        </fieldset>
        <OopsInline message={error} />
        <div className={actions}>
          <Button type="submit" disabled={!level || !focus.length || !length || busy}>
            {t("onboarding.submit")}
          </Button>
          <Button type="button" variant="ghost" onClick={skip}>
            {t("onboarding.skip")}
          </Button>
        </div>
      </form>
    </Page>
  );
}
