// The spec areas' es-US copy that the app shows too: one line per area file (src/i18n/spec/<area>.es-US.ts).
export * from "../spec/account.es-US.js";
export * from "../spec/error-dialog.es-US.js";
export * from "../spec/errors.es-US.js";
export * from "../spec/library-filters.es-US.js";
export * from "../spec/library.es-US.js";
export * from "../spec/live.es-US.js";
export * from "../spec/membership-steps.es-US.js";
export * from "../spec/membership.es-US.js";
export * from "../spec/referral.es-US.js";
export * from "../spec/refusals.es-US.js";
export * from "../spec/series.es-US.js";
