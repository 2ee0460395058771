#!/usr/bin/env node
// `npm test`: every tier in order, stopping at the first that fails, then each tier's wall time.
//   changesets → docs current → lint → unused code → format → generated types current → API description lint →
//   typecheck → layers → build → bundle sizes → shipped types → publint → every vitest project → the unit and API
//   suites again on a shifted clock.
// Arguments after `npm test --` go to the main vitest run (CI adds its JSON reporter there); `--clock-only`
// (`npm run test:clock`) runs only the shifted-clock tiers.
// The shifted-clock runs start every process's wall clock at an awkward instant (FITKIT_TEST_NOW, see
// tests/clock-shift.mjs) in another zone, so a test that depends on the hour or the zone of the run fails here, not
// some evening in CI. Each writes its own JSON report (.vitest-clock-<name>.json) for scripts/ci-summary.mjs.
import { spawnSync } from "node:child_process";
import { rmSync } from "node:fs";
import { join } from "node:path";

const root = new URL("..", import.meta.url).pathname;
const bin = (name) => join(root, "node_modules", ".bin", name);
const clockOnly = process.argv.includes("--clock-only");
const forwarded = process.argv.slice(2).filter((arg) => arg !== "--clock-only");

/**
 * Instants where a wall-clock test breaks: late evening in Chicago, and just after midnight UTC on a DST-change day.
 */
const SHIFTED_CLOCKS = [
  { name: "chicago-evening", now: "2026-11-26T05:30:00Z", zone: "America/Chicago" },
  { name: "dst-change-day", now: "2027-03-14T00:30:00Z", zone: "UTC" },
];

const mainTiers = [
  // Every changeset parses and names this package (a user-visible change ships with one: see .changeset/).
  { name: "changesets", command: bin("changeset"), args: ["status"] },
  // docs/widgets.md is generated from the elements' metadata (npm run docs:widgets); a stale copy fails here.
  { name: "docs current", command: process.execPath, args: ["scripts/widgets-doc.mjs", "--check"] },
  // ESLint (eslint.config.js: typed rules, the project's own rules, 120 columns), then the formatter's check.
  { name: "lint", command: bin("eslint"), args: [".", "--cache", "--cache-location", "node_modules/.cache/eslint"] },
  // knip (knip.jsonc): no file, export or dependency that no entry point reaches.
  { name: "unused code", command: bin("knip"), args: ["--no-progress", "--cache"] },
  { name: "format", command: bin("prettier"), args: ["--check", "."] },
  // src/api/contract.gen.ts is what scripts/api-types.mjs makes of the route schemas now (before typecheck, which
  // then checks the app and widgets against it).
  { name: "generated types current", command: process.execPath, args: ["scripts/api-types.mjs", "--check"] },
  // Redocly's recommended rules, strict, on the document the previous tier wrote to dist/openapi.json (redocly.yaml;
  // the findings kept on purpose, each with its reason, in .redocly.lint-ignore.yaml), without its update check.
  {
    name: "API description lint (Redocly)",
    command: bin("redocly"),
    args: ["lint"],
    env: { REDOCLY_SUPPRESS_UPDATE_NOTICE: "true" },
  },
  { name: "typecheck", command: bin("tsc"), args: ["-b"] },
  // An import against the layering (src <- widgets <- host/app, src/domain <- host/server) is a type error.
  { name: "layers", command: process.execPath, args: ["scripts/check-layers.mjs"] },
  { name: "build", command: process.execPath, args: ["scripts/build.mjs"] },
  { name: "bundle sizes", command: process.execPath, args: ["scripts/size.mjs"] },
  // What an embedder installs: the shipped .d.ts compile with skipLibCheck off, and the exports map what is packed.
  { name: "shipped types", command: process.execPath, args: ["scripts/check-types.mjs"] },
  { name: "package exports (publint)", command: bin("publint"), args: ["--strict"] },
  { name: "tests", command: bin("vitest"), args: ["run", ...forwarded] },
];
const clockTiers = SHIFTED_CLOCKS.map((clock) => ({
  name: `unit + API at ${clock.now} in ${clock.zone}`,
  command: bin("vitest"),
  args: [
    "run",
    "--project",
    "unit",
    "--project",
    "api:pglite",
    "--reporter=default",
    "--reporter=json",
    `--outputFile.json=.vitest-clock-${clock.name}.json`,
  ],
  env: {
    FITKIT_TEST_NOW: clock.now,
    TZ: clock.zone,
    NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ""} --import ${join(root, "tests", "clock-shift.mjs")}`.trim(),
  },
}));
const tiers = clockOnly ? clockTiers : [...mainTiers, ...clockTiers];

for (const clock of SHIFTED_CLOCKS) rmSync(join(root, `.vitest-clock-${clock.name}.json`), { force: true });

const times = [];
let status = 0;
for (const tier of tiers) {
  process.stdout.write(`\n▶ ${tier.name}\n`);
  const started = performance.now();
  const result = spawnSync(tier.command, tier.args, {
    cwd: root,
    stdio: "inherit",
    env: { ...process.env, ...tier.env },
  });
  times.push({ name: tier.name, seconds: (performance.now() - started) / 1000, ok: result.status === 0 });
  if (result.status !== 0) {
    status = result.status ?? 1;
    break;
  }
}

process.stdout.write("\nwall time per tier\n");
for (const t of times)
  process.stdout.write(`  ${t.ok ? "✓" : "✗"} ${t.name.padEnd(52)} ${t.seconds.toFixed(1).padStart(7)} s\n`);
process.stdout.write(
  `  ${"total".padEnd(54)} ${times
    .reduce((s, t) => s + t.seconds, 0)
    .toFixed(1)
    .padStart(7)} s\n`,
);
process.exit(status);
