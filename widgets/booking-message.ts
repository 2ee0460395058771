/**
 * The popup booking hand-off: a widget on another site opens `${hostedApp}/live/book?class=<id>&origin=<site origin>`
 * (`&manage=1` to see or cancel a booking the site knows of, without booking); the hosted app signs the member in,
 * books, and posts `{type: "fit:booked", classId, pass?}` to `window.opener` with the site origin as the target
 * origin, so only a page of that origin receives it; `{type: "fit:cancelled", classId}` after a cancel there. `pass`,
 * a bookings pass (read-only, that site only: routes/site-bookings.ts), comes only when the server lets the site hold
 * one. The widget accepts a message only from the hosted app's origin and only from the popup it opened. The member's
 * tokens never leave the hosted app.
 */
export const BOOKING_MESSAGE = "fit:booked";
export const CANCEL_MESSAGE = "fit:cancelled";
export const BOOKING_PATH = "/live/book";
export interface BookingsPass {
  token: string;
  expires_at: string;
}
export type BookingMessage =
  | { type: typeof BOOKING_MESSAGE; classId: string; pass?: BookingsPass }
  | { type: typeof CANCEL_MESSAGE; classId: string };
const isPass = (pass: unknown): pass is BookingsPass =>
  typeof pass === "object" &&
  pass !== null &&
  typeof (pass as Partial<BookingsPass>).token === "string" &&
  typeof (pass as Partial<BookingsPass>).expires_at === "string";
export const isBookingMessage = (data: unknown): data is BookingMessage => {
  if (typeof data !== "object" || data === null) return false;
  const m = data as { type?: unknown; classId?: unknown; pass?: unknown };
  if (typeof m.classId !== "string") return false;
  if (m.type === CANCEL_MESSAGE) return true;
  return m.type === BOOKING_MESSAGE && (m.pass === undefined || isPass(m.pass));
};
