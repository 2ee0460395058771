// The spec's copy only: what widgets import, so their bundles do not carry the hosted app's copy. A widget that
// wants only its own area imports the area catalogue (`spec/<area>.ts`) instead of `specEn` and `t`.
import { specEn } from "./spec-messages.js";
import { createTranslator } from "./translate-core.js";

export { specEn };
export { reservationErrorMessage } from "./status-messages.js";

/** `t()` over the spec's catalogue. */
export const t = createTranslator(specEn);
