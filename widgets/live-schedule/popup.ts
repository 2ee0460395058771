import { useEffect, useRef } from "preact/hooks";
import { BOOKING_PATH, isBookingMessage, type BookingMessage } from "../booking-message.js";
import { NEW_WINDOW } from "../../src/domain/links.js";

/**
 * The booking hand-off for visitors and for sites other than the hosted app: Reserve opens the hosted app's booking
 * page in a 600×400 window (it keeps `opener`, since the answer comes back by postMessage); the app signs the member
 * in, books, and posts `{type: "fit:booked", classId, pass?}` to this page's origin (`fit:cancelled` after a cancel
 * there). Only a message from the hosted app's origin, sent by the window we opened, is believed.
 */
export function useBookingPopup(appUrl: string, onMessage: (message: BookingMessage) => void) {
  const popup = useRef<Window | null>(null);
  const callback = useRef(onMessage);
  callback.current = onMessage;
  const appOrigin = new URL(appUrl, location.href).origin;

  useEffect(() => {
    const onMessage = (event: MessageEvent) => {
      if (
        event.origin !== appOrigin ||
        !popup.current ||
        event.source !== popup.current ||
        !isBookingMessage(event.data)
      )
        return;
      callback.current(event.data);
    };
    window.addEventListener("message", onMessage);
    return () => window.removeEventListener("message", onMessage);
  }, [appOrigin]);

  return {
    /**
     * Opens (or refocuses) the booking window, to book the class or (`manage`) to see and cancel the member's booking;
     * false when the browser blocked it.
     */
    open(classId: string, manage = false): boolean {
      const url = new URL(BOOKING_PATH, appOrigin);
      url.searchParams.set("class", classId);
      url.searchParams.set("origin", location.origin);
      if (manage) url.searchParams.set("manage", "1");
      const left = Math.max(0, (screen.width - NEW_WINDOW.width) / 2);
      const top = Math.max(0, (screen.height - NEW_WINDOW.height) / 2);
      popup.current = window.open(
        url.href,
        "fitkit-booking",
        `popup,width=${NEW_WINDOW.width},height=${NEW_WINDOW.height},left=${left},top=${top}`,
      );
      popup.current?.focus();
      return !!popup.current;
    },
  };
}
