#!/usr/bin/env node
// Prints the plain closing line CI reads ("N passed, N failed") from vitest's JSON report.
import { existsSync, readFileSync } from "node:fs";

const file = process.argv[2] ?? ".vitest-report.json";
if (!existsSync(file)) {
  console.log("0 passed, 1 failed");
  process.exit(1);
}
const report = JSON.parse(readFileSync(file, "utf8"));
// A test file that failed without any failed test (it did not load, or a hook threw) counts as one failure.
const brokenFiles = (report.testResults ?? []).filter(
  (f) => f.status === "failed" && !(f.assertionResults ?? []).some((a) => a.status === "failed"),
).length;
const failed = report.numFailedTests + brokenFiles;
const skipped = (report.numPendingTests ?? 0) + (report.numTodoTests ?? 0);
console.log(`${report.numPassedTests} passed, ${Math.max(failed, report.success ? 0 : 1)} failed${skipped ? `, ${skipped} skipped` : ""}`);
process.exitCode = failed || !report.success ? 1 : 0;
