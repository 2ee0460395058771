import { useEffect, useRef, useState } from "react";
import { useSearch } from "wouter";
import { ApiError } from "../../../../src/api/index.js";
import type { LiveClass, Reservation } from "../../../../src/api/types.js";
import { classStartLabel, isVirtualClass, studioPlace } from "../../../../src/domain/index.js";
import { currentLocale, reservationErrorKey, t } from "../../../../src/i18n/index.js";
import { BOOKING_MESSAGE, type BookingMessage } from "../../../../widgets/booking-message.js";
import { useStore } from "../../lib/store.js";
import { useSignal } from "../../lib/use-signal.js";
import { AuthLayout, small } from "../auth/auth-layout.js";
import { Button, ButtonLink } from "../../ui/button.js";
import { FormError } from "../../ui/field.js";
import { Spinner } from "../../ui/page.js";

/**
 * The booking hand-off page a widget on another site opens in a popup: /live/book?class={id}&origin={site origin}.
 * The member signs in here if needed (the route asks for it), the class is booked, and the opener is told
 * `{type: "fit:booked", classId}`, posted only to the site origin and only when that origin is on the allow-list
 * (config.json `embedOrigins`, from FITKIT_ALLOWED_ORIGINS; the app's own origin is always allowed). Tokens never
 * leave this origin.
 */
export default function BookClassPage() {
  const store = useStore();
  const q = new URLSearchParams(useSearch());
  const classId = q.get("class") ?? "";
  const siteOrigin = q.get("origin") ?? "";
  const config = useSignal(store.content.config.data);
  const configDone = useSignal(store.content.config.fulfilled);
  const [state, setState] = useState<"booking" | "done" | "failed">("booking");
  const [booked, setBooked] = useState<Reservation | null>(null);
  const [error, setError] = useState("");
  const started = useRef(false);

  useEffect(() => void store.content.config.load(), [store]);
  useEffect(() => {
    if (!classId || !configDone || started.current) return;
    started.current = true;
    void store.live.book.run(classId).then((reservation) => {
      if (!reservation) {
        const e = store.live.book.error.peek();
        setError(t(reservationErrorKey(e instanceof ApiError ? e.status : 500)));
        return setState("failed");
      }
      const allowed = new Set([location.origin, ...(config?.embedOrigins ?? [])]);
      if (window.opener && siteOrigin && allowed.has(siteOrigin)) {
        const message: BookingMessage = { type: BOOKING_MESSAGE, classId };
        (window.opener as Window).postMessage(message, siteOrigin);
      }
      setBooked(reservation);
      setState("done");
    });
  }, [classId, configDone, config, siteOrigin, store]);

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
  if (state === "failed") {
    return (
      <AuthLayout title={t("book.bookAClass")}>
        <FormError>{error}</FormError>
        <ButtonLink href="/live" full variant="secondary">
          {t("book.seeTheSchedule")}
        </ButtonLink>
      </AuthLayout>
    );
  }
  // Name the class and its time, and tell the member where to go: a video-call link online, the studio in person.
  const c = booked!.class_data as Reservation["class_data"] & Partial<LiveClass>;
  const what = t("success.reservedClass", {
    name: c.type || c.description || t("book.yourClass"),
    trainer: c.trainer_name || t("book.yourTrainer"),
    when: classStartLabel(c, currentLocale()),
  });
  const where = isVirtualClass(c)
    ? t("success.reservedNote")
    : t("success.reservedInPerson", { place: studioPlace(c) });
  return (
    <AuthLayout title={t("success.reserved")} subtitle={`${what} ${where}`}>
      {window.opener ? (
        <Button full onClick={() => window.close()}>
          {t("book.closeWindow")}
        </Button>
      ) : (
        <ButtonLink href="/live/booked-classes" full>
          {t("book.seeYourBookedClasses")}
        </ButtonLink>
      )}
      <p className={small}>{t("book.youCanCancelFrom")}</p>
    </AuthLayout>
  );
}
