// Registers <fit-live-schedule> (the ESM entry dist/widgets/esm/live-schedule.js).
import { defineElement } from "../define.js";
import { TAGS } from "../constants.js";
import { FitLiveScheduleElement } from "./element.js";

defineElement(TAGS.liveSchedule, () => FitLiveScheduleElement);
