import type { ApiClient } from "../client.js";
import type { ClassQuery, LiveClass, Location, Page, Reservation } from "../types.js";
import { enc } from "./path.js";

type S = AbortSignal | undefined;

/** The studios: their address, time zone and schedule's location key. */
export const getLocations = (c: ApiClient, signal?: S) => c.request<Page<Location>>("/tsapi/locations", { signal });
export const getLocation = (c: ApiClient, id: string, signal?: S) =>
  c.request<Location>(`/tsapi/locations/${enc(id)}`, { signal });

/** With `public: true` the call is anonymous; otherwise the member's token is sent when one exists (zoom links). */
export const getClasses = (c: ApiClient, q: ClassQuery, signal?: S, auth = false) =>
  c.request<Page<LiveClass>>("/studios/class", { query: { ...q }, signal, auth });
export const getReservations = (c: ApiClient, location?: string, signal?: S) =>
  c.request<{ items: Reservation[] }>("/studios/reservation", { query: { location }, auth: true, signal });
export const bookClass = (c: ApiClient, classId: string) =>
  c.request<Reservation>("/studios/reservation/", { method: "POST", body: { class_id: classId }, auth: true });
export const cancelReservation = (c: ApiClient, id: string) =>
  c.request<Reservation>(`/studios/reservation/${enc(id)}/cancel`, { method: "POST", auth: true });
export const checkInReservation = (c: ApiClient, id: string) =>
  c.request<Reservation>(`/studios/reservation/${enc(id)}/checkin/`, { method: "POST", auth: true });
/** One of the member's reservations as an iCalendar file (the class's one event; see src/domain/ics.ts). */
export const getReservationCalendar = (c: ApiClient, id: string) =>
  c.request<Blob>(`/studios/reservation/${enc(id)}/calendar.ics`, { auth: true, responseType: "blob" });
