// The widget kit's browser builds, imported by the top-level rollup.config.mjs:
//  1. ESM: one self-registering entry per widget (dist/widgets/esm/<name>.js) and the shared runtime chunks rollup
//     splits out (a page loading one widget loads only what that widget uses);
//  2. one classic IIFE with all five (dist/widgets/fitkit.iife.js) for script-tag sites;
//  then custom-elements.json, the type declarations (DOM + React JSX) and the SRI manifest, all from the
//  widgets' element.json metadata (see widgets/build/).
import { readFileSync, rmSync } from "node:fs";
import { fileURLToPath } from "node:url";
import nodeResolve from "@rollup/plugin-node-resolve";
import terser from "@rollup/plugin-terser";
import { transform } from "esbuild";
import { WIDGETS, writeArtifacts } from "./build/artifacts.mjs";
import { bundleGraph } from "../scripts/bundle-graph.mjs";
import { precompress } from "../scripts/precompress.mjs";

const root = fileURLToPath(new URL("..", import.meta.url));
const out = `${root}dist/widgets`;

/** TypeScript and Preact JSX through esbuild (types are checked by `npm run typecheck`, not here). */
function esbuildTs() {
  return {
    name: "esbuild-ts",
    async transform(code, id) {
      if (!/\.tsx?$/.test(id)) return null;
      const result = await transform(code, {
        loader: id.endsWith(".tsx") ? "tsx" : "ts",
        jsx: "transform",
        jsxFactory: "h",
        jsxFragment: "Fragment",
        banner: id.endsWith(".tsx") ? 'import { h, Fragment } from "preact";' : "",
        // The kit already needs Chrome 111 / Safari 16.2 / Firefox 113 (CSS color-mix): ES2022 classes (private
        // methods, fields) ship as written instead of WeakMap/WeakSet helpers.
        target: "es2022",
        sourcemap: true,
        sourcefile: id,
      });
      return { code: result.code, map: result.map };
    },
  };
}

/**
 * element.json files ship only what the bridge reads at runtime (names, and types other than the default string),
 * never their documentation.
 */
function elementMetadata() {
  return {
    name: "element-metadata",
    load(id) {
      if (!id.endsWith("element.json")) return null;
      const meta = JSON.parse(readFileSync(id, "utf8"));
      const slim = {
        // The bridge reads any other type (a string, a union of string literals) as a string.
        attributes: (meta.attributes ?? []).map(({ name, type = "" }) =>
          /^(number|boolean)$/.test(type) ? { name, type } : { name },
        ),
        properties: (meta.properties ?? []).map(({ name }) => ({ name })),
      };
      return `export default ${JSON.stringify(slim)};`;
    },
  };
}

/**
 * Collapses the whitespace of the kit's CSS template literals (`css` tags and the base theme), which no JS
 * minifier touches. Only widgets/ sources, and only literals whose holes are plain names.
 */
function compactCss() {
  // Never before ":" (".a :focus" is a descendant selector); after it only declarations have spaces. Every ";" stays:
  // goober's parser ends a declaration only at ";".
  const squeeze = (css) =>
    css
      .replace(/\s+/g, " ")
      .replace(/\s*([{};,>])\s*/g, "$1")
      .replace(/:\s+/g, ":")
      .trim();
  return {
    name: "compact-css",
    transform(code, id) {
      if (!id.includes("/widgets/") || !/\.tsx?$/.test(id)) return null;
      const out = code.replace(
        /(css|const (?:light|dark|baseCss) = )`((?:[^`$]|\$\{\w+\})*)`/g,
        (whole, tag, body) => `${tag}\`${squeeze(body)}\``,
      );
      return out === code ? null : { code: out, map: null };
    },
  };
}

const plugins = () => [
  elementMetadata(),
  compactCss(),
  nodeResolve({ browser: true, extensions: [".ts", ".tsx", ".mjs", ".js"] }),
  esbuildTs(),
  terser({
    ecma: 2022,
    module: true,
    compress: {
      passes: 3,
      pure_getters: true,
      unsafe_arrows: true,
      global_defs: { "process.env.NODE_ENV": "production" },
    },
    format: { comments: false },
  }),
];

