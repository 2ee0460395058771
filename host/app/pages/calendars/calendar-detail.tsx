import { useEffect, useState } from "react";
import { Link, useParams } from "wouter";
import { css } from "goober";
import { ApiError } from "../../../../src/api/index.js";
import { t, currentLocale, plural } from "../../../../src/i18n/index.js";
import { useStore } from "../../lib/store.js";
import { useSignal } from "../../lib/use-signal.js";
import { useSession } from "../../lib/session.js";
import { signInFor } from "../../lib/redirect.js";
import { bp, color, radius, space, text, up } from "../../theme/tokens.js";
import { Button, ButtonLink } from "../../ui/button.js";
import { dateLabel } from "../../ui/format.js";
import { Modal, modalActions } from "../../ui/modal.js";
import { SuccessNote } from "../../ui/notice.js";
import { OopsModal } from "../../ui/oops.js";
import { EmptyState, Page, PageHeader, Spinner, card, sectionTitle, stack } from "../../ui/page.js";
import { ProgressBar } from "../../ui/progress.js";

const week = css`list-style: none; margin: 0; padding: 0; display: grid; gap: ${space[2]}px; grid-template-columns: 1fr;
  ${up(bp.sm)} { grid-template-columns: repeat(2, 1fr); } ${up(bp.md)} { grid-template-columns: repeat(4, 1fr); } ${up(bp.lg)} { grid-template-columns: repeat(7, 1fr); }`;
const day = css`display: grid; gap: 4px; align-content: start; min-height: 120px; background: ${color.surface}; border: 1px solid ${color.line}; border-radius: ${radius.md}px; padding: ${space[3]}px;
  &[data-kind="rest"] { background: ${color.sunken}; }
  &[data-today="true"] { border: 2px solid ${color.accent}; }
  .label { display: flex; flex-wrap: wrap; justify-content: space-between; gap: 0 4px; font-size: ${text.xs}px; font-weight: 800; letter-spacing: .12em; text-transform: uppercase; color: ${color.muted}; }
  .label > span { white-space: nowrap; }
  .date { font-size: ${text.xs}px; font-weight: 700; color: ${color.muted}; }
  .done { color: ${color.success}; }
  a { font-weight: 700; font-size: ${text.sm}px; min-height: 44px; display: inline-flex; align-items: center; line-height: 1.3; }
  .kind { font-weight: 800; } .note { color: ${color.muted}; font-size: ${text.sm}px; }`;
const todayRow = css`display: flex; flex-wrap: wrap; gap: ${space[3]}px; align-items: center; justify-content: space-between;
  background: ${color.accentSoft}; border-radius: ${radius.md}px; padding: ${space[3]}px ${space[4]}px;`;
const pausedNote = css`display: grid; gap: 4px; padding: ${space[3]}px ${space[4]}px; border-radius: ${radius.md}px; background: ${color.sunken};
  strong { font-weight: 800; } span { color: ${color.muted}; font-size: ${text.sm}px; }`;
const weekTitle = css`font-size: ${text.md}px; font-weight: 800; margin-bottom: ${space[2]}px;`;

/**
 * /calendars/{slug}: the plan day by day, in weeks (workout, walk and rest days), enrol and unenrol; an enrolled
 * member also sees today's day, each day's date and completion, and their progress. Workouts open in the detail
 * pane (`/calendars/{slug}/detail/{workoutSlug}`) drawn by the shell. An enrolled member can pause the calendar
 * ("vacation": today's day stays put, "Paused since …") and resume it, when the paused day and every later one move
 * by the days paused; both after a confirmation in the spec's style. Dates are the member's own (the browser's zone).
 */
