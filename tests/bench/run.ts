/**
 * `npm run bench`: runs every tests/bench/*.bench.ts (or one named on the command line) and prints its figures
 * against its budget. A bench module default-exports `{ name, budget, run(): Promise<Result[]> }`.
 */
import { readdirSync } from "node:fs";
import { fileURLToPath } from "node:url";

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
  for (const r of await bench.run()) {
    const ok = !r.budget || (r.budget.better === "lower" ? r.value <= r.budget.limit : r.value >= r.budget.limit);
    if (!ok) failed++;
    const budget = r.budget
      ? `  (budget ${r.budget.better === "lower" ? "≤" : "≥"} ${r.budget.limit} ${r.unit}) ${ok ? "ok" : "OVER BUDGET"}`
      : "";
    console.log(`  ${r.metric.padEnd(48)} ${String(Number(r.value.toFixed(3))).padStart(10)} ${r.unit}${budget}`);
  }
}
process.exitCode = failed ? 1 : 0;
