import { useEffect, useState } from "react";
import { getSeriesEnrollments } from "../../../../src/api/index.js";
import type { SeriesEnrollment } from "../../../../src/api/types.js";
import { useStore } from "../../lib/store.js";
import { useSignal } from "../../lib/use-signal.js";
import { useSession } from "../../lib/session.js";

/**
 * The member's enrolment in one series. Active enrolments come from the shared store (the series cards on the page
 * read the same list); a finished series drops out of that list, so the full list (`active_only` off) is read too,
 * again after every join or leave, to show "YOU DID IT!".
 */
export function useSeriesEnrollment(seriesId: string | undefined) {
  const store = useStore();
  const { signedIn } = useSession();
  const active = useSignal(store.series.enrollments.data);
  const activeDone = useSignal(store.series.enrollments.fulfilled);
  const [all, setAll] = useState<SeriesEnrollment[] | undefined>();

  useEffect(() => {
    if (signedIn) void store.series.enrollments.load();
  }, [signedIn, store]);
  useEffect(() => {
    if (!signedIn) return setAll(undefined);
    const controller = new AbortController();
    getSeriesEnrollments(store.api, controller.signal, true).then(
      (answer) => setAll(answer.series),
      () => undefined,
    );
    return () => controller.abort();
  }, [signedIn, active, store]);

  const inProgress = seriesId ? active?.find((e) => e.series_id === seriesId) : undefined;
  const finished = seriesId ? all?.find((e) => e.series_id === seriesId && e.status === "completed") : undefined;
  return { ready: !signedIn || activeDone, enrollment: inProgress ?? finished, completed: !inProgress && !!finished };
}
