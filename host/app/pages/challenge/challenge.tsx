import { useCallback, useEffect, useState } from "react";
import { Link, useParams } from "wouter";
import { css } from "goober";
import { challengeStanding } from "../../../../src/domain/index.js";
import { t } from "../../../../src/i18n/index.js";
import { useStore } from "../../lib/store.js";
import { useSignal } from "../../lib/use-signal.js";
import { useSession } from "../../lib/session.js";
import { itemsOf } from "../../lib/content.js";
import { signInFor } from "../../lib/redirect.js";
import { bp, color, radius, space, text, up } from "../../theme/tokens.js";
import { Button, ButtonLink } from "../../ui/button.js";
import { OopsModal } from "../../ui/oops.js";
import { EmptyState, Page, PageHeader, Spinner, card, sectionTitle, stack } from "../../ui/page.js";
import { ProgressBar } from "../../ui/progress.js";
import { FALL_2022, byWeek, dateRange, isOver } from "./challenge-data.js";
import { getChallenges, updateChallengeAttribute } from "../../../../src/api/index.js";
import type { Challenge } from "../../../../src/api/types.js";

const cards = css`display: grid; gap: ${space[4]}px; ${up(bp.md)} { grid-template-columns: repeat(2, 1fr); }`;
const weeks = css`display: grid; gap: ${space[4]}px; ${up(bp.sm)} { grid-template-columns: repeat(2, 1fr); } ${up(bp.lg)} { grid-template-columns: repeat(3, 1fr); }
  ol { list-style: none; margin: 0; padding: 0; display: grid; gap: ${space[1]}px; }
  a { display: flex; align-items: center; justify-content: space-between; gap: ${space[2]}px; min-height: 44px; font-weight: 700; font-size: ${text.sm}px; }
  a span { color: ${color.muted}; font-weight: 600; white-space: nowrap; }`;
const faq = css`display: grid; gap: ${space[2]}px; details { background: ${color.surface}; border: 1px solid ${color.line}; border-radius: ${radius.md}px; padding: ${space[2]}px ${space[4]}px; }
  summary { cursor: pointer; font-weight: 700; min-height: 44px; display: flex; align-items: center; } p { padding-bottom: ${space[3]}px; }`;
const complete = css`color: ${color.success}; font-weight: 800;`;
const tick = css`color: ${color.success}; font-weight: 800;`;

type Faq = { name?: string; value?: { question?: string; answer?: string } };

/** The member's challenges (every challenge with their progress) and joining one. */
function useChallenges(signedIn: boolean) {
  const store = useStore();
  const [list, setList] = useState<Challenge[] | undefined>();
  const [failed, setFailed] = useState(false);
  const load = useCallback(
    (signal?: AbortSignal) =>
      getChallenges(store.api, signal).then(
        (a) => setList(a.items),
        () => !signal?.aborted && setFailed(true),
      ),
    [store],
  );
  useEffect(() => {
    if (!signedIn) return;
    const controller = new AbortController();
    void load(controller.signal);
    return () => controller.abort();
  }, [signedIn, load]);
  async function join(id: string) {
    const joined = (list ?? []).filter((c) => c.joined).map((c) => c.id);
    await updateChallengeAttribute(store.api, { challenges: [...new Set([...joined, id])] });
    await load();
  }
  return { list, failed, join };
}

/**
 * The member's progress against the goal: capped at the goal ("12 of 12 — challenge complete"), the real count beside
 * it.
 */
function Progress({ challenge }: { challenge: Challenge }) {
  const { completed, on_demand, live } = challenge.progress;
  const standing = challengeStanding(completed, challenge.workout_target);
  const caption = t(standing.complete ? "challenge.progressComplete" : "challenge.progress", {
    done: standing.counted,
    target: standing.target,
  });
  return (
    <div className={stack(space[2])}>
      <ProgressBar
        value={standing.counted}
        max={standing.target}
        label={t("challenge.progressTitle")}
        caption={caption}
      />
      <p style={{ color: color.muted, fontSize: text.sm }}>{t("challenge.split", { onDemand: on_demand, live })}</p>
      {standing.beyond ? (
        <p className={complete}>
          {t("challenge.beyond", { done: completed, beyond: standing.beyond, target: standing.target })}
        </p>
      ) : null}
    </div>
  );
}

