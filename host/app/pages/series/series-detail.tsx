import { useEffect, useState } from "react";
import { useLocation, useParams } from "wouter";
import { css } from "goober";
import { ApiError } from "../../../../src/api/index.js";
import { nextSeriesWorkout, seriesCompletion } from "../../../../src/domain/index.js";
import { t, plural } from "../../../../src/i18n/index.js";
import { useStore } from "../../lib/store.js";
import { useSignal } from "../../lib/use-signal.js";
import { useSession } from "../../lib/session.js";
import { signInFor } from "../../lib/redirect.js";
import { bp, color, radius, space, text, up } from "../../theme/tokens.js";
import { Button, ButtonLink } from "../../ui/button.js";
import { Facts } from "../../ui/facts.js";
import { dateLabel, label } from "../../ui/format.js";
import { Modal, modalActions } from "../../ui/modal.js";
import { SuccessNote } from "../../ui/notice.js";
import { OopsModal } from "../../ui/oops.js";
import { EmptyState, Page, Spinner, card, eyebrow, pageTitle, sectionTitle, stack } from "../../ui/page.js";
import { ProgressBar } from "../../ui/progress.js";
import { ReadMore } from "../../ui/read-more.js";
import { WorkoutCard } from "../../ui/workout-card.js";
import { chaptersOf, type SeriesView } from "./series-facts.js";
import { useSeriesEnrollment } from "./use-series-enrollment.js";

const hero = css`display: grid; gap: ${space[5]}px; margin-bottom: ${space[6]}px; ${up(bp.md)} { grid-template-columns: 1.1fr 1fr; align-items: center; }`;
const heroImage = css`aspect-ratio: 16 / 9; width: 100%; object-fit: cover; border-radius: ${radius.lg}px; background: ${color.sunken};`;
const meta = css`display: flex; flex-wrap: wrap; gap: ${space[2]}px ${space[4]}px; color: ${color.muted}; font-size: ${text.sm}px; font-weight: 700;`;
const actions = css`display: flex; flex-wrap: wrap; gap: ${space[3]}px; align-items: center;`;
const enrolledBadge = css`display: inline-flex; align-items: center; gap: 6px; min-height: 44px; padding: 0 16px; border-radius: ${radius.pill}px;
  background: ${color.successSoft}; color: ${color.success}; font-weight: 800; font-size: ${text.sm}px; letter-spacing: .08em; text-transform: uppercase;
  &::before { content: "✓"; }`;
const pausedBadge = css`display: inline-flex; align-items: center; min-height: 44px; padding: 0 16px; border-radius: ${radius.pill}px;
  background: ${color.sunken}; color: ${color.ink}; font-weight: 800; font-size: ${text.sm}px; letter-spacing: .08em; text-transform: uppercase;`;
const pausedNote = css`display: grid; gap: 4px; padding: ${space[3]}px ${space[4]}px; border-radius: ${radius.md}px; background: ${color.sunken};
  strong { font-weight: 800; } span { color: ${color.muted}; font-size: ${text.sm}px; }`;
const layout = css`display: grid; gap: ${space[6]}px; ${up(bp.md)} { grid-template-columns: minmax(0, 2fr) minmax(280px, 1fr); align-items: start; }`;
const grid = css`display: grid; gap: ${space[3]}px; grid-template-columns: repeat(auto-fill, minmax(150px, 1fr)); list-style: none; margin: 0; padding: 0; ${up(bp.sm)} { gap: ${space[4]}px; grid-template-columns: repeat(auto-fill, minmax(220px, 1fr)); }`;
// On phones the member's next workout and progress come before the long schedule.
const side = css`display: grid; gap: ${space[4]}px; align-content: start; order: -1; ${up(bp.md)} { order: 0; }`;
const chapterTitle = css`font-size: ${text.md}px; font-weight: 800;`;
const done = css`display: grid; gap: ${space[4]}px; justify-items: center; text-align: center; padding: ${space[7]}px ${space[5]}px; border-radius: ${radius.lg}px;
  background: ${color.ink}; color: #fff; margin-bottom: ${space[6]}px;
  h2 { font-size: ${text.display}px; letter-spacing: .04em; } p { color: #e9e6e1; }
  div { display: flex; flex-wrap: wrap; gap: ${space[3]}px; justify-content: center; }`;
