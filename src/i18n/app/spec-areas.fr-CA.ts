// The spec areas' fr-CA copy that the app shows too: one line per area file (src/i18n/spec/<area>.fr-CA.ts).
export * from "../spec/account.fr-CA.js";
export * from "../spec/error-dialog.fr-CA.js";
export * from "../spec/errors.fr-CA.js";
export * from "../spec/library-filters.fr-CA.js";
export * from "../spec/library.fr-CA.js";
export * from "../spec/live.fr-CA.js";
export * from "../spec/membership-steps.fr-CA.js";
export * from "../spec/membership.fr-CA.js";
export * from "../spec/referral.fr-CA.js";
export * from "../spec/refusals.fr-CA.js";
export * from "../spec/series.fr-CA.js";
