import { createWidgetElement } from "../ui/element.js";
import { WorkoutSearch } from "./component.js";
import spec from "./element.json";

/** The `<fit-workout-search>` element class (importing it registers nothing; see ./define.ts). */
export const FitWorkoutSearchElement = createWidgetElement(WorkoutSearch, spec);
