import type { Store } from "../../../../src/store/index.js";

/**
 * Downloads a reservation's iCalendar event from the server (`/studios/reservation/{id}/calendar.ics`, a member
 * call, so fetched with the bearer token rather than linked) and hands it to the browser as a file.
 */
export async function downloadReservationEvent(store: Store, reservationId: string): Promise<void> {
  const token = await store.auth.accessToken();
  // eslint-disable-next-line no-restricted-syntax -- a file download: the client answers JSON, this needs the blob
  const response = await fetch(
    `${store.apiBase}/studios/reservation/${encodeURIComponent(reservationId)}/calendar.ics`,
    {
      headers: token ? { authorization: `Bearer ${token}`, "x-device": "web" } : {},
    },
  );
  if (!response.ok) throw new Error(`calendar event answered ${response.status}`);
  const name = /filename="([^"]+)"/.exec(response.headers.get("content-disposition") ?? "")?.[1] ?? "fitkit-class.ics";
  const url = URL.createObjectURL(await response.blob());
  const link = Object.assign(document.createElement("a"), { href: url, download: name });
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
