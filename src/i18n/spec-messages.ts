import { accountEn } from "./spec/account.js";
import { errorDialogEn } from "./spec/error-dialog.js";
import { errorsEn } from "./spec/errors.js";
import { libraryEn } from "./spec/library.js";
import { libraryFiltersEn } from "./spec/library-filters.js";
import { liveEn } from "./spec/live.js";
import { membershipEn } from "./spec/membership.js";
import { membershipStepsEn } from "./spec/membership-steps.js";
import { referralEn } from "./spec/referral.js";
import { refusalsEn } from "./spec/refusals.js";
import { seriesEn } from "./spec/series.js";

/**
 * The spec's own copy (error catalogue, successes, confirmations, series copy, sort and filter labels, referral),
 * keyed by meaning. Kept by area in `spec/` so a widget imports only its area's strings; this is all of them, and the
 * hosted app's further copy extends it in `messages.ts`.
 */
export const specEn = {
  ...errorsEn,
  ...errorDialogEn,
  ...liveEn,
  ...membershipEn,
  ...membershipStepsEn,
  ...seriesEn,
  ...libraryEn,
  ...libraryFiltersEn,
  ...referralEn,
  ...refusalsEn,
  ...accountEn,
} as const;
