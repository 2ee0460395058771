import { describe, expect, it } from "vitest";
import type { Series, SeriesEnrollment, Workout } from "../../src/api/index.js";
import { nextWorkout } from "../../widgets/series-card/component.js";

const w = (id: string) => ({ id, slug: id, name: id }) as Workout;
const series = { id: "s", slug: "s", name: "S", items: [w("a"), w("b"), w("c")] } as Series;
const enrolment = (states: Record<string, string>) =>
  ({
    series_id: "s",
    status: "enrolled",
    progress_summary: { total_progress: 0, chapter_progress: null },
    series_state: { workouts: Object.entries(states).map(([workout_id, status]) => ({ workout_id, status })) },
  }) as unknown as SeriesEnrollment;

describe("the series card's next workout", () => {
  it("is the first not_started workout in series order", () => {
    expect(nextWorkout(series, enrolment({ a: "completed", b: "not_started", c: "not_started" }))?.id).toBe("b");
    expect(nextWorkout(series, enrolment({ a: "not_started", b: "completed" }))?.id).toBe("a");
  });

  it("counts a workout missing from the state as not started, and is empty when everything was done", () => {
    expect(nextWorkout(series, enrolment({ a: "completed" }))?.id).toBe("b");
    expect(nextWorkout(series, enrolment({ a: "completed", b: "completed", c: "completed" }))).toBeUndefined();
  });
});
