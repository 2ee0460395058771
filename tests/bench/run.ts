/**
 * `npm run bench`: runs every tests/bench/*.bench.ts (or one named on the command line), prints its figures against
 * its budget and beside what it is compared with (and the ratio), and appends them, with the machine they were
 * measured on, to bench/results/<UTC date>.md (report.ts). `--large` adds the 200k-workout level to the search bench.
 * A bench module default-exports `{ name, run(): Promise<BenchResult[]> }`.
 */
import { readdirSync } from "node:fs";
import { relative } from "node:path";
import { fileURLToPath } from "node:url";
import { appendReport, formatValue, machineInfo, ratio, withinBudget } from "./report.js";

export interface BenchResult {
  metric: string;
  value: number;
  unit: string;
  /** The budget this figure is held to, and which way is good. */
  budget?: { limit: number; better: "lower" | "higher" };
  /** The figure it is measured beside, in the same run and unit: the report prints both and their ratio. */
  compare?: { label: string; value: number };
}

export interface Bench {
  name: string;
  run(): Promise<BenchResult[]>;
}

const dir = fileURLToPath(new URL(".", import.meta.url));
const root = fileURLToPath(new URL("../..", import.meta.url));
const reports = fileURLToPath(new URL("../../bench/results/", import.meta.url));
const only = process.argv.slice(2).filter((a) => !a.startsWith("--"));
const files = readdirSync(dir)
  .filter((f) => f.endsWith(".bench.ts"))
  .filter((f) => !only.length || only.some((o) => f.includes(o)))
  .sort();

let failed = 0;
if (!files.length) console.log("no benchmarks yet");
for (const file of files) {
  const bench = (await import(`./${file}`)).default as Bench;
  console.log(`\n# ${bench.name}`);
  const results = await bench.run();
  for (const r of results) {
    const ok = withinBudget(r);
    if (!ok) failed++;
    const budget = r.budget
      ? `  (budget ${r.budget.better === "lower" ? "≤" : "≥"} ${formatValue(r.budget.limit)} ${r.unit}) ${ok ? "ok" : "OVER BUDGET"}`
      : "";
    const compare = r.compare
      ? `  vs ${r.compare.label} ${formatValue(r.compare.value)} (${ratio(r.value, r.compare.value)})`
      : "";
    console.log(`  ${r.metric.padEnd(64)} ${formatValue(r.value).padStart(10)} ${r.unit}${compare}${budget}`);
  }
  const written = appendReport(reports, new Date(), machineInfo(), bench.name, results);
  console.log(`  (recorded in ${relative(root, written)})`);
}
process.exitCode = failed ? 1 : 0;
