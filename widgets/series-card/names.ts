/** A series card's tag and the events it raises (gathered for pages and the hosted app in widgets/constants.ts). */
export const TAG = "fit-series-card";
export const EVENTS = {
  seriesJoin: "fit-series-join",
  seriesLeave: "fit-series-leave",
} as const;
