/** The library's tag and the events it raises (gathered for pages and the hosted app in widgets/constants.ts). */
export const TAG = "fit-workout-search";
export const EVENTS = {
  workoutSelect: "fit-workout-select",
  filtersChange: "fit-filters-change",
} as const;
