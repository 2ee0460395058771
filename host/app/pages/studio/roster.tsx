import { useCallback, useEffect, useState, type FormEvent } from "react";
import { css } from "goober";
import { Link, useParams } from "wouter";
import { plural, t } from "../../../../src/i18n/index.js";
import { useStore } from "../../lib/store.js";
import { color, radius, space, text } from "../../theme/tokens.js";
import { Button } from "../../ui/button.js";
import { Field, FormError } from "../../ui/field.js";
import { Modal, modalActions } from "../../ui/modal.js";
import { SuccessNote } from "../../ui/notice.js";
import { card, sectionTitle, Spinner, stack } from "../../ui/page.js";
import {
  cancelStaffClass,
  checkInBooking,
  getClassRoster,
  markNoShow,
  setClassCapacity,
  type Roster,
  type RosterBooking,
  type StaffLocation,
} from "../../../../src/api/index.js";
import { failureMessage, StudioFrame, studioHref } from "./studio-frame.js";
import { count, dayLabel } from "./studio-format.js";

const table = css`width: 100%; border-collapse: collapse; font-size: ${text.sm}px;
  th, td { text-align: left; padding: ${space[2]}px; border-bottom: 1px solid ${color.line}; vertical-align: middle; }
  th { font-weight: 800; }
  .state { display: inline-block; padding: 2px 10px; border-radius: ${radius.pill}px; background: ${color.sunken}; font-weight: 700; }
  .state[data-state="checked_in"] { background: ${color.successSoft}; color: ${color.success}; }
  .actions { display: flex; flex-wrap: wrap; gap: ${space[2]}px; }`;
const inline = css`display: flex; flex-wrap: wrap; gap: ${space[3]}px; align-items: end;`;

const STATE_KEYS = {
  booked: "studioAdmin.state.booked",
  checked_in: "studioAdmin.state.checkedIn",
  no_show: "studioAdmin.state.noShow",
  late_cancel: "studioAdmin.state.lateCancel",
  cancelled: "studioAdmin.state.cancelled",
} as const;

/** /studio/classes/:id: the class's roster with desk check-in and no-shows, its capacity, and cancelling it. */
export default function StudioRosterPage() {
  const { id } = useParams<{ id: string }>();
  return (
    <StudioFrame section="roster" title={t("studioAdmin.rosterTitle")}>
      {(location) => <RosterView key={id} classId={id} location={location} />}
    </StudioFrame>
  );
}

