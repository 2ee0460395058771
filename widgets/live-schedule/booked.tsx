/** @jsxImportSource preact */
import type { LiveClass, Reservation } from "../../src/api/index.js";
import { cancelTerms, directionsUrl } from "../ui/class-terms.js";
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
  /** The class's video-call link (an online class's https link), else undefined. */
  callLink: string | undefined;
  checkedIn: boolean;
  /** Seen with the site's bookings pass: no check-in here (the member is not signed in on this site). */
  viaPass: boolean;
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

/**
 * What the member can do with a class they booked: join its video call (online) or get directions to the studio (in
 * person), check in, add it to a calendar, cancel it.
 */
export function BookedActions(p: ActionsProps) {
  const { c, reservation, say, styles: s } = p;
  const css = useCss();
  const directions = directionsUrl(c);
  return (
    <>
      {p.enterable && p.callLink && (
        <a part="join" class={css`font-weight: 600;`} href={p.callLink} target="_blank" rel="noopener noreferrer">
          {say("live.join")}
        </a>
      )}
      {directions && (
        <a
          part="directions"
          class={css`font-size: 0.875em;`}
          href={directions}
          target="_blank"
          rel="noopener noreferrer"
          aria-describedby={p.headingId}
        >
          {say("live.directions")}
        </a>
      )}
      {reservation && p.enterable && !p.checkedIn && !p.viaPass && (
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
  zone: { locale: string; timeZone: string };
  say: typeof sayHere;
  onConfirm(reservation: Reservation): void;
  onClose(): void;
}

/**
 * Cancel this booking? With the class's cancellation terms, said as Booked Classes says them (src/domain/classes.ts
 * cancelTerms): the late-cancellation rule when cancelling now would be late, else until when it is free.
 */
export function CancelConfirm({ confirming, now, zone, say, onConfirm, onClose }: ConfirmProps) {
  const css = useCss();
  const terms = confirming && cancelTerms(confirming.class_data, now, zone.locale, zone.timeZone);
  return (
    <Modal open={!!confirming} onClose={onClose} title={say("action.cancelBooking")}>
      <p>{say("confirm.cancelClass")}</p>
      {terms && <p>{terms.late ? say("live.confirmLateCancel") : say(terms.key, { time: terms.time })}</p>}
      <div class={css`display: flex; flex-wrap: wrap; gap: 10px; margin-top: 16px;`}>
        <Button variant="primary" onClick={() => confirming && onConfirm(confirming)}>
          {say("action.cancelBooking")}
        </Button>
        <Button onClick={onClose}>{say("action.goBack")}</Button>
      </div>
    </Modal>
  );
}
