// The spec areas' fr-CA copy that the app shows too: one line per area file (src/i18n/spec/<area>.fr-CA.ts, exporting a
// Partial of that area's English keys under any name), e.g.
//   export * from "../spec/library.fr-CA.js";
export {};
