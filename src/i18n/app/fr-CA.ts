import { merge } from "./catalogues.js";
import * as specAreas from "./spec-areas.fr-CA.js";
import * as planPause from "./plan-pause.fr-CA.js";
import * as app from "./messages.fr-CA.js";

/** Everything the app shows in fr-CA (spec areas, then the app's own wording); keys it lacks fall back to English. */
export const catalogue = merge(specAreas, planPause, app);
