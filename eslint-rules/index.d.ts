import type { ESLint } from "eslint";

declare const plugin: ESLint.Plugin & {
  rules: Record<"jsx-pragma" | "css-nested-ampersand" | "no-literal-copy", NonNullable<ESLint.Plugin["rules"]>[string]>;
};
export default plugin;
