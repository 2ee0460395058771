import { useEffect } from "react";
import { css } from "goober";
import { t } from "../../../../src/i18n/index.js";
import { useStore } from "../../lib/store.js";
import { useSignal } from "../../lib/use-signal.js";
import { useSession } from "../../lib/session.js";
import { itemsOf } from "../../lib/content.js";
import { color, radius, space, text } from "../../theme/tokens.js";
import { ButtonLink } from "../../ui/button.js";
import { Page, PageHeader, card, stack } from "../../ui/page.js";

type WelcomeEntry = { name?: string; value?: { title?: string; body?: string; steps?: string[] } };

const steps = css`list-style: none; margin: 0; padding: 0; display: grid; gap: ${space[2]}px; counter-reset: step;
  li { counter-increment: step; display: flex; align-items: center; gap: ${space[3]}px; font-weight: 700; }
  li::before { content: counter(step); display: grid; place-items: center; width: 32px; height: 32px; flex: none; border-radius: ${radius.pill}px; background: ${color.accent}; color: #fff; font-size: ${text.sm}px; }`;

/** /welcome: the first stop after the quiz: the welcome content, the member's results and where to start. */
export default function WelcomePage() {
  const store = useStore();
  const session = useSession();
  const results = useSignal(store.session.onboardingResults.data);
  const content = useSignal(store.content.welcome.data);
  useEffect(() => void store.session.onboardingResults.load(), [store]);
  useEffect(() => void store.content.welcome.load(), [store]);
  const entries = itemsOf<WelcomeEntry>(content);
  const intro = entries.find((e) => e.value?.title)?.value;
  const list = entries.find((e) => e.value?.steps?.length)?.value?.steps ?? [];
  const resultsPath = results?.results_url
    ? new URL(results.results_url, location.origin).pathname + new URL(results.results_url, location.origin).search
    : "";
  return (
    <Page narrow>
      <PageHeader
        kicker={intro?.title ?? t("onboarding.kicker")}
        title={t("welcome.title", { name: session.claims?.given_name ?? "" })}
      >
        {intro?.body ?? t("welcome.lead")}
      </PageHeader>
      <div className={stack(space[5])}>
        {list.length ? (
          <section className={card}>
            <ol className={steps}>
              {list.map((s) => (
                <li key={s}>{s}</li>
              ))}
            </ol>
          </section>
        ) : null}
        <div className={stack(space[3])}>
          {resultsPath ? (
            <ButtonLink href={resultsPath} full>
              {t("welcome.results")}
            </ButtonLink>
          ) : null}
          <ButtonLink href="/series" variant="secondary" full>
            {t("welcome.startSeries")}
          </ButtonLink>
          <ButtonLink href="/classes" variant="secondary" full>
            {t("welcome.findClass")}
          </ButtonLink>
          <ButtonLink href="/home" variant="ghost" full>
            {t("welcome.goHome")}
          </ButtonLink>
        </div>
      </div>
    </Page>
  );
}