export default function CalendarDetailPage() {
  const store = useStore();
  const session = useSession();
  const { slug } = useParams<"/calendars/:slug">();
  const calendar = useSignal(store.calendars.detail.data);
  const loadError = useSignal(store.calendars.detail.error);
  const enrollments = useSignal(store.calendars.enrollments.data);
  const mineData = useSignal(store.calendars.mine.data);
  const enrolling = useSignal(store.calendars.enroll.loading);
  const unenrolling = useSignal(store.calendars.unenroll.loading);
  const pausing = useSignal(store.calendars.pause.loading);
  const resuming = useSignal(store.calendars.resume.loading);
  const [confirm, setConfirm] = useState<"pause" | "resume" | null>(null);
  const [notice, setNotice] = useState("");
  const [failure, setFailure] = useState("");
  useEffect(() => void store.calendars.detail.load(slug), [slug, store]);
  useEffect(() => {
    if (!session.signedIn) return;
    void store.calendars.enrollments.load();
    void store.calendars.mine.load();
  }, [session.signedIn, store]);

  const current = calendar?.slug === slug || calendar?.id === slug ? calendar : undefined;
  if (!current) {
    if (loadError) {
      const missing = loadError instanceof ApiError && loadError.status === 404;
      return (
        <Page>
          <EmptyState title={missing ? t("calendars.notFound") : t("error.loading")}>
            <ButtonLink href="/calendars">{t("calendars.title")}</ButtonLink>
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
  const enrolled = !!enrollments?.some((e) => e.calendar_id === current.id && e.status === "enrolled");
  const mine = enrolled ? mineData?.data.find((c) => c.calendar_id === current.id || c.id === current.id) : undefined;
  const stateOf = new Map(mine?.days.map((d) => [d.day, d]));
  const days = current.days;
  const weeks = Array.from({ length: Math.ceil(days.length / 7) }, (_, i) => days.slice(i * 7, i * 7 + 7));
  const base = `/calendars/${current.slug}`;
  const today = mine ? days.find((d) => d.day === mine.current_day) : undefined;
  const paused = !!mine?.paused;
  // A plan past its last day has nothing left to pause.
  const canPause = !!mine && !paused && mine.current_day <= days.length;

  async function change(kind: "enroll" | "unenroll") {
    setNotice("");
    const answer = await store.calendars[kind].run(current!.id);
    if (!answer) return setFailure(t("error.unexpected"));
    setNotice(
      t(kind === "enroll" ? "calendars.enrolledSuccess" : "calendars.unenrolledSuccess", { calendar: current!.name }),
    );
  }
  async function pauseOrResume(kind: "pause" | "resume") {
    setNotice("");
    const answer = await store.calendars[kind].run(current!.id);
    setConfirm(null);
    if (!answer) return setFailure(t("error.unexpected"));
    setNotice(t(kind === "pause" ? "pause.pausedSuccess" : "pause.resumedSuccess", { name: current!.name }));
  }

  return (
    <Page>
      <PageHeader kicker={t("calendars.kicker")} title={current.name}>
        {typeof current.description === "string" ? current.description : null}
      </PageHeader>
      <div className={stack(space[5])}>
        <div style={{ display: "flex", gap: space[3], flexWrap: "wrap", alignItems: "center" }}>
          <span style={{ fontWeight: 800, color: color.muted }}>{plural("calendars.days", days.length)}</span>
          {!session.signedIn ? (
            <ButtonLink href={signInFor(base)}>{t("calendars.enroll")}</ButtonLink>
          ) : enrolled ? (
            <>
              {paused ? (
                <Button onClick={() => setConfirm("resume")}>{t("pause.resumeCalendar")}</Button>
              ) : canPause ? (
                <Button variant="secondary" onClick={() => setConfirm("pause")}>
                  {t("pause.calendar")}
                </Button>
              ) : null}
              <Button variant="secondary" disabled={enrolling || unenrolling} onClick={() => change("unenroll")}>
                {t("calendars.unenroll")}
              </Button>
            </>
          ) : (
            <Button disabled={enrolling || unenrolling || !enrollments} onClick={() => change("enroll")}>
              {t("calendars.enroll")}
            </Button>
          )}
        </div>
        <SuccessNote>{notice}</SuccessNote>
        {mine ? (
          <section className={card} aria-labelledby="cal-progress">
            <div className={stack(space[3])}>
              <h2 id="cal-progress" className={sectionTitle}>
                {t("calendars.enrolled")}
              </h2>
              <p>{t("calendars.enrolledNote", { day: Math.min(mine.current_day, days.length), total: days.length })}</p>
              {paused ? (
                <p className={pausedNote}>
                  <strong>{t("pause.pausedSince", { date: dateLabel(mine.paused_at) })}</strong>
                  <span>{t("pause.calendarNote", { day: mine.current_day })}</span>
                </p>
              ) : mine.paused_days ? (
                <p>{t("pause.shiftedDays", { days: mine.paused_days })}</p>
              ) : null}
              <ProgressBar
                value={mine.progress.completed_days}
                max={mine.progress.total_days}
                label={current.name}
                caption={t("calendars.progress", {
                  completed: mine.progress.completed_days,
                  total: mine.progress.total_days,
                })}
              />
              {today ? (
                <div className={todayRow}>
                  <strong>
                    {t("calendars.todayTitle", {
                      title: today.kind === "rest" || !today.workout ? t("calendars.rest") : today.workout.name,
                    })}
                  </strong>
                  {today.kind !== "rest" && today.workout ? (
                    <ButtonLink href={`/classes/video/${encodeURIComponent(today.workout.slug)}`}>
                      {t("calendars.play")}
                    </ButtonLink>
                  ) : null}
                </div>
              ) : null}
            </div>
          </section>
        ) : null}
        {weeks.map((daysOfWeek, i) => (
          <section key={i} aria-labelledby={`week-${i + 1}`}>
            <h2 id={`week-${i + 1}`} className={weekTitle}>
              {t("calendars.week", { week: i + 1 })}
            </h2>
            <ol className={week}>
              {daysOfWeek.map((d) => {
                const state = stateOf.get(d.day);
                const today = mine?.current_day === d.day;
                return (
                  <li key={d.day} className={day} data-kind={d.kind} data-today={today}>
                    <span className="label">
                      <span>{t("calendars.day", { day: d.day })}</span>
                      {state?.status === "completed" ? (
                        <span className="done">✓ {t("series.workoutDone")}</span>
                      ) : today ? (
                        <span>{t("calendars.today")}</span>
                      ) : null}
                    </span>
                    {state?.date ? (
                      <span className="date">
                        {new Date(`${state.date}T12:00:00`).toLocaleDateString(currentLocale(), {
                          month: "short",
                          day: "numeric",
                        })}
                      </span>
                    ) : null}
                    {d.kind === "rest" ? (
                      <>
                        <span className="kind">{t("calendars.rest")}</span>
                        <span className="note">{t("calendars.restNote")}</span>
                      </>
                    ) : d.workout ? (
                      <>
                        {d.kind === "walk" ? <span className="kind">{t("calendars.walk")}</span> : null}
                        <Link href={`${base}/detail/${encodeURIComponent(d.workout.slug)}`}>{d.workout.name}</Link>
                        <span className="note">{t("workout.minutes", { minutes: d.workout.duration })}</span>
                      </>
                    ) : (
                      <span className="kind">{t(d.kind === "walk" ? "calendars.walk" : "calendars.rest")}</span>
                    )}
                  </li>
                );
              })}
            </ol>
          </section>
        ))}
      </div>
      <Modal
        open={confirm !== null}
        title={t(confirm === "resume" ? "pause.resumeCalendar" : "pause.calendar")}
        onClose={() => setConfirm(null)}
      >
        <p>
          {t(confirm === "resume" ? "confirm.resumeCalendar" : "confirm.pauseCalendar", {
            calendar: current.name,
            day: mine?.current_day ?? 1,
          })}
        </p>
        <div className={modalActions}>
          <Button variant="secondary" onClick={() => setConfirm(null)}>
            {t("action.goBack")}
          </Button>
          <Button
            disabled={pausing || resuming}
            onClick={() => pauseOrResume(confirm === "resume" ? "resume" : "pause")}
          >
            {t(confirm === "resume" ? "action.yesResumeCalendar" : "action.yesPauseCalendar")}
          </Button>
        </div>
      </Modal>
      <OopsModal message={failure} onClose={() => setFailure("")} />
    </Page>
  );
}
