import { computed } from "@preact/signals-core";
import * as api from "../../api/index.js";
import type { StoreContext } from "../context.js";
import type { SliceDef } from "../store-core.js";
import { createMutation } from "../mutation.js";
import { createResource } from "../resource.js";

/**
 * Series pages, the member's enrolments, join and leave (spec §4). The enrolments are read once, completed series
 * included (a finished series shows "YOU DID IT!"); `active` is the spec's list of the series the member is in.
 */
function createSeriesSlice(ctx: StoreContext) {
  const c = ctx.api;
  const enrollments = ctx.watch(
    "series.enrollments",
    createResource((s) => api.getSeriesEnrollments(c, s).then((r) => r.series)),
  );
  const active = computed(() => enrollments.data.value?.filter((e) => e.status !== "completed"));
  const changed = ctx.after("series.enrollments");
  return {
    overview: createResource((s) => api.getSeriesOverview(c, s)),
    list: createResource((s, q: { limit?: number; skip?: number } = {}) => api.listSeries(c, q, s)),
    byIds: createResource(
      (s, ids: string[]) => api.getSeriesByIds(c, ids, s).then((r) => r.items),
      (ids) => ids.join(","),
    ),
    detail: createResource((s, slugOrId: string) => api.getSeries(c, slugOrId, s)),
    enrollments,
    /** The enrolments in series not completed yet (undefined until loaded). */
    active,
    /** Spec §4: enrolment is ready once loaded, and enrolled when the member is in a series not completed yet. */
    ready: enrollments.fulfilled,
    enrolled: computed(() => (active.value?.length ?? 0) > 0),
    /** The member's enrolment in a series, completed or not. */
    enrollmentOf: (seriesId: string) => enrollments.data.value?.find((e) => e.series_id === seriesId),
    join: createMutation((seriesId: string) => api.enrollSeries(c, seriesId).then(changed)),
    /** Leaving does not keep progress. */
    leave: createMutation((seriesId: string) => api.leaveSeries(c, seriesId).then(changed)),
    reset: () => enrollments.reset(),
  };
}
export type SeriesSlice = ReturnType<typeof createSeriesSlice>;

/** Workout calendars; the enrolment list needs a member (spec §7). */
function createCalendarsSlice(ctx: StoreContext) {
  const c = ctx.api;
  const enrollments = ctx.watch(
    "calendars.enrollments",
    createResource((s) => api.getCalendarEnrollments(c, s).then((r) => r.data)),
  );
  const mine = ctx.watch(
    "calendars.mine",
    createResource((s) => api.getMyCalendars(c, s)),
  );
  const changed = ctx.after("calendars.enrollments", "calendars.mine");
  return {
    enrollments,
    mine,
    detail: createResource((s, slug: string) => api.getCalendar(c, slug, s)),
    ids: createResource((s) => api.getCalendarIds(c, s)),
    isEnrolled: (calendarId: string) =>
      !!enrollments.data.value?.some((e) => e.calendar_id === calendarId && e.status === "enrolled"),
    enroll: createMutation((id: string) => api.enrollCalendar(c, id).then(changed)),
    unenroll: createMutation((id: string) => api.unenrollCalendar(c, id).then(changed)),
    reset() {
      enrollments.reset();
      mine.reset();
    },
  };
}
export type CalendarsSlice = ReturnType<typeof createCalendarsSlice>;

export const seriesSlice: SliceDef<"series", SeriesSlice> = { name: "series", create: createSeriesSlice };

export const calendarsSlice: SliceDef<"calendars", CalendarsSlice> = {
  name: "calendars",
  create: createCalendarsSlice,
};
