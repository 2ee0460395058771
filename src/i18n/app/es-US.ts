import { merge } from "./catalogues.js";
import * as specAreas from "./spec-areas.es-US.js";
import * as planPause from "./plan-pause.es-US.js";
import * as app from "./messages.es-US.js";

/** Everything the app shows in es-US (spec areas, then the app's own wording); keys it lacks fall back to English. */
export const catalogue = merge(specAreas, planPause, app);
