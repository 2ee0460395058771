import { call, callFile, type ApiClient } from "../client.js";
import type { ClassQuery } from "../types.js";

type S = AbortSignal | undefined;

/** The studios: their address, time zone and schedule's location key. */
export const getLocations = (c: ApiClient, signal?: S) => call(c, "get", "/tsapi/locations", { signal });
export const getLocation = (c: ApiClient, id: string, signal?: S) =>
  call(c, "get", "/tsapi/locations/{id}", { params: { id }, signal });

/** With `public: true` the call is anonymous; otherwise the member's token is sent when one exists (zoom links). */
export const getClasses = (c: ApiClient, q: ClassQuery, signal?: S, auth = false) =>
  call(c, "get", "/studios/class", { query: q, signal, auth });
export const getReservations = (c: ApiClient, location?: string, signal?: S) =>
  call(c, "get", "/studios/reservation", { query: { location }, auth: true, signal });
export const bookClass = (c: ApiClient, classId: string) =>
  call(c, "post", "/studios/reservation/", { body: { class_id: classId }, auth: true });
export const cancelReservation = (c: ApiClient, id: string) =>
  call(c, "post", "/studios/reservation/{id}/cancel", { params: { id }, auth: true });
export const checkInReservation = (c: ApiClient, id: string) =>
  call(c, "post", "/studios/reservation/{id}/checkin/", { params: { id }, auth: true });
/** One of the member's reservations as an iCalendar file (the class's one event; see src/domain/ics.ts). */
export const getReservationCalendar = (c: ApiClient, id: string) =>
  callFile(c, "get", "/studios/reservation/{id}/calendar.ics", { params: { id }, auth: true });
/** A bookings pass: a short-lived bearer a studio's own site (`origin`) sends for the member's bookings there. */
export const getSitePass = (c: ApiClient, origin: string) =>
  call(c, "post", "/studios/site-pass", { body: { origin }, auth: true });
/** The member's bookings as a studio site sees them, sent with a bookings pass instead of the member's token. */
export const getSiteBookings = (c: ApiClient, pass: string, signal?: S) =>
  call(c, "get", "/studios/site-bookings", { bearer: pass, signal });
