/**
 * Where `npm run bench` keeps its figures: one Markdown file per day under bench/results/ (named by the run's UTC
 * date), one section per benchmark run, each with the machine it ran on (CPUs, Node, load average), so a figure is
 * never read without the conditions it was measured in. Runs on the same day append to that day's file.
 */
import { appendFileSync, existsSync, mkdirSync, writeFileSync } from "node:fs";
import { arch, availableParallelism, cpus, loadavg, platform, totalmem } from "node:os";
import { join } from "node:path";
import type { BenchResult } from "./run.js";

export interface Machine {
  cpus: number;
  cpuModel: string;
  node: string;
  platform: string;
  /** 1, 5 and 15 minute load averages when the run ended. */
  loadAverage: [number, number, number];
  memoryGb: number;
}

export function machineInfo(): Machine {
  const [one = 0, five = 0, fifteen = 0] = loadavg();
  return {
    cpus: availableParallelism(),
    cpuModel: cpus()[0]?.model.trim() ?? "unknown",
    node: process.version,
    platform: `${platform()} ${arch()}`,
    loadAverage: [one, five, fifteen],
    memoryGb: totalmem() / 1024 ** 3,
  };
}

/** Whether a figure holds its budget (a figure without one always does). */
export function withinBudget(r: BenchResult): boolean {
  if (!r.budget) return true;
  return r.budget.better === "lower" ? r.value <= r.budget.limit : r.value >= r.budget.limit;
}

export const formatValue = (value: number) => String(Number(value.toFixed(3)));

/** `value` as a multiple of `base` ("3.2×"). */
export const ratio = (value: number, base: number) =>
  base > 0 && Number.isFinite(value) ? `${(value / base).toFixed(value / base >= 10 ? 0 : 2)}×` : "n/a";

export function reportPath(dir: string, at: Date): string {
  return join(dir, `${at.toISOString().slice(0, 10)}.md`);
}

export function renderSection(name: string, at: Date, machine: Machine, results: BenchResult[]): string {
  const time = at.toISOString().slice(11, 16);
  const load = machine.loadAverage.map((n) => n.toFixed(2)).join(" / ");
  const rows = results.map((r) => {
    const budget = r.budget
      ? `${r.budget.better === "lower" ? "≤" : "≥"} ${formatValue(r.budget.limit)} ${r.unit}`
      : "";
    const verdict = r.budget ? (withinBudget(r) ? "holds" : "**over budget**") : "";
    const compare = r.compare ? `${r.compare.label}: ${formatValue(r.compare.value)} ${r.unit}` : "";
    const times = r.compare ? ratio(r.value, r.compare.value) : "";
    return `| ${r.metric} | ${formatValue(r.value)} ${r.unit} | ${compare} | ${times} | ${budget} | ${verdict} |`;
  });
  return [
    `## ${name}, ${time} UTC`,
    "",
    `${machine.cpus} CPUs (${machine.cpuModel}), Node ${machine.node}, ${machine.platform}, ` +
      `${machine.memoryGb.toFixed(1)} GB memory, load average ${load} (1 / 5 / 15 min) at the end of the run.`,
    "",
    "| Figure | Measured | Beside | Ratio | Budget | |",
    "|---|---|---|---|---|---|",
    ...rows,
    "",
  ].join("\n");
}

/** Appends one run's section to the day's file (creating the folder and the file's heading first); its path. */
export function appendReport(dir: string, at: Date, machine: Machine, name: string, results: BenchResult[]): string {
  const path = reportPath(dir, at);
  mkdirSync(dir, { recursive: true });
  if (!existsSync(path))
    writeFileSync(
      path,
      `# Benchmarks, ${at.toISOString().slice(0, 10)}\n\n` +
        "Written by `npm run bench` (tests/bench/run.ts): one section per benchmark run, with the machine it ran on.\n" +
        "Figures move with the machine's load; compare runs only with the load average beside them.\n\n",
    );
  appendFileSync(path, `${renderSection(name, at, machine, results)}\n`);
  return path;
}
