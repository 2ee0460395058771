import { seriesEn } from "../../src/i18n/spec/series.js";
import { sayWith } from "../ui/copy.js";

/** This widget's chrome labels, then the shared ones and the spec's catalogue. */
export const say = sayWith(
  {
    "series.workouts": "{count} workouts",
    "series.workouts#one": "{count} workout",
    "series.trainers": "Trainers",
    "series.equipment": "Equipment",
    "series.next": "Your Next Workout",
    "series.leaveTitle": "Leave series",
    "series.notFound": "This series is not available.",
  },
  seriesEn,
);
