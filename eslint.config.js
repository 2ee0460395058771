// ESLint 9 flat config (issue 17): typescript-eslint's type-aware rules on everything the layer projects cover (the
// project service types each file with its own layer's tsconfig.json, found through the root solution), the
// 120-column limit, and fitkit's own footguns (eslint-rules/). `npm run lint`; a tier of `npm test`.
import js from "@eslint/js";
import globals from "globals";
import tseslint from "typescript-eslint";
import fitkit from "./eslint-rules/index.js";

export default tseslint.config(
  { ignores: ["dist/", "data/", "coverage/", "test-artifacts/", "node_modules/", "examples/"] },
  {
    files: ["**/*.{ts,tsx,js,mjs}"],
    extends: [js.configs.recommended, ...tseslint.configs.recommended],
    languageOptions: {
      globals: { ...globals.browser, ...globals.node },
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    linterOptions: { reportUnusedDisableDirectives: "error" },
    plugins: { fitkit },
    rules: {
      "@typescript-eslint/no-floating-promises": "error",
      // goober's glob`` and css`` are calls made for their effect.
      "@typescript-eslint/no-unused-expressions": ["error", { allowTaggedTemplates: true }],
      // The signal graphs (widgets/ui) record the running computation in a module variable, as signals-core does.
      "@typescript-eslint/no-this-alias": "off",
      // An async handler in a JSX attribute is fine: nothing awaits an event handler's result.
      "@typescript-eslint/no-misused-promises": ["error", { checksVoidReturn: { attributes: false } }],
      "@typescript-eslint/no-unnecessary-condition": "error",
      // A `!` or `as` that changes nothing hides which values really can be missing (noUncheckedIndexedAccess is on).
      "@typescript-eslint/no-unnecessary-type-assertion": "error",
      "@typescript-eslint/no-unused-vars": [
        "error",
        {
          args: "after-used",
          argsIgnorePattern: "^_",
          varsIgnorePattern: "^_",
          caughtErrors: "none",
          ignoreRestSiblings: true,
        },
      ],
      // A warning until the one formatting pass (`npm run format`, prettier at 120 columns) lands; then an error.
      // Lines holding a string, template or regex literal may run past 120: that is where the data lives (SVG artwork,
      // CSS, SQL, message catalogues). After prettier no other line does.
      "max-len": [
        "error",
        { code: 120, ignoreUrls: true, ignoreStrings: true, ignoreTemplateLiterals: true, ignoreRegExpLiterals: true },
      ],
    },
  },
  {
    // Plain JS (build scripts, rollup configs) is in no TypeScript project: lint it without type information.
    files: ["**/*.{js,mjs}"],
    extends: [tseslint.configs.disableTypeChecked],
  },
  {
    // Every request goes through the one API client (STYLE.md §5): hooks, retries and ApiError live there.
    files: ["src/**/*.{ts,tsx}", "widgets/**/*.{ts,tsx}", "host/app/**/*.{ts,tsx}"],
    ignores: ["src/api/**"],
    rules: {
      "no-restricted-syntax": [
        "error",
        {
          selector: "CallExpression[callee.name='fetch']",
          message: "Call the API through src/api's client, not a raw fetch (STYLE.md §5).",
        },
        {
          selector: "CallExpression[callee.object.name=/^(window|globalThis|self)$/][callee.property.name='fetch']",
          message: "Call the API through src/api's client, not a raw fetch (STYLE.md §5).",
        },
      ],
    },
  },
  // Generated from the route schemas (scripts/api-types.mjs): their descriptions become comments as long as written.
  { files: ["**/*.gen.ts"], rules: { "max-len": "off" } },
  { files: ["widgets/**/*.tsx"], rules: { "fitkit/jsx-pragma": "error", "fitkit/no-literal-copy": "error" } },
  { files: ["widgets/**/*.{ts,tsx}"], rules: { "fitkit/css-nested-ampersand": "error" } },
);
