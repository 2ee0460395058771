#!/usr/bin/env node
// The layering the TypeScript projects enforce (issue 17), proved: each probe is a file a layer must refuse (or, for
// the controls, accept), compiled in memory with that layer's tsconfig.json and references; the check fails unless
// the compiler answers as expected. Run by `npm test` after the typecheck tier: a layer's references are read from
// the declarations `tsc -b` wrote to node_modules/.cache/tsc.
import { join } from "node:path";
import ts from "typescript";

const root = new URL("..", import.meta.url).pathname;

/** TS6307: a file outside the project's file list (another layer's source); TS2304/TS2584: a name the layer lacks. */
const PROBES = [
  { layer: "src", code: 'import "../widgets/define.js";', refused: [6307], what: "src importing a widget" },
  {
    layer: "widgets",
    code: 'import "../host/app/theme/tokens.js";',
    refused: [6307],
    what: "a widget importing the hosted app",
  },
  {
    layer: "host/server",
    code: 'import "../../src/api/client.js";',
    refused: [6307],
    what: "the server importing src's browser code",
  },
  { layer: "host/server", code: "export const href = window.location.href;", refused: [2304], what: "server `window`" },
  { layer: "src/domain", code: "export const title = document.title;", refused: [2584], what: "a domain rule's DOM" },
  {
    layer: "src/domain",
    code: "export const env = process.env.NODE_ENV;",
    refused: [2580, 2591],
    what: "a domain rule's Node",
  },
  // Controls: what each layer may import compiles, so the refusals above are about the layering.
  { layer: "host/server", code: 'export { NAME_MAX_LENGTH } from "../../src/domain/names.js";', refused: [] },
  { layer: "widgets", code: 'export { ApiError } from "../src/api/error.js";', refused: [] },
  { layer: "host/app", code: 'export { defineElement } from "../../widgets/define.js";', refused: [] },
];

const failures = [];
for (const probe of PROBES) {
  const config = ts.getParsedCommandLineOfConfigFile(
    join(root, probe.layer, "tsconfig.json"),
    {},
    {
      ...ts.sys,
      onUnRecoverableConfigFileDiagnostic: (d) => failures.push(ts.flattenDiagnosticMessageText(d.messageText, "\n")),
    },
  );
  if (!config) continue;
  const file = join(root, probe.layer, "__layer_probe__.ts");
  const host = ts.createCompilerHost(config.options);
  const { getSourceFile, fileExists, readFile } = host;
  host.fileExists = (name) => name === file || fileExists.call(host, name);
  host.readFile = (name) => (name === file ? probe.code : readFile.call(host, name));
  host.getSourceFile = (name, languageVersion, ...rest) =>
    name === file
      ? ts.createSourceFile(name, probe.code, languageVersion)
      : getSourceFile.call(host, name, languageVersion, ...rest);
  const program = ts.createProgram({
    rootNames: [file],
    options: config.options,
    projectReferences: config.projectReferences,
    host,
  });
  const codes = ts
    .getPreEmitDiagnostics(program)
    .filter((d) => d.file?.fileName === file)
    .map((d) => d.code);
  const label = `${probe.layer}: ${probe.what ?? probe.code}`;
  if (probe.refused.length === 0 ? codes.length > 0 : !codes.some((c) => probe.refused.includes(c)))
    failures.push(
      `${label}: expected ${probe.refused.length ? `TS${probe.refused.join("/TS")}` : "no error"}, got [${codes.map((c) => `TS${c}`).join(", ")}]`,
    );
  else console.log(`ok  ${label}`);
}
if (failures.length) {
  for (const f of failures) console.error(`✗ ${f}`);
  process.exit(1);
}
