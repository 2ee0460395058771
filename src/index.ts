// The shared core's whole public API: what widgets and the hosted app import.
export * from "./api/index.js";
export * from "./auth/index.js";
export * from "./store/index.js";
export * from "./domain/index.js";
export * from "./i18n/index.js";
export * from "./analytics/index.js";
