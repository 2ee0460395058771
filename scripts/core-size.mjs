// The shared core's own weight in each widget: each widget's define entry bundled (minified, gzip) with and without
// `src/`, Preact, signals, goober and ofetch left out of both. The difference is what the core adds (budget 6 KB).
import { existsSync } from "node:fs";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import { build } from "esbuild";

const runtime = [
  "preact",
  "preact/*",
  "@preact/signals",
  "@preact/signals-core",
  "goober",
  "ofetch",
  "@mux/mux-player",
];
/** Leaves the widget's imports of the core unresolved, so the second bundle holds everything but the core. */
const coreOut = {
  name: "core-out",
  setup(b) {
    b.onResolve({ filter: /(^|\/)src\// }, (a) =>
      a.importer.includes("/widgets/") ? { path: a.path, external: true } : undefined,
    );
  },
};

/**
 * A widget's translations (`import("./copy.<locale>.js")`, issue 22) are fetched only on a page in that language and
 * size.mjs reports them apart; esbuild would otherwise inline them, spec catalogues (core) included.
 */
const translationsOut = {
  name: "translations-out",
  setup(b) {
    b.onResolve({ filter: /^\.\/copy\.\w\w-\w\w\.js$/ }, (a) => ({ path: a.path, external: true }));
  },
};

async function gzipOf(entry, plugins) {
  const r = await build({
    entryPoints: [entry],
    bundle: true,
    minify: true,
    format: "esm",
    write: false,
    jsx: "automatic",
    jsxImportSource: "preact",
    loader: { ".json": "json" },
    external: runtime,
    plugins: [translationsOut, ...plugins],
    logLevel: "silent",
  });
  return gzipSync(r.outputFiles[0].contents, { level: 9 }).length;
}

/** Bytes the core adds to each widget's define entry that exists: `[[name, bytes]]`. */
export async function coreSizes(root, widgets) {
  const rows = [];
  for (const w of widgets) {
    const entry = join(root, "widgets", w, "define.ts");
    if (!existsSync(entry)) continue;
    rows.push([w, (await gzipOf(entry, [])) - (await gzipOf(entry, [coreOut]))]);
  }
  return rows;
}
