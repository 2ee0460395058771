/** The live schedule's tag and the events it raises (gathered for pages and the hosted app in widgets/constants.ts). */
export const TAG = "fit-live-schedule";
export const EVENTS = {
  classBook: "fit-class-book",
  classCancel: "fit-class-cancel",
} as const;
