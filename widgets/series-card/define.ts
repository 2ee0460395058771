// Registers <fit-series-card> (the ESM entry dist/widgets/esm/series-card.js).
import { defineElement } from "../define.js";
import { TAGS } from "../constants.js";
import { FitSeriesCardElement } from "./element.js";

defineElement(TAGS.seriesCard, () => FitSeriesCardElement);
