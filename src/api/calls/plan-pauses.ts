import type { ApiClient } from "../client.js";
import type { ResponseBody } from "../contract.js";
import type { SeriesEnrollAnswer } from "../types.js";
import { enc } from "./path.js";

/**
 * Pausing a series or a calendar ("vacation"). Each answers 404 when the member is not enrolled and 409 when it is
 * already paused (pause) or not paused (resume).
 */

/** Pauses a series the member is in; progress is kept. */
export const pauseSeries = (c: ApiClient, seriesId: string) =>
  c.request<SeriesEnrollAnswer>("/v2/workouts/series/pause", {
    method: "POST",
    body: { series_id: seriesId },
    auth: true,
  });

/** Resumes a paused series where it stood. */
export const resumeSeries = (c: ApiClient, seriesId: string) =>
  c.request<SeriesEnrollAnswer>("/v2/workouts/series/resume", {
    method: "POST",
    body: { series_id: seriesId },
    auth: true,
  });

/** The browser's IANA zone: a pause is counted in whole dates of the member's own calendar. */
const tz = () => Intl.DateTimeFormat().resolvedOptions().timeZone;

/** Pauses a calendar: its today stops advancing. Answers the calendar as `getMyCalendars` lists it. */
export const pauseCalendar = (c: ApiClient, id: string) =>
  c.request<ResponseBody<"/v2/workouts/calendars/{id}/pause", "post">>(`/v2/workouts/calendars/${enc(id)}/pause`, {
    method: "POST",
    body: { tz: tz() },
    auth: true,
  });

/** Resumes a paused calendar: the paused day and every later one move by the days it was paused. */
export const resumeCalendar = (c: ApiClient, id: string) =>
  c.request<ResponseBody<"/v2/workouts/calendars/{id}/resume", "post">>(`/v2/workouts/calendars/${enc(id)}/resume`, {
    method: "POST",
    body: { tz: tz() },
    auth: true,
  });
