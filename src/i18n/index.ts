export { en, type MessageKey, type Messages } from "./messages.js";
export { specEn, type SpecMessageKey } from "./spec-messages.js";
export { t } from "./translate.js";
export { createTranslator, interpolate, type Params } from "./translate-core.js";
export {
  cancellationErrorKey,
  cancellationErrorMessage,
  reservationErrorKey,
  reservationErrorMessage,
  signUpErrorMessage,
} from "./status-messages.js";
