import { useEffect, useState } from "react";
import { Link } from "wouter";
import { css } from "goober";
import { nextSeriesWorkout, seriesCompletion } from "../../../../src/domain/index.js";
import { t } from "../../../../src/i18n/index.js";
import type { SeriesEnrollment } from "../../../../src/api/types.js";
import { useStore } from "../../lib/store.js";
import { useSignal } from "../../lib/use-signal.js";
import { bp, color, radius, space, text, up } from "../../theme/tokens.js";
import { Button, ButtonLink } from "../../ui/button.js";
import { Modal, modalActions } from "../../ui/modal.js";
import { dateLabel } from "../../ui/format.js";
import { card, sectionTitle } from "../../ui/page.js";

const layout = css`display: grid; gap: ${space[4]}px; ${up(bp.md)} { grid-template-columns: 1.2fr 1fr; align-items: center; }`;
const bar = css`height: 10px; border-radius: ${radius.pill}px; background: ${color.sunken}; overflow: hidden; > span { display: block; height: 100%; background: ${color.accent}; }`;
const next = css`display: grid; grid-template-columns: 120px 1fr; gap: ${space[3]}px; align-items: center; text-decoration: none; color: inherit;
  background: ${color.accentSoft}; border-radius: ${radius.md}px; padding: ${space[3]}px; border: 2px solid ${color.accent};
  img { width: 120px; aspect-ratio: 16/9; object-fit: cover; border-radius: ${radius.sm}px; }`;

/**
 * The member's enrolled series: "{k} of {N} completed", the next workout highlighted, and Leave series; a paused
 * series says since when and offers to resume (on the series page) instead of an "up next".
 */
export function SeriesBlock({ enrollment }: { enrollment: SeriesEnrollment }) {
  const store = useStore();
  const detail = useSignal(store.series.detail.data);
  const leaving = useSignal(store.series.leave.loading);
  const [confirm, setConfirm] = useState(false);
  useEffect(() => void store.series.detail.load(enrollment.series_id), [enrollment.series_id, store]);
  const series =
    detail && (detail.id === enrollment.series_id || detail.slug === enrollment.series_id) ? detail : undefined;
  const { completed, total } = seriesCompletion(enrollment);
  const nextId = nextSeriesWorkout(enrollment);
  const nextWorkout = series?.items.find((w) => w.id === nextId);
  const name = series?.name ?? t("home.yourSeriesFallback");

  return (
    <section className={card} aria-labelledby="series-block-title">
      <div className={layout}>
        <div style={{ display: "grid", gap: space[3] }}>
          <p style={{ fontSize: text.xs, fontWeight: 800, letterSpacing: ".16em", color: color.accent }}>
            {t("home.yourSeries")}
          </p>
          <h2
            id="series-block-title"
            className={sectionTitle}
            style={{ textTransform: "none", letterSpacing: 0, fontSize: text.xl }}
          >
            {series ? <Link href={`/series/${series.slug}`}>{name}</Link> : name}
          </h2>
          <p style={{ fontWeight: 700 }}>{t("series.progress", { completed, total })}</p>
          {enrollment.paused ? (
            <p>
              <strong>{t("pause.pausedSince", { date: dateLabel(enrollment.paused_at) })}</strong>
            </p>
          ) : null}
          <div
            className={bar}
            role="progressbar"
            aria-label={t("home.seriesProgress")}
            aria-valuemin={0}
            aria-valuemax={total}
            aria-valuenow={completed}
          >
            <span style={{ width: `${total ? (completed / total) * 100 : 0}%` }} />
          </div>
          <div style={{ display: "flex", gap: space[3], flexWrap: "wrap" }}>
            {series ? (
              <ButtonLink href={`/series/${series.slug}`} variant="secondary">
                {enrollment.paused ? t("pause.resumeSeries") : t("series.continue")}
              </ButtonLink>
            ) : null}
            <Button variant="ghost" onClick={() => setConfirm(true)}>
              {t("series.leave")}
            </Button>
          </div>
        </div>
        {nextWorkout && !enrollment.paused ? (
          <Link href={`/home/detail/${encodeURIComponent(nextWorkout.slug)}`} className={next}>
            <img src={nextWorkout.video.poster_url} alt="" width={120} height={68} />
            <span style={{ display: "grid", gap: 4 }}>
              <span style={{ fontSize: text.xs, fontWeight: 800, letterSpacing: ".14em", color: color.accent }}>
                {t("home.upNext")}
                <span className="visually-hidden">{t("home.yourNextWorkout")}</span>
              </span>
              <strong>{nextWorkout.name}</strong>
              <span style={{ fontSize: text.sm, color: color.muted }}>
                {t("workout.minutes", { minutes: nextWorkout.duration })}
              </span>
            </span>
          </Link>
        ) : completed === total && total > 0 ? (
          <p style={{ fontWeight: 800, fontSize: text.xl }}>{t("success.seriesCompleted")}</p>
        ) : null}
      </div>
      <Modal open={confirm} title={t("series.leave")} onClose={() => setConfirm(false)}>
        <p>{t("confirm.leaveSeries", { series: name })}</p>
        <div className={modalActions}>
          <Button variant="secondary" onClick={() => setConfirm(false)}>
            {t("action.goBack")}
          </Button>
          <Button
            disabled={leaving}
            onClick={async () => {
              await store.series.leave.run(enrollment.series_id);
              setConfirm(false);
            }}
          >
            {t("action.yesLeaveSeries")}
          </Button>
        </div>
      </Modal>
    </section>
  );
}

const others = css`list-style: none; margin: 0; padding: 0; display: grid; gap: ${space[3]}px;
  li { display: flex; flex-wrap: wrap; gap: ${space[2]}px ${space[4]}px; align-items: center; justify-content: space-between; }
  li > div { display: grid; gap: 2px; min-width: 0; }
  a.name { font-weight: 800; overflow-wrap: anywhere; }`;

/** The member's other series (a paused one says since when, with its Resume), each with its progress. */
export function OtherSeries({ enrollments }: { enrollments: SeriesEnrollment[] }) {
  return (
    <section className={card} aria-labelledby="other-series-title">
      <h2 id="other-series-title" className={sectionTitle}>
        {t("home.alsoYourSeries")}
      </h2>
      <ul className={others}>
        {enrollments.map((e) => {
          const { completed, total } = seriesCompletion(e);
          const href = `/series/${e.series_detail.slug}`;
          return (
            <li key={e.series_id}>
              <div>
                <Link className="name" href={href}>
                  {e.series_detail.name}
                </Link>
                <span style={{ fontSize: text.sm, color: color.muted }}>
                  {t("series.progress", { completed, total })}
                  {e.paused ? ` · ${t("pause.pausedSince", { date: dateLabel(e.paused_at) })}` : ""}
                </span>
              </div>
              <ButtonLink href={href} variant="secondary">
                {e.paused ? t("pause.resumeSeries") : t("series.continue")}
              </ButtonLink>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
