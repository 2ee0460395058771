/**
 * The popup booking hand-off: a widget on another site opens `${hostedApp}/live/book?class=<id>&origin=<site origin>`;
 * the hosted app signs the member in, books, and posts this message to `window.opener` with the site origin as the
 * target origin (only when that origin is in its allow-list). The widget accepts it only from the hosted app's origin
 * and only from the popup it opened. Tokens never leave the hosted app.
 */
export const BOOKING_MESSAGE = "fit:booked";
export const BOOKING_PATH = "/live/book";
export interface BookingMessage {
  type: typeof BOOKING_MESSAGE;
  classId: string;
}
export const isBookingMessage = (data: unknown): data is BookingMessage =>
  typeof data === "object" &&
  data !== null &&
  (data as Partial<BookingMessage>).type === BOOKING_MESSAGE &&
  typeof (data as Partial<BookingMessage>).classId === "string";
