import { createWidgetElement } from "../ui/element.js";
import { WorkoutSearch } from "./component.js";
import spec from "./element.json";

/** The `<fit-workout-search>` element class (importing it registers nothing; see ./define.ts). */
export const FitWorkoutSearchElement = createWidgetElement(WorkoutSearch, spec, {
  // Each language is a chunk of its own, fetched when an element first speaks it (English is built in).
  "es-US": () => import("./copy.es-US.js"),
  "fr-CA": () => import("./copy.fr-CA.js"),
});
