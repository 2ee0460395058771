import { useEffect, useState } from "react";
import { css } from "goober";
import { ApiError } from "../../../../src/api/index.js";
import type { LiveClass, Reservation } from "../../../../src/api/types.js";
import {
  canEnterClass,
  isClassInProgress,
  isVirtualClass,
  studioPlace,
  upcomingReservations,
} from "../../../../src/domain/index.js";
import { cancelTerms, classCallLink, directionsUrl } from "../../../../widgets/ui/class-terms.js";
import { cancellationErrorKey, reservationErrorKey, t, currentLocale } from "../../../../src/i18n/index.js";
import { useStore } from "../../lib/store.js";
import { useSignal } from "../../lib/use-signal.js";
import { bp, color, radius, space, text, up } from "../../theme/tokens.js";
import { Button, ButtonLink, buttonClass } from "../../ui/button.js";
import { Modal, modalActions } from "../../ui/modal.js";
import { SuccessNote } from "../../ui/notice.js";
import { OopsModal } from "../../ui/oops.js";
import { EmptyState, Page, PageHeader, Spinner } from "../../ui/page.js";
import { CalendarFeedSection } from "./calendar-feed.js";
import { WaitlistPlaces } from "./waitlist-places.js";
import { downloadReservationEvent } from "./calendar-file.js";
import { useClassTimer } from "./use-class-timer.js";

const list = css`list-style: none; margin: 0; padding: 0; display: grid; gap: ${space[3]}px;`;
const item = css`display: grid; gap: ${space[3]}px; background: ${color.surface}; border: 1px solid ${color.line}; border-radius: ${radius.md}px; padding: ${space[4]}px;
  ${up(bp.md)} { grid-template-columns: 1fr auto; align-items: center; }
  &[data-open="true"] { border: 2px solid ${color.accent}; }
  .when { font-size: ${text.lg}px; font-weight: 800; } .what { color: ${color.muted}; font-size: ${text.sm}px; }
  .tag { justify-self: start; font-size: ${text.xs}px; font-weight: 800; letter-spacing: .1em; text-transform: uppercase; padding: 3px 10px; border-radius: ${radius.pill}px; background: ${color.sunken}; }
  .tag[data-state="check in"] { background: ${color.successSoft}; color: ${color.success}; }
  .actions { display: flex; flex-wrap: wrap; gap: ${space[2]}px; }`;
const inClass = css`display: grid; gap: ${space[2]}px; background: ${color.accentSoft}; border-radius: ${radius.sm}px; padding: ${space[3]}px;
  strong { font-size: ${text.lg}px; } a { font-weight: 800; word-break: break-all; min-height: 44px; display: inline-flex; align-items: center; }`;

const browserZone = Intl.DateTimeFormat().resolvedOptions().timeZone;

type ClassData = Reservation["class_data"] & Partial<LiveClass>;

const whenLabel = (iso: string) =>
  new Date(iso).toLocaleString(currentLocale(), {
    weekday: "long",
    month: "long",
    day: "numeric",
    hour: "numeric",
    minute: "2-digit",
  });

/**
 * /live/booked-classes: the member's upcoming reservations, soonest first, with Cancel (confirmed), Check in and
 * Add to calendar (the server's ICS file). From 15 minutes before a class "You're in!" shows with its video-call
 * link; the list refreshes exactly when the next class becomes enterable or ends (the class timer). Below it, the
 * member's waitlist places ("2nd on the waitlist", Leave waitlist), then their calendar feed: every booking, plan
 * day and next series workout in their own calendar app.
 */
