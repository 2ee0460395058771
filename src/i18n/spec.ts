// The spec's copy only: what widgets import, so their bundles do not carry the hosted app's copy. A widget that
// wants only its own area imports the area catalogue (`spec/<area>.ts`) instead of `specEn` and `t`.
import { specEn, type SpecMessageKey } from "./spec-messages.js";
import { createTranslator, interpolate, type Params } from "./translate-core.js";

export { specEn, interpolate, type Params, type SpecMessageKey };
export { errorsEn } from "./spec/errors.js";
export { errorDialogEn } from "./spec/error-dialog.js";
export { liveEn } from "./spec/live.js";
export { membershipEn } from "./spec/membership.js";
export { membershipStepsEn } from "./spec/membership-steps.js";
export { seriesEn } from "./spec/series.js";
export { libraryEn } from "./spec/library.js";
export { libraryFiltersEn } from "./spec/library-filters.js";
export { referralEn } from "./spec/referral.js";
export {
  cancellationErrorKey,
  cancellationErrorMessage,
  reservationErrorKey,
  reservationErrorMessage,
  signUpErrorMessage,
} from "./status-messages.js";

/** `t()` over the spec's catalogue. */
export const t = createTranslator(specEn);
