// Registers <fit-workout-search> (the ESM entry dist/widgets/esm/workout-search.js).
import { defineElement } from "../define.js";
import { TAGS } from "../constants.js";
import { FitWorkoutSearchElement } from "./element.js";

defineElement(TAGS.workoutSearch, () => FitWorkoutSearchElement);
