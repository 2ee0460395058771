// Registers <fit-workout-search> (the ESM entry dist/widgets/esm/workout-search.js).
import { defineElement } from "../define.js";
import { TAG } from "./names.js";
import { FitWorkoutSearchElement } from "./element.js";

defineElement(TAG, () => FitWorkoutSearchElement);
