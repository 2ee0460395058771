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
  const { enrollments, join, leave } = store.series;

  useEffect(() => {
    if (key) void series.load();
  }, [series, key]);
  useEffect(() => {
    if (signedIn) void enrollments.load();
  }, [signedIn]);

  const value: Series | undefined = series.data.value;
  // Completed series too, so a finished series shows YOU DID IT!.
  const enrollment: SeriesEnrollment | undefined = signedIn && value ? store.series.enrollmentOf(value.id) : undefined;
  return {
    signedIn,
    series: { status: series.status.value, value, error: series.error.value },
    ready: signedIn && enrollments.fulfilled.value,
    enrollment,
    busy: join.loading.value || leave.loading.value,
    retry: () => void series.reload(),
    // The slice reloads the enrolments before the write answers.
    join: async (id: string) => (await join.run(id)) !== undefined,
    leave: async (id: string) => (await leave.run(id)) !== undefined,
  };
}
