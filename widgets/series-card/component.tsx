/** @jsxImportSource preact */
import { useState } from "preact/hooks";
import type { Series, SeriesEnrollment, Workout } from "../../src/api/index.js";
import { EVENTS } from "./names.js";
import { useCss, useWidget } from "../ui/context.js";
import { say } from "./copy.js";
import { mediaUrl, useWidgetConfig } from "../ui/config.js";
import { Button, EmptyState, ErrorState, LiveRegion, Modal, Skeleton } from "../ui/parts.js";
import { useSeriesCard } from "./data.js";

export interface SeriesCardProps {
  series?: string;
  detailHref?: string;
}

/** `<fit-series-card>`: one series with Join / Leave, progress and the next workout for members. */
export function SeriesCard(props: SeriesCardProps) {
  const css = useCss();
  const { emit } = useWidget();
  const config = useWidgetConfig();
  const data = useSeriesCard(props.series);
  const [confirming, setConfirming] = useState(false);
  const [announcement, setAnnouncement] = useState("");
  const [failure, setFailure] = useState("");
  const s = styles(css);

  if (!props.series) return null;
  if (data.series.status === "error") {
    const missing = (data.series.error as { status?: number } | undefined)?.status === 404;
    return missing ? (
      <EmptyState title={say("series.notFound")} />
    ) : (
      <ErrorState message={say("error.loading")} retry={data.retry} retryLabel={say("retry")} />
    );
  }
  const series = data.series.value;
  if (!series) return <Skeleton label={say("loading")} rows={1} height={320} />;

  const href = (props.detailHref || `${config.appUrl}/series/{slug}`)
    .replace("{slug}", encodeURIComponent(series.slug))
    .replace("{id}", encodeURIComponent(series.id));
  const enrollment = data.enrollment;
  const total = series.items?.length ?? series.total;
  const completed = enrollment ? enrollment.series_state.workouts.filter((w) => w.status === "completed").length : 0;
  const done = !!enrollment && (enrollment.status === "completed" || (total > 0 && completed >= total));
  const next = enrollment && nextWorkout(series, enrollment);
  const image = mediaUrl(series.image_url, config.apiBase);

  async function join() {
    setFailure("");
    if (await data.join(series!.id)) {
      setAnnouncement(say("series.enrolled"));
      emit(EVENTS.seriesJoin, { seriesId: series!.id, slug: series!.slug });
    } else setFailure(say("error.loading"));
  }
  async function leave() {
    setConfirming(false);
    setFailure("");
    if (await data.leave(series!.id)) {
      setAnnouncement(say("series.leave"));
      emit(EVENTS.seriesLeave, { seriesId: series!.id, slug: series!.slug });
    } else setFailure(say("error.loading"));
  }

  return (
    <article part="card" class={s.card} aria-labelledby="series-title">
      {image ? (
        <img part="image" class={s.image} src={image} alt="" loading="lazy" />
      ) : (
        <div part="image" class={s.image} aria-hidden="true" />
      )}
      <div class={s.body}>
        <p class={s.meta}>{[series.level, say("series.workouts", { count: total })].filter(Boolean).join(" · ")}</p>
        <h2 part="title" id="series-title" class={s.title}>
          {series.name}
        </h2>
        {!!series.trainers.length && (
          <p class={s.line}>
            <span class={s.label}>{say("series.trainers")}:</span> {series.trainers.join(", ")}
          </p>
        )}
        {!!series.equipment.length && (
          <p class={s.line}>
            <span class={s.label}>{say("series.equipment")}:</span> {series.equipment.join(", ")}
          </p>
        )}

        {done ? (
          <div class={s.done} role="status">
            <strong>{say("success.seriesCompleted")}</strong>
            <div class={s.actions}>
              <a class={s.linkButton} href={`${config.appUrl}/series/all-series`}>
                {say("action.lookForAnotherSeries")}
              </a>
              <a class={s.linkButton} href={`${config.appUrl}/home`}>
                {say("action.backToHome")}
              </a>
            </div>
          </div>
        ) : enrollment ? (
          <>
            <div part="progress" class={s.progress}>
              <progress max={total || 1} value={completed} aria-label={say("series.progress", { completed, total })} />
              <span>{say("series.progress", { completed, total })}</span>
            </div>
            {next && (
              <a part="next" class={s.next} href={`${href}/detail/${encodeURIComponent(next.slug)}`}>
                <span class={s.label}>{say("series.next")}</span>
                <strong>{next.name}</strong>
                <span>{say("workout.minutes", { minutes: next.duration })}</span>
              </a>
            )}
          </>
        ) : null}

        {failure && (
          <p role="alert" class={s.failure}>
            {failure}
          </p>
        )}
        <div class={s.actions}>
          {data.signedIn && data.ready && !enrollment && (
            <Button variant="primary" busy={data.busy} onClick={join}>
              {say("series.join")}
            </Button>
          )}
          {enrollment && !done && (
            <Button busy={data.busy} onClick={() => setConfirming(true)}>
              {say("series.leave")}
            </Button>
          )}
          <a class={s.more} href={href}>
            {say("series.moreInfo")}
            <span class="fit-sr">: {series.name}</span>
          </a>
        </div>
      </div>
      <Modal open={confirming} onClose={() => setConfirming(false)} title={say("series.leaveTitle")}>
        <p>{say("confirm.leaveSeries", { series: series.name })}</p>
        <div class={s.actions}>
          <Button variant="primary" onClick={leave}>
            {say("action.yesLeaveSeries")}
          </Button>
          <Button onClick={() => setConfirming(false)}>{say("action.goBack")}</Button>
        </div>
      </Modal>
      <LiveRegion message={announcement} />
    </article>
  );
}

