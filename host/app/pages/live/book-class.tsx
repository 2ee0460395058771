import { useEffect, useRef, useState } from "react";
import { useSearch } from "wouter";
import { ApiError, getSitePass } from "../../../../src/api/index.js";
import type { LiveClass, Reservation } from "../../../../src/api/types.js";
import { classStartLabel, isVirtualClass, reservationFor, studioPlace } from "../../../../src/domain/index.js";
import { cancelTerms, directionsUrl } from "../../../../widgets/ui/class-terms.js";
import { cancellationErrorKey, currentLocale, reservationErrorKey, t } from "../../../../src/i18n/index.js";
import {
  BOOKING_MESSAGE,
  CANCEL_MESSAGE,
  type BookingMessage,
  type BookingsPass,
} from "../../../../widgets/booking-message.js";
import { useStore } from "../../lib/store.js";
import { AuthLayout, small } from "../auth/auth-layout.js";
import { Button, ButtonLink, buttonClass } from "../../ui/button.js";
import { FormError } from "../../ui/field.js";
import { Modal, modalActions } from "../../ui/modal.js";
import { Spinner } from "../../ui/page.js";

type Store = ReturnType<typeof useStore>;

/** The page's origin parameter when it is a web origin (postMessage throws on anything else). */
function webOrigin(value: string): string | undefined {
  try {
    const url = new URL(value);
    return /^https?:$/.test(url.protocol) && url.origin === value ? value : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Tells the site that opened this popup: posted to the site's origin only, so a page of any other origin never
 * receives it (the message names only the class the site asked about). A booking adds a bookings pass when the server
 * lets that site hold one (FITKIT_ALLOWED_ORIGINS; outside production any site), so the site's schedule shows the
 * member's bookings when they come back. The member's tokens stay here.
 */
async function tellSite(store: Store, siteOrigin: string | undefined, message: BookingMessage) {
  const opener = window.opener as Window | null;
  if (!opener || !siteOrigin) return;
  if (message.type === BOOKING_MESSAGE && siteOrigin !== location.origin) {
    // Refused (not an allowed site in production): the site still hears of the booking.
    const pass: BookingsPass | undefined = await getSitePass(store.api, siteOrigin).catch(() => undefined);
    if (pass) message = { ...message, pass };
  }
  opener.postMessage(message, siteOrigin);
}

/**
 * The booking hand-off page a widget on another site opens in a popup: /live/book?class={id}&origin={site origin}
 * (`&manage=1`: show the member's booking of the class without booking). The member signs in here if needed (the route
 * asks for it); a class the member already holds is shown as booked, with Cancel (never a vague second booking);
 * otherwise it is booked. The opener is told (tellSite).
 */
export default function BookClassPage() {
  const store = useStore();
  const q = new URLSearchParams(useSearch());
  const classId = q.get("class") ?? "";
  const siteOrigin = webOrigin(q.get("origin") ?? "");
  const manage = q.get("manage") === "1";
  const [state, setState] = useState<"booking" | "done" | "held" | "none" | "cancelled" | "failed">("booking");
  const [booked, setBooked] = useState<Reservation | null>(null);
  const [error, setError] = useState("");
  const [confirming, setConfirming] = useState(false);
  const [cancelling, setCancelling] = useState(false);
  const started = useRef(false);

  useEffect(() => {
    if (!classId || started.current) return;
    started.current = true;
    void (async () => {
      const held = reservationFor((await store.live.reservations.reload()) ?? [], classId);
      if (held) {
        setBooked(held);
        setState("held");
        return tellSite(store, siteOrigin, { type: BOOKING_MESSAGE, classId });
      }
      if (manage) return setState("none");
      const reservation = await store.live.book.run(classId);
      if (!reservation) {
        const e = store.live.book.error.peek();
        setError(t(reservationErrorKey(e instanceof ApiError ? e.status : 500)));
        return setState("failed");
      }
      setBooked(reservation);
      setState("done");
      await tellSite(store, siteOrigin, { type: BOOKING_MESSAGE, classId });
    })();
  }, [classId, manage, siteOrigin, store]);

  async function cancel(reservation: Reservation) {
    setConfirming(false);
    setCancelling(true);
    const answer = await store.live.cancel.run(reservation.id);
    setCancelling(false);
    if (!answer) {
      const e = store.live.cancel.error.peek();
      return setError(t(cancellationErrorKey(e instanceof ApiError ? e.status : 500)));
    }
    setError("");
    setState("cancelled");
    await tellSite(store, siteOrigin, { type: CANCEL_MESSAGE, classId });
  }

  const closeOrList = window.opener ? (
    <Button full variant="secondary" onClick={() => window.close()}>
      {t("book.closeWindow")}
    </Button>
  ) : (
    <ButtonLink href="/live/booked-classes" full variant="secondary">
      {t("book.seeYourBookedClasses")}
    </ButtonLink>
  );

  if (!classId) {
    return (
      <AuthLayout title={t("book.bookAClass")} subtitle={t("book.missingClass")}>
        <ButtonLink href="/live" full>
          {t("book.seeTheSchedule")}
        </ButtonLink>
      </AuthLayout>
    );
  }
  if (state === "booking")
    return (
      <AuthLayout title={t("book.bookingYourClass")}>
        <Spinner label={t("book.booking")} />
      </AuthLayout>
    );
  if (state === "failed" || state === "none") {
    return (
      <AuthLayout title={t("book.bookAClass")} subtitle={state === "none" ? t("live.notBooked") : undefined}>
        {error ? <FormError>{error}</FormError> : null}
        <ButtonLink href="/live" full variant="secondary">
          {t("book.seeTheSchedule")}
        </ButtonLink>
      </AuthLayout>
    );
  }
  if (state === "cancelled") return <AuthLayout title={t("success.reservationCancelled")}>{closeOrList}</AuthLayout>;
  // Name the class and its time, and tell the member where to go: a video-call link online, the studio in person.
  const c = booked!.class_data as Reservation["class_data"] & Partial<LiveClass>;
  const name = c.type || c.description || t("book.yourClass");
  const when = classStartLabel(c, currentLocale());
  const what =
    state === "held"
      ? t("live.alreadyBooked", { name, when })
      : t("success.reservedClass", { name, trainer: c.trainer_name || t("book.yourTrainer"), when });
  const virtual = isVirtualClass(c);
  const where = virtual ? t("success.reservedNote") : t("success.reservedInPerson", { place: studioPlace(c) });
  const directions = directionsUrl(c);
  const terms = cancelTerms(c, Date.now(), currentLocale());
  const termsLine = terms && (terms.late ? t("live.lateCancelNow") : t(terms.key, { time: terms.time }));
  return (
    <AuthLayout
      title={state === "held" ? t("live.alreadyBookedTitle") : t("success.reserved")}
      subtitle={`${what} ${where}`}
    >
      {error ? <FormError>{error}</FormError> : null}
      {directions ? (
        <a className={buttonClass("secondary", true)} href={directions} target="_blank" rel="noopener noreferrer">
          {t("live.directions")}
        </a>
      ) : null}
      {termsLine ? <p className={small}>{termsLine}</p> : null}
      {booked!.status === "pending" ? (
        <Button full variant="danger" disabled={cancelling} onClick={() => setConfirming(true)}>
          {t("action.cancelBooking")}
        </Button>
      ) : null}
      {closeOrList}
      <Modal open={confirming} title={t("action.cancelBooking")} onClose={() => setConfirming(false)}>
        <p>{t("confirm.cancelClass")}</p>
        {terms ? <p>{terms.late ? t("live.confirmLateCancel") : t(terms.key, { time: terms.time })}</p> : null}
        <div className={modalActions}>
          <Button variant="secondary" onClick={() => setConfirming(false)}>
            {t("action.goBack")}
          </Button>
          <Button variant="danger" disabled={cancelling} onClick={() => void cancel(booked!)}>
            {t("action.cancelBooking")}
          </Button>
        </div>
      </Modal>
    </AuthLayout>
  );
}
