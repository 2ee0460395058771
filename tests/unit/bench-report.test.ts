// @vitest-environment node
import { mkdtempSync, readFileSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { appendReport, machineInfo, type Machine } from "../bench/report.js";

const machine: Machine = {
  cpus: 2,
  cpuModel: "Test CPU",
  node: "v20.19.0",
  platform: "linux x64",
  loadAverage: [1.5, 2, 2.25],
  memoryGb: 7.75,
};
const dirs: string[] = [];
const tempDir = () => {
  const dir = mkdtempSync(join(tmpdir(), "fitkit-bench-"));
  dirs.push(dir);
  return join(dir, "bench", "results");
};
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe("npm run bench's record (bench/results/<date>.md)", () => {
  it("names the file by the run's UTC date and records the machine, each figure, its budget and verdict", () => {
    const dir = tempDir();
    // 23:50 in Chicago on the 24th is already the 25th in UTC: the file follows UTC.
    const path = appendReport(dir, new Date("2026-11-25T05:50:00Z"), machine, "search (20,000 workouts)", [
      { metric: "server time, median", value: 0.9512, unit: "ms", budget: { limit: 2, better: "lower" } },
      { metric: "throughput", value: 4200, unit: "req/s", budget: { limit: 5000, better: "higher" } },
      { metric: "throughput, cache off", value: 958, unit: "req/s" },
      { metric: "PostgreSQL median", value: 12.5, unit: "ms", compare: { label: "fitkit", value: 0.5 } },
      { metric: "MiniSearch median", value: 1.25, unit: "ms", compare: { label: "fitkit", value: 0.5 } },
    ]);

    expect(path).toBe(join(dir, "2026-11-25.md"));
    const text = readFileSync(path, "utf8");
    expect(text).toContain("# Benchmarks, 2026-11-25");
    expect(text).toContain("## search (20,000 workouts), 05:50 UTC");
    expect(text).toContain(
      "2 CPUs (Test CPU), Node v20.19.0, linux x64, 7.8 GB memory, load average 1.50 / 2.00 / 2.25",
    );
    expect(text).toContain("| server time, median | 0.951 ms |  |  | ≤ 2 ms | holds |");
    expect(text).toContain("| throughput | 4200 req/s |  |  | ≥ 5000 req/s | **over budget** |");
    expect(text).toContain("| throughput, cache off | 958 req/s |  |  |  |  |");
    // A comparison prints its neighbour and the ratio (whole numbers from 10× up).
    expect(text).toContain("| PostgreSQL median | 12.5 ms | fitkit: 0.5 ms | 25× |  |  |");
    expect(text).toContain("| MiniSearch median | 1.25 ms | fitkit: 0.5 ms | 2.50× |  |  |");
  });

  it("appends later runs of the same day to that day's file and starts a new file the next day", () => {
    const dir = tempDir();
    const figure = [{ metric: "ready", value: 1.48, unit: "s", budget: { limit: 2, better: "lower" as const } }];
    appendReport(dir, new Date("2026-11-25T09:00:00Z"), machine, "startup", figure);
    appendReport(dir, new Date("2026-11-25T17:30:00Z"), machine, "startup", [{ ...figure[0]!, value: 1.74 }]);
    appendReport(dir, new Date("2026-11-26T00:10:00Z"), machine, "startup", figure);

    expect(readdirSync(dir).sort()).toEqual(["2026-11-25.md", "2026-11-26.md"]);
    const day = readFileSync(join(dir, "2026-11-25.md"), "utf8");
    expect(day.match(/^# Benchmarks/gm)).toHaveLength(1);
    expect(day.indexOf("## startup, 09:00 UTC")).toBeLessThan(day.indexOf("## startup, 17:30 UTC"));
    expect(day).toContain("| ready | 1.74 s |  |  | ≤ 2 s | holds |");
  });

  it("reads the machine it runs on", () => {
    const info = machineInfo();
    expect(info.cpus).toBeGreaterThan(0);
    expect(info.node).toBe(process.version);
    expect(info.loadAverage).toHaveLength(3);
  });
});
