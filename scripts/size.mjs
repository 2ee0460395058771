#!/usr/bin/env node
// `npm run size`: gzip sizes of the built browser bundles against their budgets (issue 28's, which replace
// ARCHITECTURE.md's; docs/development.md#budgets). What pages cost on the wire is measured in Chromium by
// tests/e2e/widget-page-weight.test.ts.
// What a page loads before a widget can be used is its entry chunk plus every chunk it imports statically, runtime
// included, read from rollup's chunk graph (dist/size/*.json, written by scripts/bundle-graph.mjs during the build):
// each widget ≤ 28 KB; all five on one page ≤ 44 KB; parts loaded with import() on interaction are reported beside
// them; the hosted app's JS before first paint ≤ 140 KB; the shared core's own code ≤ 6.5 KB in each widget
// (a house sub-budget, not one of ARCHITECTURE.md's: docs/decisions/bundle-budgets.md says why it is 6.5).
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import { coreSizes } from "./core-size.mjs";
import { readGraph } from "./bundle-graph.mjs";

const root = new URL("..", import.meta.url).pathname;
const KB = 1024;
const gz = (file) => gzipSync(readFileSync(file), { level: 9 }).length;
const graphOf = (name) => {
  const file = join(root, "dist", "size", `${name}.json`);
  if (!existsSync(file)) return undefined;
  const graph = JSON.parse(readFileSync(file, "utf8"));
  return { ...readGraph(graph), total: (files) => [...files].reduce((n, f) => n + gz(join(graph.dir, f)), 0) };
};

const rows = [];
let over = 0;
/** A figure without a budget of its own (reported so nothing is hidden). */
function info(name, bytes, note) {
  rows.push(`${name.padEnd(46)} ${(bytes / KB).toFixed(1).padStart(7)} KB  (${note})`);
}
function check(name, bytes, budgetKb) {
  const ok = bytes <= budgetKb * KB;
  if (!ok) over++;
  rows.push(
    `${name.padEnd(46)} ${(bytes / KB).toFixed(1).padStart(7)} KB  (budget ${budgetKb} KB) ${ok ? "ok" : "OVER BUDGET"}`,
  );
}

const widgets = ["workout-search", "series-card", "live-schedule", "referral", "membership-panel"];
const esm = graphOf("widgets-esm");
if (esm) {
  const all = new Set();
  const allLazy = new Set();
  const lazyRows = [];
  const languageRows = [];
  // A widget's translations (widgets/<w>/copy.<locale>.ts, issue 22) are fetched only on a page in that language:
  // reported per widget and language, not as parts loaded on interaction.
  const isCopy = (f) => /^copy\.\w\w-\w\w$/.test(esm.chunks[f]?.name ?? "");
  for (const w of widgets) {
    if (!esm.chunks[`${w}.js`]) continue;
    const files = esm.closure(`${w}.js`);
    files.forEach((f) => all.add(f));
    check(`<fit-${w}> (ESM, gzip)`, esm.total(files), 28);
    for (const locale of ["es-US", "fr-CA"]) {
      const chunks = new Set();
      for (const f of files)
        for (const dyn of esm.chunks[f].dynamicImports)
          if (esm.chunks[dyn]?.name === `copy.${locale}`) esm.closure(dyn, chunks);
      if (chunks.size) languageRows.push([w, locale, esm.total(new Set([...chunks].filter((f) => !files.has(f))))]);
    }
    const later = new Set([...esm.later(files)].filter((f) => !isCopy(f)));
    later.forEach((f) => allLazy.add(f));
    if (later.size) lazyRows.push([w, esm.total(later), esm.total(new Set([...files, ...later]))]);
  }
  if (all.size) check("all five widgets on one page (ESM, gzip)", esm.total(all), 44);
  // The budgets above are for what a page loads before a widget can be used. Parts fetched when a visitor opens a
  // rarely used flow (membership dialogs, the library's filters) are listed here with the whole widget they make.
  for (const [w, later, whole] of lazyRows)
    info(`  <fit-${w}> on interaction (gzip)`, later, `whole widget with it ${(whole / KB).toFixed(1)} KB`);
  // A second language costs at most this small chunk, fetched once per page (an English page fetches none).
  for (const [w, locale, bytes] of languageRows) info(`  <fit-${w}> in ${locale} (gzip)`, bytes, "fetched on use");
  if (allLazy.size)
    info("  all five with every part (gzip)", esm.total(new Set([...all, ...allLazy])), "initial + on interaction");
  // Rollup merges chunks under experimentalMinChunkSize; the modal dialog must stay a part of its own, not shared.
  if (!Object.keys(esm.chunks).some((f) => f.startsWith("lazy-modal-dialog-"))) {
    over++;
    rows.push("widgets/ui/modal-dialog.tsx was merged into a first-load chunk (expected lazy-modal-dialog-*.js)");
  }
}
const iife = join(root, "dist", "widgets", "fitkit.iife.js");
// The one-file build inlines the parts the ESM build loads on interaction (a classic script cannot split): issue 28's
// 52 KB budget for it replaces the 42 KB first asked (the history: docs/decisions/bundle-budgets.md).
if (existsSync(iife)) check("fitkit.iife.js (all five, every part, gzip)", gz(iife), 52);
// Its translations stay out of it (issue 22): a page in Spanish or French fetches i18n/<widget>.<locale>.js beside it
// (with the language's shared chunk of common labels).
const i18nDir = join(root, "dist", "widgets", "i18n");
if (existsSync(i18nDir)) {
  for (const locale of ["es-US", "fr-CA"]) {
    const files = new Set();
    const add = (f) => {
      if (files.has(f)) return;
      files.add(f);
      for (const [, dep] of readFileSync(join(i18nDir, f), "utf8").matchAll(/from\s*["']\.\/([\w.-]+\.js)["']/g))
        add(dep);
    };
    readdirSync(i18nDir)
      .filter((f) => f.endsWith(`.${locale}.js`))
      .forEach(add);
    const bytes = [...files].reduce((n, f) => n + gz(join(i18nDir, f)), 0);
    info(`  fitkit.iife.js in ${locale}, all five (gzip)`, bytes, "i18n/*.js fetched on use");
  }
}

// The shared core's own code inside each widget (from the sources, so it shows before a build too).
for (const [w, bytes] of await coreSizes(root, widgets)) check(`core in <fit-${w}> (gzip)`, bytes, 6.5);
const app = graphOf("app");
if (app?.chunks["main.js"]) check("hosted app before first paint (gzip)", app.total(app.closure("main.js")), 140);

console.log(rows.length ? rows.join("\n") : "nothing built yet: run `npm run build` first");
process.exitCode = over ? 1 : 0;
