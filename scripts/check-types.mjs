#!/usr/bin/env node
// The shipped declarations compile for a consumer: every .d.ts under dist/widgets, type-checked on its own with
// `skipLibCheck: false` (a consumer's default) against the DOM and React's types, as an embedder's project would.
// Run by `npm test` after the build (scripts/test.mjs); fails on any diagnostic.
import { existsSync, readdirSync, statSync } from "node:fs";
import { join } from "node:path";
import ts from "typescript";

const root = new URL("..", import.meta.url).pathname;
const dist = join(root, "dist", "widgets");
if (!existsSync(dist)) {
  console.error("dist/widgets is missing: run `npm run build` first");
  process.exit(1);
}
const walk = (dir) =>
  readdirSync(dir).flatMap((name) =>
    statSync(join(dir, name)).isDirectory() ? walk(join(dir, name)) : [join(dir, name)],
  );
const files = walk(dist).filter((f) => f.endsWith(".d.ts"));

const program = ts.createProgram(files, {
  noEmit: true,
  strict: true,
  skipLibCheck: false,
  target: ts.ScriptTarget.ES2022,
  lib: ["lib.es2022.d.ts", "lib.dom.d.ts", "lib.dom.iterable.d.ts"],
  module: ts.ModuleKind.ESNext,
  moduleResolution: ts.ModuleResolutionKind.Bundler,
  // Only what the declarations import themselves (react); not this repository's ambient types.
  types: [],
  typeRoots: [join(root, "node_modules", "@types")],
});
const diagnostics = ts.getPreEmitDiagnostics(program);
const host = { getCanonicalFileName: (f) => f, getCurrentDirectory: () => root, getNewLine: () => "\n" };
if (diagnostics.length) {
  process.stderr.write(ts.formatDiagnostics(diagnostics, host));
  console.error(`${diagnostics.length} type error(s) in the shipped declarations`);
  process.exit(1);
}
console.log(`shipped declarations compile: ${files.map((f) => f.slice(dist.length + 1)).join(", ")}`);
