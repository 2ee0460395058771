import { useState } from "react";
import { useLocation } from "wouter";
import { css } from "goober";
import { t } from "../../../../src/i18n/index.js";
import { useStore } from "../../lib/store.js";
import { useSignal } from "../../lib/use-signal.js";
import { color, radius, space, text, touch } from "../../theme/tokens.js";
import { Button } from "../../ui/button.js";
import { FormError } from "../../ui/field.js";
import { Page, PageHeader } from "../../ui/page.js";

const QUESTIONS = [
  { key: "goal", label: "What is your main goal?", options: ["Build strength", "Tone and sculpt", "Improve mobility", "Reduce stress"] },
  { key: "experience", label: "How familiar are you with the method?", options: ["Brand new", "I've tried a few classes", "I train regularly"] },
  { key: "time", label: "How long do you like to work out?", options: ["5-15 min", "16-25 min", "26-45 min", "45+ min"] },
] as const;

const group = css`border: 0; padding: 0; margin: 0; display: grid; gap: ${space[2]}px; legend { font-size: ${text.lg}px; font-weight: 800; margin-bottom: ${space[2]}px; }`;
const option = css`display: flex; align-items: center; gap: ${space[3]}px; min-height: ${touch + 8}px; padding: 0 ${space[4]}px; border-radius: ${radius.md}px;
  border: 1.5px solid ${color.line}; background: ${color.surface}; cursor: pointer; font-weight: 600;
  &:has(input:checked) { border-color: ${color.accent}; background: ${color.accentSoft}; } input { width: 20px; height: 20px; accent-color: ${color.accent}; }`;

/** /onboarding: a short quiz; its results send the member to their recommendations (welcome page). */
export default function OnboardingPage() {
  const store = useStore();
  const [, navigate] = useLocation();
  const [answers, setAnswers] = useState<Record<string, string>>({});
  const busy = useSignal(store.session.submitOnboarding.loading);
  const [error, setError] = useState("");
  const complete = QUESTIONS.every((q) => answers[q.key]);
  async function submit(e: React.FormEvent) {
    e.preventDefault();
    const result = await store.session.submitOnboarding.run(answers);
    if (result) navigate("/welcome");
    else setError(t("error.loading"));
  }
  return (
    <Page narrow>
      <PageHeader kicker="Welcome" title="Let's find your fit">Three quick questions and we'll recommend where to start.</PageHeader>
      <form onSubmit={submit} style={{ display: "grid", gap: space[6] }}>
        <FormError>{error}</FormError>
        {QUESTIONS.map((q) => (
          <fieldset key={q.key} className={group}>
            <legend>{q.label}</legend>
            {q.options.map((o) => (
              <label key={o} className={option}>
                <input type="radio" name={q.key} value={o} checked={answers[q.key] === o} onChange={() => setAnswers({ ...answers, [q.key]: o })} />
                {o}
              </label>
            ))}
          </fieldset>
        ))}
        <Button type="submit" disabled={!complete || busy}>See my results</Button>
      </form>
    </Page>
  );
}
