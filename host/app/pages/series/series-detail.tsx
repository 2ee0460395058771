import { useEffect, useState } from "react";
import { css } from "goober";
import { nextSeriesWorkout, seriesCompletion } from "../../../../src/domain/index.js";
import { t } from "../../../../src/i18n/index.js";
import { useStore } from "../../lib/store.js";
import { useSignal } from "../../lib/use-signal.js";
import { useParams } from "../../lib/route-context.js";
import { useSession } from "../../lib/session.js";
import { signInFor } from "../../lib/redirect.js";
import { color, space, text } from "../../theme/tokens.js";
import { Button, ButtonLink } from "../../ui/button.js";
import { Modal, modalActions } from "../../ui/modal.js";
import { Page, PageHeader, Spinner, sectionTitle, stack } from "../../ui/page.js";
import { WorkoutCard } from "../../ui/workout-card.js";

const grid = css`display: grid; gap: ${space[4]}px; grid-template-columns: repeat(auto-fill, minmax(240px, 1fr)); list-style: none; margin: 0; padding: 0;`;

/** /series/{slug}: the plan, join or leave (with the spec's confirmation), progress and the next workout. */
export default function SeriesDetailPage() {
  const store = useStore();
  const session = useSession();
  const { slug } = useParams();
  const series = useSignal(store.series.detail.data);
  const enrollments = useSignal(store.series.enrollments.data);
  const joining = useSignal(store.series.join.loading);
  const leaving = useSignal(store.series.leave.loading);
  const [confirm, setConfirm] = useState(false);
  useEffect(() => void store.series.detail.load(slug), [slug, store]);
  useEffect(() => {
    if (session.signedIn) void store.series.enrollments.load();
  }, [session.signedIn, store]);
  const current = series?.slug === slug || series?.id === slug ? series : undefined;
  if (!current) return <Page><Spinner /></Page>;
  const enrollment = enrollments?.find((e) => e.series_id === current.id);
  const { completed, total } = seriesCompletion(enrollment);
  const nextId = nextSeriesWorkout(enrollment);
  const base = `/series/${current.slug}`;
  return (
    <Page>
      <PageHeader kicker="Series" title={current.name}>{current.description}</PageHeader>
      <div className={stack(space[5])}>
        <div style={{ display: "flex", gap: space[3], flexWrap: "wrap", alignItems: "center" }}>
          {!session.signedIn ? <ButtonLink href={signInFor(base)}>{t("series.joinNow")}</ButtonLink>
            : enrollment ? (
              <>
                <span style={{ fontWeight: 800, color: color.success }}>{t("series.enrolled")} · {t("series.progress", { completed, total })}</span>
                <Button variant="ghost" onClick={() => setConfirm(true)}>{t("series.leave")}</Button>
              </>
            ) : <Button disabled={joining} onClick={() => void store.series.join.run(current.id)}>{t("series.start")}</Button>}
        </div>
        <section className={stack(space[3])} aria-labelledby="plan-title">
          <h2 id="plan-title" className={sectionTitle}>Suggested Schedule</h2>
          <ul className={grid}>
            {(current.items ?? []).map((w) => (
              <li key={w.id}><WorkoutCard workout={w} base={base} highlight={w.id === nextId ? "UP NEXT" : undefined} /></li>
            ))}
          </ul>
        </section>
      </div>
      <Modal open={confirm} title={t("series.leave")} onClose={() => setConfirm(false)}>
        <p>{t("confirm.leaveSeries", { series: current.name })}</p>
        <div className={modalActions}>
          <Button variant="secondary" onClick={() => setConfirm(false)}>{t("action.goBack")}</Button>
          <Button disabled={leaving} onClick={async () => { await store.series.leave.run(current.id); setConfirm(false); }}>{t("action.yesLeaveSeries")}</Button>
        </div>
      </Modal>
      <p style={{ fontSize: text.sm, color: color.muted, marginTop: space[6] }}>Progress updates when you finish a class of the series.</p>
    </Page>
  );
}
