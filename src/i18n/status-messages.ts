import { specEn, type SpecMessageKey } from "./spec-messages.js";
import { createTranslator } from "./translate-core.js";

const t = createTranslator(specEn);

/** Spec §8: reservation failure copy by HTTP status. */
export function reservationErrorKey(status: number): SpecMessageKey {
  if (status === 400) return "error.reservation.400";
  if (status === 401 || status === 404) return "error.reservation.notFound";
  return "error.loading";
}

/** Spec §8: cancellation failure copy by HTTP status. */
export function cancellationErrorKey(status: number): SpecMessageKey {
  if (status === 400) return "error.cancellation.400";
  if (status === 401 || status === 422) return "error.cancellation.relogin";
  if (status === 404) return "error.cancellation.404";
  return "error.loading";
}

/**
 * Spec §8 sign-up failure: 400 → "could not be created" plus the server's detail; an InternalErrorException (500) →
 * the loading message; anything else → the loading message with the code.
 */
export function signUpErrorMessage(status: number, detail?: string | string[]): string {
  if (status === 400) return [t("error.signup.400"), ...(Array.isArray(detail) ? detail : detail ? [detail] : [])].join(" ");
  if (status === 500) return t("error.loading");
  return t("error.loadingWithCode", { code: status });
}

export const reservationErrorMessage = (status: number) => t(reservationErrorKey(status));
export const cancellationErrorMessage = (status: number) => t(cancellationErrorKey(status));
