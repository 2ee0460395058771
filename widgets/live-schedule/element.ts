import { createWidgetElement } from "../ui/element.js";
import { LiveSchedule } from "./component.js";
import spec from "./element.json";

/** The `<fit-live-schedule>` element class (importing it registers nothing; see ./define.ts). */
export const FitLiveScheduleElement = createWidgetElement(LiveSchedule, spec, {
  // Each language is a chunk of its own, fetched when an element first speaks it (English is built in).
  "es-US": () => import("./copy.es-US.js"),
  "fr-CA": () => import("./copy.fr-CA.js"),
});