const sideCard = `${card} ${css`display: grid; gap: ${space[4]}px;`}`;

const imageOf = (series: SeriesView) =>
  series.image_url
    ? `${series.image_url}${series.image_url.includes("?") ? "&" : "?"}width=960&height=540&fit_mode=crop`
    : undefined;

/**
 * /series/{slug}: the series page of product facts. Everyone sees the title, description (Read More / Read Less),
 * Before You Start, the suggested schedule by chapter and Additional content. Visitors get Join Now; members not
 * enrolled get Join Series and the Trainers, Equipment Used, Class Types and Focus facts; enrolled members get
 * Enrolled, Start Series (nothing done yet) or Continue, Leave Series (with the spec's confirmation), Your Next
 * Workout and Overall Progress; a finished series shows "YOU DID IT!". An enrolled member can pause the series
 * ("vacation": progress kept, "Paused since …") and resume it, each after a confirmation in the spec's style.
 */
export default function SeriesDetailPage() {
  const store = useStore();
  const session = useSession();
  const [, navigate] = useLocation();
  const { slug } = useParams<"/series/:slug">();
  const series = useSignal<SeriesView | undefined>(store.series.detail.data);
  const loadError = useSignal(store.series.detail.error);
  const categories = useSignal(store.catalogue.categories.data);
  const joining = useSignal(store.series.join.loading);
  const leaving = useSignal(store.series.leave.loading);
  const pausing = useSignal(store.series.pause.loading);
  const resuming = useSignal(store.series.resume.loading);
  const [confirm, setConfirm] = useState<"leave" | "pause" | "resume" | null>(null);
  const [failure, setFailure] = useState("");
  const [notice, setNotice] = useState("");
  useEffect(() => void store.series.detail.load(slug), [slug, store]);
  useEffect(() => void store.catalogue.categories.load(), [store]);
  const current = series?.slug === slug || series?.id === slug ? series : undefined;
  const { ready, enrollment, completed: finished } = useSeriesEnrollment(current?.id);

  if (!current) {
    if (loadError) {
      const missing = loadError instanceof ApiError && loadError.status === 404;
      return (
        <Page>
          <EmptyState title={missing ? t("series.notFound") : t("error.loading")}>
            <ButtonLink href="/series/all-series">{t("action.lookForAnotherSeries")}</ButtonLink>
          </EmptyState>
        </Page>
      );
    }
    return (
      <Page>
        <Spinner />
      </Page>
    );
  }

  const base = `/series/${current.slug}`;
  const items = current.items ?? [];
  const { completed, total } = seriesCompletion(enrollment);
  const nextId = nextSeriesWorkout(enrollment);
  const next = items.find((w) => w.id === nextId);
  const statusOf = new Map(enrollment?.series_state.workouts.map((w) => [w.workout_id, w.status]));
  const enrolled = !!enrollment && !finished;
  const paused = enrolled && !!enrollment.paused;
  const chapterProgress = (enrollment?.progress_summary.chapter_progress ?? []) as {
    chapter: number;
    title: string;
    completed: number;
    total: number;
  }[];
  const categoryName = (s: string) => categories?.find((c) => c.slug === s)?.name ?? label(s.replace(/-/g, " "));
  const related = (current.relatedContent ?? []).filter((r) => (r as { name?: string }).name !== "before-you-start");
  const image = imageOf(current);

  async function join() {
    setFailure("");
    if (!(await store.series.join.run(current!.id))) setFailure(t("error.unexpected"));
  }
  async function leave() {
    const answer = await store.series.leave.run(current!.id);
    setConfirm(null);
    if (!answer) setFailure(t("error.unexpected"));
  }
  async function pauseOrResume(kind: "pause" | "resume") {
    setNotice("");
    const answer = await store.series[kind].run(current!.id);
    setConfirm(null);
    if (!answer) return setFailure(t("error.unexpected"));
    setNotice(t(kind === "pause" ? "pause.pausedSuccess" : "pause.resumedSuccess", { name: current!.name }));
  }

  const action = !session.signedIn ? (
    <ButtonLink href={signInFor(base)}>{t("series.joinNow")}</ButtonLink>
  ) : !ready ? null : enrolled ? (
    <>
      <span className={enrolledBadge}>{t("series.enrolled")}</span>
      {paused ? (
        <>
          <span className={pausedBadge}>{t("pause.paused")}</span>
          <Button onClick={() => setConfirm("resume")}>{t("pause.resumeSeries")}</Button>
        </>
      ) : (
        <>
          {next ? (
            <ButtonLink href={`/classes/video/${encodeURIComponent(next.slug)}`}>
              {t(completed ? "series.continue" : "series.start")}
            </ButtonLink>
          ) : null}
          <Button variant="secondary" onClick={() => setConfirm("pause")}>
            {t("pause.series")}
          </Button>
        </>
      )}
      <Button variant="ghost" onClick={() => setConfirm("leave")}>
        {t("series.leave")}
      </Button>
    </>
  ) : finished ? null : (
    <Button disabled={joining} onClick={join}>
      {t("series.join")}
    </Button>
  );

  return (
    <Page>
      {finished ? (
        <section className={done} aria-labelledby="done-title">
          <h2 id="done-title">{t("success.seriesCompleted")}</h2>
          <p>{t("series.completedNote", { series: current.name })}</p>
          <div>
            <ButtonLink href="/series" variant="inverse">
              {t("action.lookForAnotherSeries")}
            </ButtonLink>
            <Button
              variant="secondary"
              style={{ color: "#fff", borderColor: "#fff" }}
              onClick={() => navigate("/home")}
            >
              {t("action.backToHome")}
            </Button>
          </div>
        </section>
      ) : null}
      <header className={hero}>
        {image ? <img className={heroImage} src={image} alt="" width={960} height={540} /> : null}
        <div className={stack(space[3])}>
          <p className={eyebrow}>{t("series.kicker")}</p>
          <h1 className={pageTitle}>{current.name}</h1>
          <p className={meta}>
            {current.level ? <span>{current.level}</span> : null}
            <span>{plural("series.workoutCount", items.length || current.workoutsCount || 0)}</span>
            {current.totalMinutes ? <span>{t("series.totalMinutes", { minutes: current.totalMinutes })}</span> : null}
          </p>
          {current.description ? <ReadMore>{current.description}</ReadMore> : null}
          <div className={actions}>{action}</div>
          {paused ? (
            <p className={pausedNote}>
              <strong>{t("pause.pausedSince", { date: dateLabel(enrollment.paused_at) })}</strong>
              <span>{t("pause.seriesNote")}</span>
            </p>
          ) : null}
          <SuccessNote>{notice}</SuccessNote>
          {!session.signedIn ? (
            <p style={{ color: color.muted, fontSize: text.sm }}>{t("series.signInToJoin")}</p>
          ) : null}
        </div>
      </header>

      <div className={layout}>
        <div className={stack(space[6])}>
          {current.before_you_start || current.suggested_schedule ? (
            <section className={stack(space[3])} aria-labelledby="before-title">
              <h2 id="before-title" className={sectionTitle}>
                {t("series.beforeYouStart")}
              </h2>
              {current.before_you_start ? <p>{current.before_you_start}</p> : null}
              {current.suggested_schedule ? (
                <p>
                  <strong>{t("series.suggestedSchedule")}: </strong>
                  {current.suggested_schedule}
                </p>
              ) : null}
            </section>
          ) : null}

          <section className={stack(space[4])} aria-labelledby="plan-title">
            <h2 id="plan-title" className={sectionTitle}>
              {t("series.suggestedSchedule")}
            </h2>
            {chaptersOf(current).map((chapter) => (
              <div key={chapter.chapter} className={stack(space[3])}>
                {chapter.title ? (
                  <h3 className={chapterTitle}>
                    {t("series.chapter", { chapter: chapter.chapter, title: chapter.title })}
                  </h3>
                ) : null}
                <ul className={grid}>
                  {chapter.workouts.map((w) => (
                    <li key={w.id}>
                      <WorkoutCard
                        workout={w}
                        base={base}
                        highlight={
                          enrolled && w.id === nextId
                            ? t("series.upNext")
                            : statusOf.get(w.id) === "completed"
                              ? t("series.workoutDone")
                              : undefined
                        }
                      />
                    </li>
                  ))}
                </ul>
              </div>
            ))}
          </section>

          {related.length ? (
            <section className={stack(space[4])} aria-labelledby="related-title">
              <h2 id="related-title" className={sectionTitle}>
                {t("series.additionalContent")}
              </h2>
              {related.map((r) => (
                <div key={r.name} className={stack(space[3])}>
                  {r.title && r.title.toLowerCase() !== t("series.additionalContent").toLowerCase() ? (
                    <h3 className={chapterTitle}>{r.title}</h3>
                  ) : null}
                  {r.description ? <p style={{ color: color.muted }}>{r.description}</p> : null}
                  {r.workouts.length ? (
                    <ul className={grid}>
                      {r.workouts.map((w) => (
                        <li key={w.id}>
                          <WorkoutCard workout={w} base={base} />
                        </li>
                      ))}
                    </ul>
                  ) : null}
                </div>
              ))}
            </section>
          ) : null}
        </div>

        <aside className={side} aria-label={current.name}>
          {enrolled ? (
            <>
              {next ? (
                <section className={sideCard} aria-labelledby="next-title">
                  <h2 id="next-title" className={sectionTitle}>
                    {t("series.nextWorkout")}
                  </h2>
                  <WorkoutCard workout={next} base={base} />
                  {paused ? null : (
                    <ButtonLink href={`/classes/video/${encodeURIComponent(next.slug)}`} full>
                      {t(completed ? "series.continue" : "series.start")}
                    </ButtonLink>
                  )}
                </section>
              ) : null}
              <section className={sideCard} aria-labelledby="progress-title">
                <h2 id="progress-title" className={sectionTitle}>
                  {t("series.overallProgress")}
                </h2>
                <ProgressBar
                  value={completed}
                  max={total}
                  label={t("series.overallProgress")}
                  caption={t("series.progress", { completed, total })}
                />
                {chapterProgress.map((c) => (
                  <ProgressBar
                    key={c.chapter}
                    value={c.completed}
                    max={c.total}
                    label={c.title}
                    caption={`${c.title}: ${t("series.progress", { completed: c.completed, total: c.total })}`}
                  />
                ))}
              </section>
            </>
          ) : (
            <section className={sideCard} aria-labelledby="facts-title">
              <h2 id="facts-title" className="visually-hidden">
                {current.name}
              </h2>
              <Facts
                groups={[
                  { term: t("series.trainers"), values: current.trainers },
                  { term: t("series.equipmentUsed"), values: current.equipment },
                  { term: t("series.classTypes"), values: current.classTypes.map(categoryName) },
                  { term: t("series.focus"), values: current.focus },
                ]}
              />
            </section>
          )}
        </aside>
      </div>

      <Modal open={confirm === "leave"} title={t("series.leave")} onClose={() => setConfirm(null)}>
        <p>{t("confirm.leaveSeries", { series: current.name })}</p>
        <div className={modalActions}>
          <Button variant="secondary" onClick={() => setConfirm(null)}>
            {t("action.goBack")}
          </Button>
          <Button disabled={leaving} onClick={leave}>
            {t("action.yesLeaveSeries")}
          </Button>
        </div>
      </Modal>
      <Modal open={confirm === "pause"} title={t("pause.series")} onClose={() => setConfirm(null)}>
        <p>{t("confirm.pauseSeries", { series: current.name })}</p>
        <div className={modalActions}>
          <Button variant="secondary" onClick={() => setConfirm(null)}>
            {t("action.goBack")}
          </Button>
          <Button disabled={pausing} onClick={() => pauseOrResume("pause")}>
            {t("action.yesPauseSeries")}
          </Button>
        </div>
      </Modal>
      <Modal open={confirm === "resume"} title={t("pause.resumeSeries")} onClose={() => setConfirm(null)}>
        <p>{t("confirm.resumeSeries", { series: current.name })}</p>
        <div className={modalActions}>
          <Button variant="secondary" onClick={() => setConfirm(null)}>
            {t("action.goBack")}
          </Button>
          <Button disabled={resuming} onClick={() => pauseOrResume("resume")}>
            {t("action.yesResumeSeries")}
          </Button>
        </div>
      </Modal>
      <OopsModal message={failure} onClose={() => setFailure("")} />
    </Page>
  );
}
