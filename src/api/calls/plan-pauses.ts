import { call, type ApiClient } from "../client.js";

/**
 * Pausing a series or a calendar ("vacation"). Each answers 404 when the member is not enrolled and 409 when it is
 * already paused (pause) or not paused (resume).
 */

/** Pauses a series the member is in; progress is kept. */
export const pauseSeries = (c: ApiClient, seriesId: string) =>
  call(c, "post", "/v2/workouts/series/pause", { body: { series_id: seriesId }, auth: true });

/** Resumes a paused series where it stood. */
export const resumeSeries = (c: ApiClient, seriesId: string) =>
  call(c, "post", "/v2/workouts/series/resume", { body: { series_id: seriesId }, auth: true });

/** The browser's IANA zone: a pause is counted in whole dates of the member's own calendar. */
const tz = () => Intl.DateTimeFormat().resolvedOptions().timeZone;

/** Pauses a calendar: its today stops advancing. Answers the calendar as `getMyCalendars` lists it. */
export const pauseCalendar = (c: ApiClient, id: string) =>
  call(c, "post", "/v2/workouts/calendars/{id}/pause", { params: { id }, body: { tz: tz() }, auth: true });

/** Resumes a paused calendar: the paused day and every later one move by the days it was paused. */
export const resumeCalendar = (c: ApiClient, id: string) =>
  call(c, "post", "/v2/workouts/calendars/{id}/resume", { params: { id }, body: { tz: tz() }, auth: true });
