#!/usr/bin/env node
// `npm run size`: gzip sizes of the built browser bundles against the budgets in ARCHITECTURE.md.
// Each widget's whole script (its entry plus every chunk it imports statically: what loads before it can be used)
// ≤ 20 KB; all five together ≤ 40 KB; parts fetched on interaction (dynamic imports) are reported beside them;
// the hosted app's JS before first paint ≤ 120 KB; the shared core's own code ≤ 6 KB in each widget.
import { existsSync, readFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { gzipSync } from "node:zlib";
import { coreSizes } from "./core-size.mjs";

const root = new URL("..", import.meta.url).pathname;
const KB = 1024;
const gz = (file) => gzipSync(readFileSync(file), { level: 9 }).length;

/** The entry and every static import it pulls in, transitively (what the browser loads before first use). */
function closure(entry, seen = new Set()) {
  if (seen.has(entry) || !existsSync(entry)) return seen;
  seen.add(entry);
  const code = readFileSync(entry, "utf8");
  for (const m of code.matchAll(/(?:^|[;\n}])\s*import\s*(?:[\w*{}\s,$]+from\s*)?["'](\.[^"']+)["']/g)) closure(resolve(dirname(entry), m[1]), seen);
  return seen;
}
const total = (files) => [...files].reduce((n, f) => n + gz(f), 0);
/**
 * What the entry's scripts fetch later with `import("./…")` (flows opened on interaction), minus what it already has.
 */
function lazyParts(initial) {
  const later = new Set();
  for (const file of initial) {
    for (const m of readFileSync(file, "utf8").matchAll(/\bimport\(\s*["'](\.[^"']+)["']\s*\)/g)) closure(resolve(dirname(file), m[1]), later);
  }
  return new Set([...later].filter((f) => !initial.has(f)));
}

const rows = [];
let over = 0;
/** A figure without a budget of its own (reported so nothing is hidden). */
function info(name, bytes, note) {
  rows.push(`${name.padEnd(46)} ${(bytes / KB).toFixed(1).padStart(7)} KB  (${note})`);
}
function check(name, bytes, budgetKb) {
  const ok = bytes <= budgetKb * KB;
  if (!ok) over++;
  rows.push(`${name.padEnd(46)} ${(bytes / KB).toFixed(1).padStart(7)} KB  (budget ${budgetKb} KB) ${ok ? "ok" : "OVER BUDGET"}`);
}

const widgets = ["workout-search", "series-card", "live-schedule", "referral", "membership-panel"];
const esm = join(root, "dist", "widgets", "esm");
const all = new Set();
const allLazy = new Set();
const lazyRows = [];
for (const w of widgets) {
  const entry = join(esm, `${w}.js`);
  if (!existsSync(entry)) continue;
  const files = closure(entry);
  files.forEach((f) => all.add(f));
  check(`<fit-${w}> (ESM, gzip)`, total(files), 20);
  const later = lazyParts(files);
  later.forEach((f) => allLazy.add(f));
  if (later.size) lazyRows.push([w, total(later), total(new Set([...files, ...later]))]);
}
if (all.size) check("all five widgets on one page (ESM, gzip)", total(all), 40);
// The budgets above are for what a page loads before a widget can be used. Parts fetched when a visitor opens a
// rarely used flow (membership dialogs, the library's filters) are listed here with the whole widget they make.
for (const [w, later, whole] of lazyRows) info(`  <fit-${w}> on interaction (gzip)`, later, `whole widget with it ${(whole / KB).toFixed(1)} KB`);
if (allLazy.size) info("  all five with every part (gzip)", total(new Set([...all, ...allLazy])), "initial + on interaction");
const iife = join(root, "dist", "widgets", "fitkit.iife.js");
if (existsSync(iife)) check("fitkit.iife.js (all five, gzip)", gz(iife), 40);
// The shared core's own code inside each widget (from the sources, so it shows before a build too).
for (const [w, bytes] of await coreSizes(root, widgets)) check(`core in <fit-${w}> (gzip)`, bytes, 6);
const appEntry = join(root, "dist", "app", "assets", "main.js");
if (existsSync(appEntry)) check("hosted app before first paint (gzip)", total(closure(appEntry)), 120);

console.log(rows.length ? rows.join("\n") : "nothing built yet: run `npm run build` first");
process.exitCode = over ? 1 : 0;
