import { useEffect, useState } from "react";
import { css } from "goober";
import { upcomingReservations } from "../../../../src/domain/index.js";
import { cancellationErrorMessage, t } from "../../../../src/i18n/index.js";
import { ApiError } from "../../../../src/api/index.js";
import { useStore } from "../../lib/store.js";
import { useSignal } from "../../lib/use-signal.js";
import { color, radius, space, text } from "../../theme/tokens.js";
import { Button, ButtonLink } from "../../ui/button.js";
import { FormError } from "../../ui/field.js";
import { Modal, modalActions } from "../../ui/modal.js";
import { EmptyState, Page, PageHeader, Spinner } from "../../ui/page.js";

const list = css`list-style: none; margin: 0; padding: 0; display: grid; gap: ${space[3]}px;
  li { display: flex; flex-wrap: wrap; gap: ${space[3]}px; align-items: center; justify-content: space-between; background: ${color.surface};
    border: 1px solid ${color.line}; border-radius: ${radius.md}px; padding: ${space[4]}px; }
  strong { font-size: ${text.md}px; } span { color: ${color.muted}; font-size: ${text.sm}px; }`;

/** /live/booked-classes: the member's upcoming reservations with cancel. */
export default function BookedClassesPage() {
  const store = useStore();
  const reservations = useSignal(store.live.reservations.data);
  const cancelError = useSignal(store.live.cancel.error);
  const [confirm, setConfirm] = useState<string | null>(null);
  const [done, setDone] = useState(false);
  useEffect(() => void store.live.reservations.load(), [store]);
  const upcoming = reservations ? upcomingReservations(reservations, Date.now()) : undefined;
  return (
    <Page>
      <PageHeader kicker="Live" title="Booked Classes">Your upcoming live classes.</PageHeader>
      {done ? <p role="status" style={{ fontWeight: 700, marginBottom: space[4] }}>{t("success.reservationCancelled")}</p> : null}
      {cancelError ? <FormError>{cancellationErrorMessage(cancelError instanceof ApiError ? cancelError.status : 500)}</FormError> : null}
      {!upcoming ? <Spinner /> : !upcoming.length ? (
        <EmptyState title="No classes booked"><ButtonLink href="/live">See the schedule</ButtonLink></EmptyState>
      ) : (
        <ul className={list}>
          {upcoming.map((r) => (
            <li key={r.id}>
              <div style={{ display: "grid" }}>
                <strong>{new Date(r.class_data.start_date).toLocaleString("en-US", { weekday: "long", month: "long", day: "numeric", hour: "numeric", minute: "2-digit" })}</strong>
                <span>{r.status === "check in" ? "Checked in" : "Reserved"}</span>
              </div>
              {r.status === "pending" ? <Button variant="secondary" onClick={() => setConfirm(r.id)}>Cancel</Button> : null}
            </li>
          ))}
        </ul>
      )}
      <Modal open={!!confirm} title={t("action.cancelBooking")} onClose={() => setConfirm(null)}>
        <p>{t("confirm.cancelClass")}</p>
        <div className={modalActions}>
          <Button variant="secondary" onClick={() => setConfirm(null)}>{t("action.goBack")}</Button>
          <Button onClick={async () => { const ok = await store.live.cancel.run(confirm!); setConfirm(null); setDone(!!ok); }}>{t("action.cancelBooking")}</Button>
        </div>
      </Modal>
    </Page>
  );
}
