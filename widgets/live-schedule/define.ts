// Registers <fit-live-schedule> (the ESM entry dist/widgets/esm/live-schedule.js).
import { defineElement } from "../define.js";
import { TAG } from "./names.js";
import { FitLiveScheduleElement } from "./element.js";

defineElement(TAG, () => FitLiveScheduleElement);
