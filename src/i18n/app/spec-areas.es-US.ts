// The spec areas' es-US copy that the app shows too: one line per area file (src/i18n/spec/<area>.es-US.ts, exporting a
// Partial of that area's English keys under any name), e.g.
//   export * from "../spec/library.es-US.js";
export {};
