// Registers <fit-series-card> (the ESM entry dist/widgets/esm/series-card.js).
import { defineElement } from "../define.js";
import { TAG } from "./names.js";
import { FitSeriesCardElement } from "./element.js";

defineElement(TAG, () => FitSeriesCardElement);