export default function BookedClassesPage() {
  const store = useStore();
  const reservations = useSignal(store.live.reservations.data);
  const loadError = useSignal(store.live.reservations.error);
  const cancelling = useSignal(store.live.cancel.loading);
  const checkingIn = useSignal(store.live.checkIn.loading);
  const [confirm, setConfirm] = useState<Reservation | null>(null);
  const [notice, setNotice] = useState("");
  const [failure, setFailure] = useState("");
  useEffect(() => void store.live.reservations.reload(), [store]);
  const upcoming = reservations ? upcomingReservations(reservations, Date.now()) : undefined;
  const now = useClassTimer(upcoming?.map((r) => r.class_data) ?? [], () => void store.live.reservations.reload());
  // The cancellation terms as the schedule states them (src/domain/classes.ts), on each row and in the dialog.
  // Read in the browser's zone, as the rows' times are.
  const termsOf = (r: Reservation) => cancelTerms(r.class_data, now, currentLocale(), browserZone);
  const confirmTerms = confirm && termsOf(confirm);

  async function cancel(id: string) {
    setConfirm(null);
    setNotice("");
    if (await store.live.cancel.run(id)) return setNotice(t("success.reservationCancelled"));
    const e = store.live.cancel.error.peek();
    setFailure(t(cancellationErrorKey(e instanceof ApiError ? e.status : 500)));
  }
  async function checkIn(id: string) {
    setNotice("");
    if (await store.live.checkIn.run(id)) return setNotice(t("success.reserved"));
    const e = store.live.checkIn.error.peek();
    setFailure(t(reservationErrorKey(e instanceof ApiError ? e.status : 500)));
  }
  async function addToCalendar(reservation: Reservation) {
    setNotice("");
    try {
      await downloadReservationEvent(store, reservation);
      setNotice(t("success.addedToCalendar"));
    } catch {
      setFailure(t("error.unexpected"));
    }
  }

  return (
    <Page>
      <PageHeader kicker={t("live.kicker")} title={t("booked.title")}>
        {t("booked.lead")}
      </PageHeader>
      <div style={{ marginBottom: space[4] }}>
        <SuccessNote>{notice}</SuccessNote>
      </div>
      {loadError && !reservations ? (
        <p role="alert">{t(reservationErrorKey(loadError instanceof ApiError ? loadError.status : 500))}</p>
      ) : !upcoming ? (
        <Spinner />
      ) : !upcoming.length ? (
        <EmptyState title={t("booked.empty")}>
          <ButtonLink href="/live">{t("booked.seeSchedule")}</ButtonLink>
        </EmptyState>
      ) : (
        <ul className={list} aria-label={t("booked.title")}>
          {upcoming.map((r) => {
            const c = r.class_data as ClassData;
            const open = canEnterClass(c, now);
            const live = isVirtualClass(c);
            const callLink = classCallLink(c, location.protocol === "http:");
            const directions = directionsUrl(c);
            const terms = r.status === "pending" && !isClassInProgress(c, now) ? termsOf(r) : undefined;
            return (
              <li key={r.id} className={item} data-open={open}>
                <div style={{ display: "grid", gap: space[1] }}>
                  <span className="tag" data-state={r.status}>
                    {r.status === "check in"
                      ? t("booked.checkedIn")
                      : isClassInProgress(c, now)
                        ? t("booked.inProgress")
                        : t("booked.reserved")}
                  </span>
                  <span className="when">{whenLabel(c.start_date)}</span>
                  <span className="what">
                    {c.type && c.trainer_name
                      ? t("booked.details", { type: c.type, trainer: c.trainer_name, minutes: c.duration })
                      : null}
                    {" · "}
                    {live ? t("booked.where.live") : studioPlace(c) || t("booked.where.studio")}
                  </span>
                  {terms ? (
                    <span className="what">
                      {terms.late ? t("live.lateCancelNow") : t(terms.key, { time: terms.time })}
                    </span>
                  ) : null}
                  {open ? (
                    <div className={inClass}>
                      <strong>{t("success.reserved")}</strong>
                      {callLink ? (
                        <a href={callLink} target="_blank" rel="noopener noreferrer">
                          {t("booked.joinClass")}
                        </a>
                      ) : (
                        <span>
                          {live ? t("success.reservedNote") : t("success.reservedInPerson", { place: studioPlace(c) })}
                        </span>
                      )}
                    </div>
                  ) : null}
                </div>
                <div className="actions">
                  {open && r.status === "pending" ? (
                    <Button disabled={checkingIn} onClick={() => checkIn(r.id)}>
                      {t("booked.checkIn")}
                    </Button>
                  ) : null}
                  {directions ? (
                    <a className={buttonClass("secondary")} href={directions} target="_blank" rel="noopener noreferrer">
                      {t("live.directions")}
                    </a>
                  ) : null}
                  <Button variant="secondary" onClick={() => addToCalendar(r)}>
                    {t("booked.addToCalendar")}
                  </Button>
                  {r.status === "pending" && !isClassInProgress(c, now) ? (
                    <Button variant="ghost" onClick={() => setConfirm(r)}>
                      {t("booked.cancel")}
                    </Button>
                  ) : null}
                </div>
              </li>
            );
          })}
        </ul>
      )}
      <WaitlistPlaces />
      <CalendarFeedSection />
      <Modal open={!!confirm} title={t("action.cancelBooking")} onClose={() => setConfirm(null)}>
        <p>{t("confirm.cancelClass")}</p>
        {confirmTerms ? (
          <p>{confirmTerms.late ? t("live.confirmLateCancel") : t(confirmTerms.key, { time: confirmTerms.time })}</p>
        ) : null}
        <div className={modalActions}>
          <Button variant="secondary" onClick={() => setConfirm(null)}>
            {t("action.goBack")}
          </Button>
          <Button variant="danger" disabled={cancelling} onClick={() => void cancel(confirm!.id)}>
            {t("action.cancelBooking")}
          </Button>
        </div>
      </Modal>
      <OopsModal message={failure} onClose={() => setFailure("")} />
    </Page>
  );
}
