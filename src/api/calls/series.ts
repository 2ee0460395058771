import type { ApiClient } from "../client.js";
import type {
  CalendarEnrollAnswer,
  CalendarEnrollment,
  MyCalendars,
  Page,
  Series,
  SeriesDetail,
  SeriesEnrollAnswer,
  SeriesEnrollment,
  SeriesOverview,
  WorkoutCalendar,
  WorkoutCalendars,
} from "../types.js";
import { enc } from "./path.js";

type S = AbortSignal | undefined;

export const getSeriesOverview = (c: ApiClient, signal?: S) =>
  c.request<SeriesOverview>("/tsapi/series_overview_page", { signal });
export const listSeries = (c: ApiClient, q: { limit?: number; skip?: number } = {}, signal?: S) =>
  c.request<Page<Series>>("/tsapi/series", { query: { sortField: "name", ...q }, signal });
export const getSeriesByIds = async (c: ApiClient, ids: string[], signal?: S): Promise<{ items: Series[] }> =>
  ids.length ? c.request("/tsapi/series", { query: { ids: ids.join(",") }, signal }) : { items: [] };
export const getSeries = (c: ApiClient, slugOrId: string, signal?: S) =>
  c.request<SeriesDetail>(`/tsapi/series/${enc(slugOrId)}`, { query: { include: 4 }, signal });
export const enrollSeries = (c: ApiClient, seriesId: string) =>
  c.request<SeriesEnrollAnswer>("/v2/workouts/series/enroll", {
    method: "POST",
    body: { series_id: seriesId },
    auth: true,
  });
export const leaveSeries = (c: ApiClient, seriesId: string) =>
  c.request<SeriesEnrollAnswer>("/v2/workouts/series/leave", {
    method: "POST",
    body: { series_id: seriesId },
    auth: true,
  });
export const getSeriesEnrollments = (c: ApiClient, signal?: S) =>
  c.request<{ series: SeriesEnrollment[] }>("/v2/workouts/series", {
    query: { active_only: true },
    auth: true,
    signal,
  });

export const getCalendarEnrollments = (c: ApiClient, signal?: S) =>
  c.request<{ data: CalendarEnrollment[] }>("/tsapi/workout_calendars", { auth: true, signal });
export const getCalendar = (c: ApiClient, slug: string, signal?: S) =>
  c.request<WorkoutCalendar>(`/tsapi/workout_calendars/${enc(slug)}`, { signal });
export const getCalendarIds = (c: ApiClient, signal?: S) =>
  c.request<WorkoutCalendars>("/tsapi/workout_calendars/ids", { signal });
export const enrollCalendar = (c: ApiClient, id: string) =>
  c.request<CalendarEnrollAnswer>(`/v2/workouts/calendars/${enc(id)}/enroll`, { method: "POST", auth: true });
export const unenrollCalendar = (c: ApiClient, id: string) =>
  c.request<CalendarEnrollAnswer>(`/v2/workouts/calendars/${enc(id)}/unenroll`, { method: "POST", auth: true });
/** The member's calendars, dated in the browser's IANA zone (a plan's days are the member's own dates). */
export const getMyCalendars = (c: ApiClient, signal?: S) =>
  c.request<MyCalendars>("/v2/workouts/calendars/mine", {
    query: { tz: Intl.DateTimeFormat().resolvedOptions().timeZone },
    auth: true,
    signal,
  });
