// The spec's copy only: what widgets import, so their bundles do not carry the hosted app's copy.
import { specEn, type SpecMessageKey } from "./spec-messages.js";
import { createTranslator, interpolate, type Params } from "./translate-core.js";

export { specEn, interpolate, type Params, type SpecMessageKey };
export { cancellationErrorKey, cancellationErrorMessage, reservationErrorKey, reservationErrorMessage, signUpErrorMessage } from "./status-messages.js";

/** `t()` over the spec's catalogue. */
export const t = createTranslator(specEn);