function Rules({
  challenge,
  title = t("challenge.rulesTitle"),
}: {
  challenge: Pick<Challenge, "workout_target" | "start_time" | "end_time" | "reward">;
  title?: string;
}) {
  const [start, end] = dateRange(challenge);
  return (
    <section className={stack(space[3])} aria-labelledby="rules-title">
      <h2 id="rules-title" className={sectionTitle}>
        {title}
      </h2>
      <p>{t("challenge.rules", { target: challenge.workout_target, start, end })}</p>
      <p>{t("challenge.openTo")}</p>
      {challenge.reward ? (
        <>
          <h3 style={{ fontWeight: 800 }}>{t("challenge.rewardTitle")}</h3>
          <p>{t("challenge.reward")}</p>
        </>
      ) : null}
    </section>
  );
}

function FaqList({ slug }: { slug?: string }) {
  const store = useStore();
  const data = useSignal(store.content.faq.data);
  useEffect(() => void store.content.faq.load(), [store]);
  const all = itemsOf<Faq>(data).filter((f) => f.value?.question && f.name?.startsWith("challenge-"));
  const entries = slug ? all.filter((f) => f.name!.startsWith(`challenge-${slug}`)) : all;
  if (!entries.length) return null;
  return (
    <section className={faq} aria-labelledby="faq-title">
      <h2 id="faq-title" className={sectionTitle}>
        {t("challenge.faq")}
      </h2>
      {entries.map((f) => (
        <details key={f.name}>
          <summary>{f.value!.question}</summary>
          <p>{f.value!.answer}</p>
        </details>
      ))}
    </section>
  );
}

/** The challenge's workouts the member completed inside its window (from their history), to tick them off. */
function useDoneInWindow(challenge: Challenge) {
  const store = useStore();
  const history = useSignal(store.activity.history.data);
  useEffect(() => void store.activity.history.reload(), [store]);
  const start = Date.parse(challenge.start_time);
  const end = Date.parse(challenge.end_time);
  return new Set(
    (history?.items ?? [])
      .filter(
        (h) =>
          h.is_completed && h.completed_at && Date.parse(h.completed_at) >= start && Date.parse(h.completed_at) <= end,
      )
      .map((h) => h.workout_id),
  );
}

/** One challenge: welcome, dates, join, progress, the workouts by week with links, rules and reward, FAQ. */
function ChallengeDetail({ challenge, join }: { challenge: Challenge; join: (id: string) => Promise<void> }) {
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState("");
  const over = isOver(challenge);
  const [start, end] = dateRange(challenge);
  const done = useDoneInWindow(challenge);
  return (
    <Page>
      <PageHeader kicker={t("challenge.kicker")} title={challenge.name}>
        {challenge.description}
      </PageHeader>
      <div className={stack(space[6])}>
        <section className={card} aria-labelledby="progress-title">
          <div className={stack(space[3])}>
            <p style={{ fontWeight: 800 }}>
              {t("challenge.dates", { start, end })} · {t(over ? "challenge.ended" : "challenge.ends", { date: end })}
            </p>
            <h2 id="progress-title" className={sectionTitle}>
              {t("challenge.progressTitle")}
            </h2>
            <Progress challenge={challenge} />
            {challenge.joined ? (
              <p style={{ fontWeight: 800, color: color.success }}>✓ {t("challenge.joined")}</p>
            ) : !over ? (
              <div>
                <Button
                  disabled={busy}
                  onClick={async () => {
                    setBusy(true);
                    await join(challenge.id).catch(() => setFailure(t("error.unexpected")));
                    setBusy(false);
                  }}
                >
                  {t("challenge.join")}
                </Button>
              </div>
            ) : null}
          </div>
        </section>
        <section className={stack(space[3])} aria-labelledby="workouts-title">
          <h2 id="workouts-title" className={sectionTitle}>
            {t("challenge.workoutsTitle")}
          </h2>
          <div className={weeks}>
            {byWeek(challenge).map(([week, list]) => (
              <div key={week} className={card}>
                <h3 style={{ fontWeight: 800, marginBottom: space[2] }}>{t("challenge.week", { week })}</h3>
                <ol>
                  {list.map((w) => (
                    <li key={w.workout_id}>
                      {w.workout.slug ? (
                        <Link href={`/classes/detail/${encodeURIComponent(w.workout.slug)}`}>
                          {w.workout.name}
                          <span>
                            {done.has(w.workout_id) ? (
                              <span className={tick}>✓ {t("series.workoutDone")}</span>
                            ) : (
                              t("workout.minutes", { minutes: w.workout.duration })
                            )}
                          </span>
                        </Link>
                      ) : (
                        <span>{w.workout.name}</span>
                      )}
                    </li>
                  ))}
                </ol>
              </div>
            ))}
          </div>
        </section>
        <Rules challenge={challenge} />
        <FaqList slug={challenge.slug} />
      </div>
      <OopsModal message={failure} onClose={() => setFailure("")} />
    </Page>
  );
}

