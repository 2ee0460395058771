#!/usr/bin/env node
// Builds everything `npm start` serves: the server bundle (esbuild), and the widgets and hosted app (rollup).
// `--if-missing` skips the build when dist/ is newer than every source file (a second `npm start`).
import { execFileSync } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
import { join } from "node:path";
import { build } from "esbuild";

const root = new URL("..", import.meta.url).pathname;
const stamp = join(root, "dist", "server", "main.js");

function newestSource(dir) {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === "node_modules" || entry.name.startsWith(".")) continue;
    const path = join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestSource(path) : statSync(path).mtimeMs);
  }
  return newest;
}

if (process.argv.includes("--if-missing") && existsSync(stamp)) {
  const sources = Math.max(
    ...["src", "widgets", "host"].map((d) => newestSource(join(root, d))),
    statSync(join(root, "package-lock.json")).mtimeMs,
  );
  if (statSync(stamp).mtimeMs >= sources) process.exit(0);
}

const started = Date.now();
// The first `npm start` builds for about a minute on a small machine: say so, and let rollup report each bundle.
console.log("building the widgets, the hosted app and the server into dist/ (a minute on a first start)…");
const browserParts = ["widgets/rollup.widgets.mjs", "host/app/rollup.app.mjs"].filter((f) => existsSync(join(root, f)));
if (browserParts.length) {
  execFileSync(process.execPath, [join(root, "node_modules", "rollup", "dist", "bin", "rollup"), "-c"], {
    cwd: root,
    stdio: "inherit",
  });
}
await build({
  // The server, and the console's role command (`npm run admin`), which shares its database code.
  entryPoints: { main: join(root, "host", "server", "main.ts"), admin: join(root, "host", "server", "admin-cli.ts") },
  outdir: join(root, "dist", "server"),
  bundle: true,
  platform: "node",
  format: "esm",
  target: "node20",
  packages: "external",
  sourcemap: true,
  logLevel: "warning",
});
console.log(`built in ${((Date.now() - started) / 1000).toFixed(1)} s`);
