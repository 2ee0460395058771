export { en, type MessageKey, type Messages } from "./messages.js";
export { interpolate, t, type Params } from "./translate.js";
export {
  cancellationErrorKey,
  cancellationErrorMessage,
  reservationErrorKey,
  reservationErrorMessage,
  signUpErrorMessage,
} from "./status-messages.js";
