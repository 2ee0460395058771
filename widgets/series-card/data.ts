import { useEffect } from "preact/hooks";
import * as api from "../../src/api/index.js";
import type { Series, SeriesEnrollment } from "../../src/api/index.js";
import { keyedResource, seriesSlice } from "../../src/store/index.js";
import { useStore } from "../ui/store.js";

/** One series (its own resource per slug, so several cards on a page coexist) and the member's enrolments. */
export function useSeriesCard(slugOrId: string | undefined) {
  const store = useStore(seriesSlice);
  const signedIn = store.session.signedIn.value;
  const key = slugOrId ?? "";
  const series = keyedResource(store, `series:${key}`, (s) => api.getSeries(store.api, key, s));
  // Completed series too (the slice's list is the spec's active_only one), so a finished series shows YOU DID IT!.
  const enrollments = keyedResource(store, "series.enrollments:all", (s) =>
    api.getSeriesEnrollments(store.api, s, true).then((r) => r.series),
  );

  useEffect(() => {
    if (key) void series.load();
  }, [series, key]);
  useEffect(() => {
    // Member data: forget it on sign-out so another member signing in on this page never sees it.
    if (signedIn) void enrollments.load();
    else enrollments.reset();
  }, [signedIn]);

  const value: Series | undefined = series.data.value;
  const enrollment: SeriesEnrollment | undefined =
    signedIn && value ? enrollments.data.value?.find((e) => e.series_id === value.id) : undefined;
  return {
    signedIn,
    series: { status: series.status.value, value, error: series.error.value },
    ready: signedIn && enrollments.fulfilled.value,
    enrollment,
    busy: store.series.join.loading.value || store.series.leave.loading.value,
    retry: () => void series.reload(),
    join: async (id: string) => (await store.series.join.run(id)) !== undefined && (await enrollments.reload(), true),
    leave: async (id: string) => (await store.series.leave.run(id)) !== undefined && (await enrollments.reload(), true),
  };
}
