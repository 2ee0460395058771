export { en, type MessageKey } from "./messages.js";
export { currentLocale, plural, t } from "./translate.js";
export { interpolate } from "./translate-core.js";
export {
  cancellationErrorKey,
  cancellationErrorMessage,
  reservationErrorKey,
  reservationErrorMessage,
  signUpErrorMessage,
} from "./status-messages.js";
