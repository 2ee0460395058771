import type { BookingsPass } from "../booking-message.js";

/**
 * The bookings pass the hosted app's popup handed this site (issue 32 item 1), kept in the site's local storage per
 * hosted app, so a member coming back sees their bookings. It reads only their upcoming bookings, from this site only;
 * an expired one is dropped, and so is one the server refuses (signed out everywhere).
 */
const keyOf = (appOrigin: string) => `fitkit.bookings-pass:${appOrigin}`;

export function readPass(appOrigin: string, now: number): BookingsPass | undefined {
  try {
    const raw = localStorage.getItem(keyOf(appOrigin));
    const pass = raw ? (JSON.parse(raw) as BookingsPass) : undefined;
    if (pass && typeof pass.token === "string" && Date.parse(pass.expires_at) > now) return pass;
    if (raw) localStorage.removeItem(keyOf(appOrigin));
  } catch {
    // Storage blocked (a sandboxed frame, privacy settings) or a damaged entry: no pass, visitors see public data.
  }
  return undefined;
}

export function keepPass(appOrigin: string, pass: BookingsPass | undefined) {
  try {
    if (pass) localStorage.setItem(keyOf(appOrigin), JSON.stringify(pass));
    else localStorage.removeItem(keyOf(appOrigin));
  } catch {
    // Not kept: the bookings show until the page is left.
  }
}
