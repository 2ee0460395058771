import * as api from "../../api/index.js";
import type { StoreContext } from "../context.js";
import type { SliceExtension } from "../store-core.js";
import { createMutation } from "../mutation.js";
import type { CalendarsSlice, SeriesSlice } from "./series.js";

/** Pause and resume of a series: pausing keeps progress; resuming carries on from the same next workout. */
function createSeriesPauses(ctx: StoreContext) {
  const refreshed = ctx.after("series.enrollments");
  return {
    pause: createMutation((seriesId: string) => api.pauseSeries(ctx.api, seriesId).then(refreshed)),
    resume: createMutation((seriesId: string) => api.resumeSeries(ctx.api, seriesId).then(refreshed)),
  };
}

/** Pause and resume of a calendar: while paused today's day stays put; resuming moves the rest of the plan. */
function createCalendarPauses(ctx: StoreContext) {
  const refreshed = ctx.after("calendars.enrollments", "calendars.mine");
  return {
    pause: createMutation((id: string) => api.pauseCalendar(ctx.api, id).then(refreshed)),
    resume: createMutation((id: string) => api.resumeCalendar(ctx.api, id).then(refreshed)),
  };
}

/**
 * Pausing a series ("vacation") on `store.series`, for the hosted app only (createStore and getSharedStore register
 * it), so the series card widget does not carry it.
 */
export const seriesPauses: SliceExtension<"series", SeriesSlice, ReturnType<typeof createSeriesPauses>> = {
  extends: "series",
  create: createSeriesPauses,
};

/** Pausing a calendar on `store.calendars` (hosted app). */
export const calendarPauses: SliceExtension<"calendars", CalendarsSlice, ReturnType<typeof createCalendarPauses>> = {
  extends: "calendars",
  create: createCalendarPauses,
};
