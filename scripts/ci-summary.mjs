#!/usr/bin/env node
// Prints the plain closing line CI reads ("N passed, N failed") from vitest's JSON reports: the main run's, then
// any further runs' (the shifted-clock runs of scripts/test.mjs), summed. A report that does not exist counts as one
// failure when it is the first (the main run never finished) and is skipped otherwise (its tier never ran because an
// earlier one failed, which npm test's exit status already reports).
import { existsSync, readFileSync } from "node:fs";

const [main = ".vitest-report.json", ...more] = process.argv.slice(2);
if (!existsSync(main)) {
  console.log("0 passed, 1 failed");
  process.exit(1);
}
let passed = 0;
let failed = 0;
let skipped = 0;
let success = true;
for (const file of [main, ...more.filter((f) => existsSync(f))]) {
  const report = JSON.parse(readFileSync(file, "utf8"));
  // A test file that failed without any failed test (it did not load, or a hook threw) counts as one failure.
  const brokenFiles = (report.testResults ?? []).filter(
    (f) => f.status === "failed" && !(f.assertionResults ?? []).some((a) => a.status === "failed"),
  ).length;
  passed += report.numPassedTests;
  failed += report.numFailedTests + brokenFiles;
  skipped += (report.numPendingTests ?? 0) + (report.numTodoTests ?? 0);
  success &&= Boolean(report.success);
}
console.log(`${passed} passed, ${Math.max(failed, success ? 0 : 1)} failed${skipped ? `, ${skipped} skipped` : ""}`);
process.exitCode = failed || !success ? 1 : 0;
