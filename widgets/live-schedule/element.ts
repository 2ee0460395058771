import { createWidgetElement } from "../ui/element.js";
import { LiveSchedule } from "./component.js";
import spec from "./element.json";
import { languages } from "./languages.js";

/** The `<fit-live-schedule>` element class (importing it registers nothing; see ./define.ts). */
export const FitLiveScheduleElement = createWidgetElement(LiveSchedule, spec, languages);
