import { accountEn } from "./spec/account.js";
import { errorsEn } from "./spec/errors.js";
import { liveEn } from "./spec/live.js";
import { interpolate } from "./translate-core.js";

type StatusKey = keyof typeof liveEn | keyof typeof errorsEn;

/** Spec §8: reservation failure copy by HTTP status. */
export function reservationErrorKey(status: number): StatusKey {
  if (status === 400) return "error.reservation.400";
  if (status === 401 || status === 404) return "error.reservation.notFound";
  return "error.loading";
}

/** Spec §8: cancellation failure copy by HTTP status. */
export function cancellationErrorKey(status: number): StatusKey {
  if (status === 400) return "error.cancellation.400";
  if (status === 401 || status === 422) return "error.cancellation.relogin";
  if (status === 404) return "error.cancellation.404";
  return "error.loading";
}

type SignUpKey = "error.signup.400" | "error.loading" | "error.loadingWithCode";
const signUpEnglish = (key: SignUpKey, params?: Record<string, string | number>) =>
  interpolate(key === "error.signup.400" ? accountEn[key] : errorsEn[key], params);

/**
 * Spec §8 sign-up failure: 400 → "could not be created" plus the detail (added as given); an InternalErrorException
 * (500) → the loading message; anything else → the loading message with the code. `say` answers in the reader's
 * language (the app passes its `t`); English without it.
 */
export function signUpErrorMessage(
  status: number,
  detail?: string | string[],
  say: (key: SignUpKey, params?: Record<string, string | number>) => string = signUpEnglish,
): string {
  if (status === 400)
    return [say("error.signup.400"), ...(Array.isArray(detail) ? detail : detail ? [detail] : [])].join(" ");
  if (status === 500) return say("error.loading");
  return say("error.loadingWithCode", { code: status });
}

// Only the live area and the general errors: the live widget carries these two, not the whole catalogue.
const statusCopy = (key: StatusKey): string =>
  key in liveEn ? liveEn[key as keyof typeof liveEn] : errorsEn[key as keyof typeof errorsEn];
export const reservationErrorMessage = (status: number) => statusCopy(reservationErrorKey(status));
export const cancellationErrorMessage = (status: number) => statusCopy(cancellationErrorKey(status));
