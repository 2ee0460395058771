import { getReservationCalendar } from "../../../../src/api/index.js";
import type { Reservation } from "../../../../src/api/types.js";
import type { Store } from "../../../../src/store/index.js";

/**
 * Downloads a reservation's iCalendar event from the server through the API client (a member call: bearer token,
 * one refresh after a 401, retries) and hands it to the browser as a file named after the class's day.
 */
export async function downloadReservationEvent(store: Store, reservation: Reservation): Promise<void> {
  const file = await getReservationCalendar(store.api, reservation.id);
  const day = new Date(reservation.class_data.start_date).toISOString().slice(0, 10);
  const url = URL.createObjectURL(file);
  const link = Object.assign(document.createElement("a"), { href: url, download: `fitkit-class-${day}.ics` });
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