/** The translated languages (English is built into every widget); src/domain/locales.ts names them all. */
const TRANSLATED = ["es-US", "fr-CA"];

/**
 * The one-file build does not inline the widgets' translations (an English page would pay for every language): each
 * `import("./copy.<locale>.js")` of widgets/<widget>/ loads i18n/<widget>.<locale>.js (an ES module of the i18n
 * build below) from beside the script, resolved against the script's URL read when it ran.
 */
function translationsBesideScript() {
  return {
    name: "translations-beside-script",
    resolveDynamicImport(specifier, importer) {
      const m = typeof specifier === "string" && /^\.\/copy\.(\w\w-\w\w)\.js$/.exec(specifier);
      const widget = importer?.replace(/\\/g, "/").match(/widgets\/([\w-]+)\/[^/]+$/)?.[1];
      return m && widget ? { id: `./i18n/${widget}.${m[1]}.js`, external: true } : null;
    },
    renderDynamicImport({ targetModuleId }) {
      if (!targetModuleId?.startsWith("./i18n/")) return null;
      return { left: "import(new URL(", right: ", fitkitScript).href)" };
    },
  };
}

const onwarn = (warning, warn) => {
  if (warning.code === "CIRCULAR_DEPENDENCY" && warning.ids?.every((i) => i.includes("node_modules"))) return;
  warn(warning);
};

export default [
  {
    input: Object.fromEntries(WIDGETS.map((w) => [w, `${root}widgets/${w}/define.ts`])),
    // Parts a widget loads on interaction (dynamic imports) are named lazy-*, so the size report can tell them apart.
    output: {
      dir: `${out}/esm`,
      format: "es",
      entryFileNames: "[name].js",
      chunkFileNames: (c) => (c.isDynamicEntry ? "lazy-[name]-[hash].js" : "shared-[hash].js"),
      // A chunk of a few hundred bytes costs more in its own request and gzip frame than it saves: rollup merges it
      // into a larger chunk where that changes no side effects. The limit stays under the modal dialog's part
      // (widgets/ui/modal-dialog.tsx, every widget's dialogs), which would otherwise be merged back into the shared
      // chunk; `npm run size` (part of `npm test`) fails if it ever is.
      experimentalMinChunkSize: 1500,
      sourcemap: true,
    },
    plugins: [
      { name: "clean", buildStart: () => rmSync(out, { recursive: true, force: true }) },
      ...plugins(),
      bundleGraph(`${root}dist/size/widgets-esm.json`),
      precompress(),
    ],
    onwarn,
  },
  {
    input: `${root}widgets/all.ts`,
    // One file for script tags: the lazily loaded parts are inlined.
    output: {
      file: `${out}/fitkit.iife.js`,
      format: "iife",
      inlineDynamicImports: true,
      generatedCode: "es2015",
      // Where the script was loaded from, read while it runs (document.currentScript is gone by the time a widget
      // asks for a translation).
      intro: "const fitkitScript = (document.currentScript && document.currentScript.src) || document.baseURI;",
      sourcemap: true,
    },
    plugins: [
      translationsBesideScript(),
      ...plugins(),
      { name: "widget-artifacts", writeBundle: () => writeArtifacts(root, out) },
      precompress(),
    ],
    onwarn,
  },
  {
    // The translations the one-file build loads (translationsBesideScript): one ES module per widget and language,
    // i18n/<widget>.<locale>.js beside fitkit.iife.js, sharing the common labels' chunk of each language.
    input: Object.fromEntries(
      WIDGETS.flatMap((w) => TRANSLATED.map((l) => [`${w}.${l}`, `${root}widgets/${w}/copy.${l}.ts`])),
    ),
    output: { dir: `${out}/i18n`, format: "es", entryFileNames: "[name].js", chunkFileNames: "shared-[hash].js" },
    plugins: [...plugins(), precompress()],
    onwarn,
  },
];
