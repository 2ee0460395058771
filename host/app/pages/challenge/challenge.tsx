import { useEffect } from "react";
import { css } from "goober";
import { useStore } from "../../lib/store.js";
import { useSignal } from "../../lib/use-signal.js";
import { useSession } from "../../lib/session.js";
import { itemsOf } from "../../lib/content.js";
import { color, radius, space, text } from "../../theme/tokens.js";
import { Page, PageHeader, Spinner, card, sectionTitle, stack } from "../../ui/page.js";

const bar = css`height: 12px; border-radius: 999px; background: ${color.sunken}; overflow: hidden; > span { display: block; height: 100%; background: ${color.accent}; }`;
const faq = css`display: grid; gap: ${space[2]}px; details { background: ${color.surface}; border: 1px solid ${color.line}; border-radius: ${radius.md}px; padding: ${space[3]}px ${space[4]}px; }
  summary { cursor: pointer; font-weight: 700; min-height: 44px; display: flex; align-items: center; }`;

type Faq = { name?: string; value?: { question?: string; answer?: string } };

/** The challenge home: the current challenge, the member's progress and the FAQ. */
export default function ChallengePage() {
  const store = useStore();
  const session = useSession();
  const challenge = useSignal(store.activity.challenge.data);
  const progress = useSignal(store.activity.challengeProgress);
  const faqData = useSignal(store.content.faq.data);
  useEffect(() => {
    void store.content.faq.load();
    if (session.signedIn) {
      void store.activity.challenge.load();
      void store.activity.history.load();
    }
  }, [session.signedIn, store]);
  const entries = itemsOf<Faq>(faqData).filter((f) => f.value?.question);
  return (
    <Page>
      <PageHeader kicker="Challenge" title={(challenge?.name as string | undefined) ?? "The Challenge"}>
        Complete the workouts within the challenge window to earn your reward. Open to anyone with a membership.
      </PageHeader>
      <div className={stack(space[6])}>
        {session.signedIn ? (
          !challenge ? <Spinner /> : (
            <section className={card} aria-labelledby="progress-title">
              <h2 id="progress-title" className={sectionTitle}>Your progress</h2>
              {progress ? (
                <div className={stack(space[2])} style={{ marginTop: space[3] }}>
                  <p style={{ fontSize: text.xl, fontWeight: 800 }}>{progress.done} of {progress.target} workouts</p>
                  <div className={bar} role="progressbar" aria-label="Challenge progress" aria-valuemin={0} aria-valuemax={progress.target} aria-valuenow={progress.done}>
                    <span style={{ width: `${Math.min(100, (progress.done / Math.max(1, progress.target)) * 100)}%` }} />
                  </div>
                  <p style={{ color: color.muted }}>Ends {new Date(challenge.end_time).toLocaleDateString("en-US", { month: "long", day: "numeric", year: "numeric" })}</p>
                </div>
              ) : null}
            </section>
          )
        ) : null}
        {entries.length ? (
          <section className={faq} aria-labelledby="faq-title">
            <h2 id="faq-title" className={sectionTitle}>FAQ</h2>
            {entries.map((f) => <details key={f.name ?? f.value!.question}><summary>{f.value!.question}</summary><p>{f.value!.answer}</p></details>)}
          </section>
        ) : null}
      </div>
    </Page>
  );
}
