import { call, type ApiClient } from "../client.js";
import type { Series } from "../types.js";

type S = AbortSignal | undefined;

export const getSeriesOverview = (c: ApiClient, signal?: S) =>
  call(c, "get", "/tsapi/series_overview_page", { signal });
export const listSeries = (c: ApiClient, q: { limit?: number; skip?: number } = {}, signal?: S) =>
  call(c, "get", "/tsapi/series", { query: { sortField: "name", ...q }, signal });
export const getSeriesByIds = async (c: ApiClient, ids: string[], signal?: S): Promise<{ items: Series[] }> =>
  ids.length ? call(c, "get", "/tsapi/series", { query: { ids: ids.join(",") }, signal }) : { items: [] };
export const getSeries = (c: ApiClient, slugOrId: string, signal?: S) =>
  call(c, "get", "/tsapi/series/{slug}", { params: { slug: slugOrId }, query: { include: 4 }, signal });
export const enrollSeries = (c: ApiClient, seriesId: string) =>
  call(c, "post", "/v2/workouts/series/enroll", { body: { series_id: seriesId }, auth: true });
export const leaveSeries = (c: ApiClient, seriesId: string) =>
  call(c, "post", "/v2/workouts/series/leave", { body: { series_id: seriesId }, auth: true });
/** The series the member is in with their progress, completed ones included. */
export const getSeriesEnrollments = (c: ApiClient, signal?: S) =>
  call(c, "get", "/v2/workouts/series", { auth: true, signal });

export const getCalendarEnrollments = (c: ApiClient, signal?: S) =>
  call(c, "get", "/tsapi/workout_calendars", { auth: true, signal });
export const getCalendar = (c: ApiClient, slug: string, signal?: S) =>
  call(c, "get", "/tsapi/workout_calendars/{slug}", { params: { slug }, signal });
export const getCalendarIds = (c: ApiClient, signal?: S) => call(c, "get", "/tsapi/workout_calendars/ids", { signal });
export const enrollCalendar = (c: ApiClient, id: string) =>
  call(c, "post", "/v2/workouts/calendars/{id}/enroll", { params: { id }, auth: true });
export const unenrollCalendar = (c: ApiClient, id: string) =>
  call(c, "post", "/v2/workouts/calendars/{id}/unenroll", { params: { id }, auth: true });
/** The member's calendars, dated in the browser's IANA zone (a plan's days are the member's own dates). */
export const getMyCalendars = (c: ApiClient, signal?: S) =>
  call(c, "get", "/v2/workouts/calendars/mine", {
    query: { tz: Intl.DateTimeFormat().resolvedOptions().timeZone },
    auth: true,
    signal,
  });