/**
 * /challenge: the challenge home (the current challenge and the fall 2022 challenge with the member's progress, the
 * rules and reward, FAQ); /challenge/{slug}: one challenge. Visitors read the rules and are asked to log in.
 */
export default function ChallengePage() {
  const session = useSession();
  const { slug } = useParams<{ slug?: string }>(); // /challenge has none
  const { list, failed, join } = useChallenges(session.signedIn);
  const here = slug ? `/challenge/${slug}` : "/challenge";

  if (slug && session.signedIn) {
    const challenge = list?.find((c) => c.slug === slug || c.id === slug);
    if (challenge) return <ChallengeDetail challenge={challenge} join={join} />;
    if (list || failed)
      return (
        <Page>
          <EmptyState title={failed ? t("error.loading") : t("challenge.notFound")}>
            <ButtonLink href="/challenge">{t("challenge.title")}</ButtonLink>
          </EmptyState>
        </Page>
      );
    return (
      <Page>
        <Spinner />
      </Page>
    );
  }

  const now = Date.now();
  const current = list?.find((c) => Date.parse(c.start_time) <= now && now <= Date.parse(c.end_time));
  const fall = list?.find((c) => c.slug === FALL_2022.slug);
  const shown = [current, fall].filter((c): c is Challenge => !!c);
  return (
    <Page>
      <PageHeader kicker={t("challenge.kicker")} title={t("challenge.title")}>
        {t("challenge.lead")}
      </PageHeader>
      <div className={stack(space[6])}>
        {!session.signedIn ? (
          <EmptyState title={t("challenge.signIn")}>
            <ButtonLink href={signInFor(here)}>{t("challenge.logIn")}</ButtonLink>
          </EmptyState>
        ) : failed ? (
          <p role="alert">{t("error.loading")}</p>
        ) : !list ? (
          <Spinner />
        ) : (
          <div className={cards}>
            {shown.map((c) => {
              const [start, end] = dateRange(c);
              return (
                <section key={c.id} className={card} aria-labelledby={`ch-${c.id}`}>
                  <div className={stack(space[3])}>
                    <p
                      style={{
                        fontSize: text.xs,
                        fontWeight: 800,
                        letterSpacing: ".16em",
                        textTransform: "uppercase",
                        color: color.accent,
                      }}
                    >
                      {t(c === current ? "challenge.current" : "challenge.fall2022")}
                    </p>
                    <h2 id={`ch-${c.id}`} style={{ fontSize: text.xl, fontWeight: 800 }}>
                      {c.name}
                    </h2>
                    <p style={{ color: color.muted }}>{t("challenge.dates", { start, end })}</p>
                    <Progress challenge={c} />
                    <div>
                      <ButtonLink href={`/challenge/${c.slug}`} variant="secondary">
                        {t("challenge.view")}
                      </ButtonLink>
                    </div>
                  </div>
                </section>
              );
            })}
          </div>
        )}
        <Rules challenge={fall ?? FALL_2022} title={`${t("challenge.fall2022")}: ${t("challenge.rulesTitle")}`} />
        <FaqList slug={FALL_2022.slug} />
      </div>
    </Page>
  );
}
