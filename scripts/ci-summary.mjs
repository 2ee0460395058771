#!/usr/bin/env node
// Prints the plain closing line CI reads ("N passed, N failed") from vitest's JSON report.
import { existsSync, readFileSync } from "node:fs";

const file = process.argv[2] ?? ".vitest-report.json";
if (!existsSync(file)) {
  console.log("0 passed, 1 failed");
  process.exit(1);
}
const report = JSON.parse(readFileSync(file, "utf8"));
const failed = report.numFailedTests + (report.numFailedTestSuites ?? 0) - countSuitesWithFailedTests(report);
const skipped = (report.numPendingTests ?? 0) + (report.numTodoTests ?? 0);
console.log(`${report.numPassedTests} passed, ${Math.max(failed, report.success ? 0 : 1)} failed${skipped ? `, ${skipped} skipped` : ""}`);

// A suite that failed only because one of its tests failed is already counted by that test.
function countSuitesWithFailedTests(r) {
  return (r.testResults ?? []).filter((s) => s.status === "failed" && (s.assertionResults ?? []).some((a) => a.status === "failed")).length;
}