function RosterView({ classId, location }: { classId: string; location: StaffLocation }) {
  const store = useStore();
  const [roster, setRoster] = useState<Roster | undefined>();
  const [error, setError] = useState("");
  const [notice, setNotice] = useState("");
  const [confirmCancel, setConfirmCancel] = useState(false);
  const reload = useCallback(
    () => getClassRoster(store.api, classId).then(setRoster, (e: unknown) => setError(failureMessage(e))),
    [store, classId],
  );
  useEffect(() => void reload(), [reload]);

  /** Runs a desk action and announces the sentence it answers. */
  async function act(run: () => Promise<string>) {
    setError("");
    setNotice("");
    try {
      setNotice(await run());
      await reload();
    } catch (e) {
      setError(failureMessage(e));
    }
  }
  const checkIn = (b: RosterBooking) =>
    act(async () => {
      await checkInBooking(store.api, classId, b.reservation_id);
      return t("studioAdmin.checkedInNote", { name: b.name });
    });
  const noShow = (b: RosterBooking) =>
    act(async () => {
      await markNoShow(store.api, classId, b.reservation_id);
      return t("studioAdmin.noShowNote", { name: b.name });
    });
  function setCapacity(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const capacity = Number(new FormData(e.currentTarget).get("capacity"));
    void act(async () => {
      await setClassCapacity(store.api, classId, capacity);
      return t("studioAdmin.capacitySaved", { capacity: count(capacity) });
    });
  }
  function cancelClass(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const reason = String(new FormData(e.currentTarget).get("reason") ?? "").trim();
    setConfirmCancel(false);
    void act(async () => {
      const done = await cancelStaffClass(store.api, classId, reason);
      return t("studioAdmin.cancelledNote", { count: count(done.notified) });
    });
  }

  if (!roster) return error ? <FormError>{error}</FormError> : <Spinner />;
  const c = roster.class;
  const open = !c.cancelled && !c.started;
  return (
    <div className={stack(space[5])}>
      <p>
        <Link href={studioHref("/studio", location)}>{t("studioAdmin.backToWeek")}</Link>
      </p>
      <section aria-labelledby="roster-class" className={`${card} ${stack(space[2])}`}>
        <h2 id="roster-class" className={sectionTitle}>
          {c.class_type} · {dayLabel(c.local_date)} {c.start_time}–{c.end_time}
        </h2>
        <p>
          {c.room}
          {c.trainer ? ` · ${c.trainer.name}` : ""} ·{" "}
          {c.cancelled
            ? `${t("studioAdmin.cancelled")}${c.cancel_reason ? ` (${c.cancel_reason})` : ""}`
            : t("studioAdmin.bookedOf", {
                booked: count(c.booked),
                capacity: count(c.capacity),
                waiting: count(c.waitlisted),
              })}
        </p>
        <p>
          {t("studioAdmin.counts", {
            booked: count(roster.counts.booked),
            checkedIn: count(roster.counts.checked_in),
            noShow: count(roster.counts.no_show),
            late: count(roster.counts.late_cancel),
            waiting: count(roster.counts.waitlisted),
          })}
        </p>
      </section>
      <SuccessNote>{notice}</SuccessNote>
      <FormError>{error}</FormError>
      <section aria-labelledby="roster-booked" className={stack(space[2])}>
        <h2 id="roster-booked" className={sectionTitle}>
          {t("studioAdmin.bookedTitle")}
        </h2>
        {roster.booked.length ? (
          <table className={table}>
            <caption className="visually-hidden">{t("studioAdmin.bookedTitle")}</caption>
            <thead>
              <tr>
                <th scope="col">{t("studioAdmin.col.member")}</th>
                <th scope="col">{t("studioAdmin.col.status")}</th>
                <th scope="col">{t("studioAdmin.col.actions")}</th>
              </tr>
            </thead>
            <tbody>
              {roster.booked.map((b) => (
                <tr key={b.reservation_id}>
                  <th scope="row">
                    {b.name}
                    <br />
                    <span style={{ fontWeight: 400 }}>{b.email}</span>
                  </th>
                  <td>
                    <span className="state" data-state={b.state}>
                      {t(STATE_KEYS[b.state])}
                    </span>
                    {b.from_waitlist ? ` · ${t("studioAdmin.fromWaitlist")}` : ""}
                  </td>
                  <td>
                    <div className="actions">
                      {(b.state === "booked" || b.state === "no_show") && !c.cancelled ? (
                        <Button
                          variant="primary"
                          onClick={() => void checkIn(b)}
                          aria-label={t("studioAdmin.checkInLabel", { name: b.name })}
                        >
                          {t("studioAdmin.checkIn")}
                        </Button>
                      ) : null}
                      {b.state === "booked" && c.ended && !c.cancelled ? (
                        <Button
                          variant="secondary"
                          onClick={() => void noShow(b)}
                          aria-label={t("studioAdmin.noShowLabel", { name: b.name })}
                        >
                          {t("studioAdmin.noShow")}
                        </Button>
                      ) : null}
                    </div>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        ) : (
          <p>{t("studioAdmin.nobodyBooked")}</p>
        )}
      </section>
      <section aria-labelledby="roster-waitlist" className={stack(space[2])}>
        <h2 id="roster-waitlist" className={sectionTitle}>
          {t("studioAdmin.waitlistTitle")}
        </h2>
        {roster.waitlist.length ? (
          <ol>
            {roster.waitlist.map((w) => (
              <li key={w.entry_id}>
                {w.name} ({w.email})
              </li>
            ))}
          </ol>
        ) : (
          <p>{t("studioAdmin.nobodyWaiting")}</p>
        )}
      </section>
      {open ? (
        <section aria-labelledby="roster-manage" className={`${card} ${stack(space[3])}`}>
          <h2 id="roster-manage" className={sectionTitle}>
            {t("studioAdmin.manageTitle")}
          </h2>
          <form className={inline} onSubmit={setCapacity}>
            <Field
              label={t("studioAdmin.field.capacity")}
              name="capacity"
              type="number"
              min={1}
              max={500}
              required
              defaultValue={c.capacity}
              hint={t("studioAdmin.capacityHint", { booked: count(c.booked) })}
            />
            <Button type="submit" variant="secondary">
              {t("studioAdmin.saveCapacity")}
            </Button>
          </form>
          <div>
            <Button variant="danger" onClick={() => setConfirmCancel(true)}>
              {t("studioAdmin.cancelClass")}
            </Button>
          </div>
        </section>
      ) : null}
      <Modal open={confirmCancel} title={t("studioAdmin.cancelClass")} onClose={() => setConfirmCancel(false)}>
        <form onSubmit={cancelClass} className={stack(space[3])}>
          <p>{plural("studioAdmin.cancelConfirm", c.booked + c.waitlisted)}</p>
          <Field label={t("studioAdmin.field.reason")} name="reason" maxLength={300} />
          <div className={modalActions}>
            <Button type="submit" variant="danger">
              {t("studioAdmin.cancelYes")}
            </Button>
            <Button variant="ghost" onClick={() => setConfirmCancel(false)}>
              {t("studioAdmin.goBack")}
            </Button>
          </div>
        </form>
      </Modal>
    </div>
  );
}
