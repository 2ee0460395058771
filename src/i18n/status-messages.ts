import { accountEn } from "./spec/account.js";
import { errorsEn } from "./spec/errors.js";
import { liveEn } from "./spec/live.js";
import { interpolate } from "./translate-core.js";

export type StatusKey = keyof typeof liveEn | keyof typeof errorsEn;
/** A catalogue lookup in the reader's language (the app's `t`, a widget's `say`); English when none is given. */
type Say = (key: StatusKey | keyof typeof accountEn, params?: Record<string, string | number>) => string;

/** Spec §8: reservation failure copy by HTTP status. */
function reservationErrorKey(status: number): StatusKey {
  if (status === 400) return "error.reservation.400";
  if (status === 401 || status === 404) return "error.reservation.notFound";
  return "error.loading";
}

/** Spec §8: cancellation failure copy by HTTP status. */
function cancellationErrorKey(status: number): StatusKey {
  if (status === 400) return "error.cancellation.400";
  if (status === 401 || status === 422) return "error.cancellation.relogin";
  if (status === 404) return "error.cancellation.404";
  return "error.loading";
}

/**
 * Spec §8 sign-up failure: 400 → "could not be created" plus the detail (added as given); an InternalErrorException
 * (500) → the loading message; anything else → the loading message with the code. `say` answers in the reader's
 * language.
 */
export function signUpErrorMessage(status: number, detail?: string | string[], say: Say = english): string {
  if (status === 400)
    return [say("error.signup.400"), ...(Array.isArray(detail) ? detail : detail ? [detail] : [])].join(" ");
  if (status === 500) return say("error.loading");
  return say("error.loadingWithCode", { code: status });
}

// Only the live area, the general errors and the account area: the live widget carries these, not the whole catalogue.
const english: Say = (key, params) => {
  const text =
    key in liveEn
      ? liveEn[key as keyof typeof liveEn]
      : key in errorsEn
        ? errorsEn[key as keyof typeof errorsEn]
        : accountEn[key as keyof typeof accountEn];
  return interpolate(text, params);
};
export const reservationErrorMessage = (status: number, say: Say = english) => say(reservationErrorKey(status));
export const cancellationErrorMessage = (status: number, say: Say = english) => say(cancellationErrorKey(status));
