import { useEffect } from "react";
import { useStore } from "../../lib/store.js";
import { useSignal } from "../../lib/use-signal.js";
import { useSession } from "../../lib/session.js";

/**
 * The member's enrolment in one series, from the shared store's list (the series cards on the page read the same
 * one, and a join, leave, pause or finished workout reloads it): in progress, or completed to show "YOU DID IT!".
 */
export function useSeriesEnrollment(seriesId: string | undefined) {
  const store = useStore();
  const { signedIn } = useSession();
  const enrollments = useSignal(store.series.enrollments.data);
  const ready = useSignal(store.series.ready);

  useEffect(() => {
    if (signedIn) void store.series.enrollments.load();
  }, [signedIn, store]);

  const enrollment = seriesId ? enrollments?.find((e) => e.series_id === seriesId) : undefined;
  return { ready: !signedIn || ready, enrollment, completed: enrollment?.status === "completed" };
}
