/** @jsxImportSource preact */
import type { LiveClass, Reservation } from "../../src/api/index.js";
import { useCss } from "../ui/context.js";
import { Button, Modal } from "../ui/parts.js";
import type { say as sayHere } from "./copy.js";
import { icsHref } from "./ics.js";

/**
 * The schedule's booked part, loaded the first time the member holds a reservation (most visitors never do): a booked
 * class's Join link, Check in, Add to calendar (with the iCalendar writer) and Cancel, and the cancel confirmation that
 * states the late-cancellation rule before the member commits.
 */
interface ActionsProps {
  c: LiveClass;
  name: string;
  reservation: Reservation | undefined;
  enterable: boolean;
  checkedIn: boolean;
  started: boolean;
  busy: boolean;
  headingId: string;
  appUrl: string;
  styles: { spots: string };
  say: typeof sayHere;
  onCheckIn(reservation: Reservation): void;
  onCalendar(): void;
  onCancel(reservation: Reservation): void;
}

/** What the member can do with a class they booked: join it, check in, add it to a calendar, cancel it. */
export function BookedActions(p: ActionsProps) {
  const { c, reservation, say, styles: s } = p;
  const css = useCss();
  return (
    <>
      {p.enterable && c.zoom_link && (
        <a part="join" class={css`font-weight: 600;`} href={c.zoom_link} target="_blank" rel="noopener noreferrer">
          {say("live.join")}
        </a>
      )}
      {reservation && p.enterable && !p.checkedIn && (
        <Button variant="primary" busy={p.busy} onClick={() => p.onCheckIn(reservation)}>
          {say("live.checkIn")}
        </Button>
      )}
      {p.checkedIn && <span class={s.spots}>{say("live.checkedIn")}</span>}
      <a
        class={css`font-size: 0.875em;`}
        href={icsHref(c, p.name, `${p.appUrl}/live`)}
        download={`${c.id}.ics`}
        onClick={p.onCalendar}
      >
        {say("live.addToCalendar")}
      </a>
      {reservation && !p.checkedIn && !p.started && (
        <Button part="cancel" busy={p.busy} aria-describedby={p.headingId} onClick={() => p.onCancel(reservation)}>
          {say("live.cancel")}
        </Button>
      )}
    </>
  );
}

interface ConfirmProps {
  confirming: Reservation | null;
  now: number;
  say: typeof sayHere;
  onConfirm(reservation: Reservation): void;
  onClose(): void;
}

/** Cancel this booking? With the late-cancellation rule stated when cancelling now would be late. */
export function CancelConfirm({ confirming, now, say, onConfirm, onClose }: ConfirmProps) {
  const css = useCss();
  return (
    <Modal open={!!confirming} onClose={onClose} title={say("action.cancelBooking")}>
      <p>{say("confirm.cancelClass")}</p>
      {confirming && isLate(confirming.class_data, now) && <p>{say("live.confirmLateCancel")}</p>}
      <div class={css`display: flex; flex-wrap: wrap; gap: 10px; margin-top: 16px;`}>
        <Button variant="primary" onClick={() => confirming && onConfirm(confirming)}>
          {say("action.cancelBooking")}
        </Button>
        <Button onClick={onClose}>{say("action.goBack")}</Button>
      </div>
    </Modal>
  );
}

/** Cancelling now would be late: past the location's free-cancellation time for the class. */
const isLate = (c: LiveClass, now: number) => !!c.policy && now > Date.parse(c.policy.free_cancel_until);
