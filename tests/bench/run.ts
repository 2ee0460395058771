/**
 * `npm run bench`: runs every tests/bench/*.bench.ts (or one named on the command line), prints its figures against
 * its budget and appends them, with the machine they were measured on, to docs/bench/<UTC date>.md (report.ts).
 * A bench module default-exports `{ name, run(): Promise<BenchResult[]> }`.
 */
import { readdirSync } from "node:fs";
import { relative } from "node:path";
import { fileURLToPath } from "node:url";
import { appendReport, formatValue, machineInfo, withinBudget } from "./report.js";

export interface BenchResult {
  metric: string;
  value: number;
  unit: string;
  /** The budget this figure is held to, and which way is good. */
  budget?: { limit: number; better: "lower" | "higher" };
}

export interface Bench {
  name: string;
  run(): Promise<BenchResult[]>;
}

const dir = fileURLToPath(new URL(".", import.meta.url));
const root = fileURLToPath(new URL("../..", import.meta.url));
const reports = fileURLToPath(new URL("../../docs/bench/", import.meta.url));
const only = process.argv.slice(2);
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
      ? `  (budget ${r.budget.better === "lower" ? "≤" : "≥"} ${r.budget.limit} ${r.unit}) ${ok ? "ok" : "OVER BUDGET"}`
      : "";
    console.log(`  ${r.metric.padEnd(48)} ${formatValue(r.value).padStart(10)} ${r.unit}${budget}`);
  }
  const written = appendReport(reports, new Date(), machineInfo(), bench.name, results);
  console.log(`  (recorded in ${relative(root, written)})`);
}
process.exitCode = failed ? 1 : 0;
