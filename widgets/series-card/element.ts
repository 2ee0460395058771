import { createWidgetElement } from "../ui/element.js";
import { SeriesCard } from "./component.js";
import spec from "./element.json";

/** The `<fit-series-card>` element class (importing it registers nothing; see ./define.ts). */
export const FitSeriesCardElement = createWidgetElement(SeriesCard, spec, {
  // Each language is a chunk of its own, fetched when an element first speaks it (English is built in).
  "es-US": () => import("./copy.es-US.js"),
  "fr-CA": () => import("./copy.fr-CA.js"),
});
