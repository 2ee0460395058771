import { createWidgetElement } from "../ui/element.js";
import { SeriesCard } from "./component.js";
import spec from "./element.json";

/** The `<fit-series-card>` element class (importing it registers nothing; see ./define.ts). */
export const FitSeriesCardElement = createWidgetElement(SeriesCard, spec);