/** Spec §4: the next workout is the first not_started one, in series order. */
export function nextWorkout(series: Series, enrollment: SeriesEnrollment): Workout | undefined {
  const status = new Map(enrollment.series_state.workouts.map((w) => [w.workout_id, w.status]));
  return series.items?.find((w) => (status.get(w.id) ?? "not_started") === "not_started");
}

const styles = (css: ReturnType<typeof useCss>) => ({
  card: css`
    display: grid; grid-template-rows: auto 1fr; overflow: hidden; height: 100%; background: var(--_surface); color: var(--_text);
    border: 1px solid var(--_border); border-radius: var(--_radius); box-shadow: var(--_shadow);
  `,
  image: css`display: block; width: 100%; aspect-ratio: 16 / 9; max-height: 260px; object-fit: cover; background: var(--_skeleton);`,
  body: css`display: flex; flex-direction: column; gap: 8px; padding: var(--_space);`,
  meta: css`color: var(--_muted); font-size: 0.8em; text-transform: uppercase; letter-spacing: 0.08em;`,
  title: css`font-size: 1.3em;`,
  line: css`font-size: 0.9em;`,
  label: css`color: var(--_muted); font-weight: 600;`,
  progress: css`
    display: grid; gap: 4px; font-size: 0.9em;
    & progress { width: 100%; height: 8px; accent-color: var(--_accent); }
  `,
  next: css`
    display: grid; gap: 2px; padding: 10px 12px; border-radius: var(--_radius); background: var(--_bg); color: var(--_text); text-decoration: none;
    &:hover strong { text-decoration: underline; }
  `,
  done: css`display: grid; gap: 8px; padding: 12px; border-radius: var(--_radius); background: var(--_bg); & strong { font-size: 1.4em; font-family: var(--_heading); color: var(--_accent); }`,
  actions: css`display: flex; flex-wrap: wrap; gap: 10px; align-items: center; margin-top: auto; padding-top: 8px;`,
  linkButton: css`font-weight: 600;`,
  more: css`font-weight: 600; margin-inline-start: auto;`,
  failure: css`color: var(--_danger); font-weight: 600;`,
});
