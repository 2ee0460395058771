// Build-time artifacts of the widget kit, all derived from widgets/common.json and widgets/<name>/element.json:
// custom-elements.json (the community manifest schema), TypeScript declarations for the DOM and for React JSX,
// and sri.json (subresource-integrity hashes of every shipped script).
import { createHash } from "node:crypto";
import { mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { join, relative } from "node:path";

export const WIDGETS = ["workout-search", "series-card", "live-schedule", "referral", "membership-panel"];

export function readMetadata(root) {
  const read = (path) => JSON.parse(readFileSync(join(root, "widgets", path), "utf8"));
  const common = read("common.json");
  return { common, widgets: WIDGETS.map((name) => ({ name, ...read(`${name}/element.json`) })) };
}

const camel = (s) => s.replace(/-([a-z])/g, (_, c) => c.toUpperCase());
const pascal = (s) => camel(s).replace(/^./, (c) => c.toUpperCase());

function manifest({ common, widgets }) {
  return {
    schemaVersion: "1.0.0",
    modules: widgets.map((w) => ({
      kind: "javascript-module",
      path: `esm/${w.name}.js`,
      declarations: [
        {
          kind: "class",
          name: w.class,
          tagName: w.tag,
          customElement: true,
          description: w.summary,
          superclass: { name: "HTMLElement" },
          attributes: [...w.attributes, ...common.attributes].map((a) => ({
            name: a.name,
            fieldName: camel(a.name),
            type: { text: a.type },
            default: a.default,
            description: a.description,
          })),
          members: [
            ...[...w.attributes, ...common.attributes].map((a) => ({
              kind: "field",
              name: camel(a.name),
              type: { text: `${a.type} | undefined` },
              attribute: a.name,
              description: a.description,
            })),
            ...[...w.properties, ...common.properties].map((p) => ({
              kind: "field",
              name: p.name,
              type: { text: p.type },
              description: p.description,
            })),
          ],
          events: w.events.map((e) => ({
            name: e.name,
            type: { text: `CustomEvent<${e.detail}>` },
            description: e.description,
          })),
          cssParts: [...w.cssParts, ...common.cssParts],
          cssProperties: common.cssProperties,
        },
      ],
      exports: [
        { kind: "custom-element-definition", name: w.tag, declaration: { name: w.class, module: `esm/${w.name}.js` } },
      ],
    })),
  };
}

function domTypes({ common, widgets }) {
  const lines = ["// Generated from widgets/*/element.json by widgets/build/artifacts.mjs.", ""];
  for (const w of widgets) {
    lines.push(`/** ${w.summary} */`, `export interface ${w.class} extends HTMLElement {`);
    for (const a of [...w.attributes, ...common.attributes])
      lines.push(
        `  /** ${a.description} Attribute \`${a.name}\`. Default: ${a.default}. */`,
        `  ${camel(a.name)}: ${a.type} | undefined;`,
      );
    for (const p of [...w.properties, ...common.properties])
      lines.push(`  /** ${p.description} */`, `  ${p.name}: ${p.type};`);
    lines.push("}");
    for (const e of w.events) lines.push(`export type ${pascal(e.name)}Event = CustomEvent<${e.detail}>;`);
    lines.push("");
  }
  lines.push("declare global {", "  interface HTMLElementTagNameMap {");
  for (const w of widgets) lines.push(`    "${w.tag}": ${w.class};`);
  lines.push("  }", "  interface GlobalEventHandlersEventMap {");
  for (const w of widgets) for (const e of w.events) lines.push(`    "${e.name}": ${pascal(e.name)}Event;`);
  lines.push("  }", "}", "");
  return lines.join("\n");
}

function reactTypes({ common, widgets }) {
  const lines = [
    "// Generated: typed props for the fitkit elements in React 19 JSX. React 19 sets properties on defined custom",
    '// elements and maps `on<event-name>` props to listeners: <fit-live-schedule location="chicago" onfit-class-book={…} />.',
    'import type { DetailedHTMLProps, HTMLAttributes } from "react";',
    `import type { ${widgets.flatMap((w) => [w.class, ...w.events.map((e) => `${pascal(e.name)}Event`)]).join(", ")} } from "./types.js";`,
    "",
    "type Base<E> = DetailedHTMLProps<HTMLAttributes<E>, E>;",
  ];
  for (const w of widgets) {
    // The attribute as written, and its camelCase property when that is another name ("page-size", pageSize); a
    // one-word attribute ("series") is one member, not two (TS2300 Duplicate identifier).
    const props = [...w.attributes, ...common.attributes].map(
      (a) => `  "${a.name}"?: ${a.type};${camel(a.name) === a.name ? "" : `\n  ${camel(a.name)}?: ${a.type};`}`,
    );
    const extra = [...w.properties, ...common.properties].map((p) => `  ${p.name}?: ${p.type};`);
    const events = w.events.map((e) => `  "on${e.name}"?: (event: ${pascal(e.name)}Event) => void;`);
    lines.push(
      `export interface ${w.class.replace(/Element$/, "Props")} extends Base<${w.class}> {`,
      ...props,
      ...extra,
      ...events,
      "}",
    );
  }
  lines.push("", 'declare module "react" {', "  namespace JSX {", "    interface IntrinsicElements {");
  for (const w of widgets) lines.push(`      "${w.tag}": ${w.class.replace(/Element$/, "Props")};`);
  lines.push("    }", "  }", "}", "");
  return lines.join("\n");
}

function files(dir) {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? files(path) : [path];
  });
}

/** Writes the manifest, declarations and SRI hashes next to the bundles in `out` (dist/widgets). */
export function writeArtifacts(root, out) {
  const meta = readMetadata(root);
  writeFileSync(join(out, "custom-elements.json"), `${JSON.stringify(manifest(meta), null, 2)}\n`);
  mkdirSync(join(out, "esm"), { recursive: true });
  writeFileSync(join(out, "types.d.ts"), domTypes(meta));
  for (const w of WIDGETS) writeFileSync(join(out, "esm", `${w}.d.ts`), 'export type * from "../types.js";\n');
  writeFileSync(join(out, "react.d.ts"), reactTypes(meta));
  const integrity = {};
  for (const file of files(out)
    .filter((f) => f.endsWith(".js"))
    .sort()) {
    integrity[relative(out, file)] = `sha384-${createHash("sha384").update(readFileSync(file)).digest("base64")}`;
  }
  writeFileSync(join(out, "sri.json"), `${JSON.stringify(integrity, null, 2)}\n`);
  stampExamples(root, integrity);
}

/**
 * The example pages embed widgets with the snippet a studio pastes,
 * `<script type="module" src=".../widgets/esm/<name>.js" integrity="sha384-…">`: a build refreshes each `integrity`
 * from sri.json, so the examples always load what was built (a stale hash would make the browser refuse the script).
 */
function stampExamples(root, integrity) {
  const dir = join(root, "examples");
  for (const name of readdirSync(dir).filter((f) => f.endsWith(".html"))) {
    const path = join(dir, name);
    const html = readFileSync(path, "utf8");
    const stamped = html.replace(
      /(<script type="module" src="[^"]*\/widgets\/(esm\/[\w-]+\.js)" integrity=")[^"]*(")/g,
      (whole, open, file, close) => (integrity[file] ? `${open}${integrity[file]}${close}` : whole),
    );
    if (stamped !== html) writeFileSync(path, stamped);
  }
}
