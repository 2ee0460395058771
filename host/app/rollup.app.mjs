// The hosted app's bundle: host/app/main.tsx → dist/app/assets/main.js (+ lazily loaded chunks) and
// dist/app/index.html.
// React ships CommonJS only, so one esbuild pass turns react + react-dom into a single ESM vendor module that every
// `react*` import re-exports from (one React copy; the commonjs plugin only sees url-parse, below). TypeScript/TSX goes
// through esbuild's transform (type checking is `npm run typecheck`'s job), and esbuild minifies the output chunks.
import { createRequire } from "node:module";
import { copyFileSync, existsSync, mkdirSync, readdirSync, rmSync, statSync } from "node:fs";
import { dirname, join, resolve as resolvePath } from "node:path";
import { build, transform } from "esbuild";
import nodeResolve from "@rollup/plugin-node-resolve";
import commonjs from "@rollup/plugin-commonjs";
import { bundleGraph } from "../../scripts/bundle-graph.mjs";
import { precompress } from "../../scripts/precompress.mjs";

const here = dirname(new URL(import.meta.url).pathname);
const root = resolvePath(here, "..", "..");
const out = join(root, "dist", "app");
const require = createRequire(import.meta.url);
const production = process.env.NODE_ENV !== "development";

/** The public React entry points the app and its dependencies import, each re-exported from the vendor module. */
const REACT_IDS = {
  react: "React",
  "react-dom": "ReactDOM",
  "react-dom/client": "ReactDOMClient",
  "react/jsx-runtime": "JSX",
};
const VENDOR = "\0react-vendor";

function reactVendor() {
  return {
    name: "react-vendor",
    resolveId(id) {
      if (id === VENDOR) return VENDOR;
      if (id in REACT_IDS) return `\0react:${id}`;
      // React 18+ has useSyncExternalStore built in; wouter's CommonJS shim for older Reacts is not needed.
      if (id.startsWith("use-sync-external-store/shim")) return "\0uses-shim";
      return null;
    },
    async load(id) {
      if (id === "\0uses-shim") return `export { useSyncExternalStore } from "react";`;
      if (id === VENDOR) {
        const result = await build({
          stdin: {
            contents:
              Object.entries(REACT_IDS)
                .map(([m, name]) => `import ${name} from ${JSON.stringify(m)};`)
                .join("\n") + `\nexport { ${Object.values(REACT_IDS).join(", ")} };`,
            resolveDir: root,
          },
          bundle: true,
          format: "esm",
          write: false,
          define: { "process.env.NODE_ENV": JSON.stringify(production ? "production" : "development") },
          logLevel: "silent",
        });
        return result.outputFiles[0].text;
      }
      if (id.startsWith("\0react:")) {
        const name = id.slice("\0react:".length);
        const names = Object.keys(require(name)).filter((n) => /^[A-Za-z_$][\w$]*$/.test(n) && n !== "default");
        return `import { ${REACT_IDS[name]} as M } from ${JSON.stringify(VENDOR)};\nexport default M;\nexport const { ${names.join(", ")} } = M;\n`;
      }
      return null;
    },
  };
}

/** Sources import siblings as `./x.js` or `./x`; both resolve to the .ts/.tsx file. */
function typescript() {
  return {
    name: "esbuild-typescript",
    resolveId(source, importer) {
      if (!importer || !source.startsWith(".")) return null;
      const base = resolvePath(dirname(importer), source);
      const stem = base.replace(/\.(m?js|jsx)$/, "");
      for (const candidate of [`${stem}.ts`, `${stem}.tsx`, `${base}/index.ts`, `${base}/index.tsx`]) {
        if (existsSync(candidate) && statSync(candidate).isFile()) return candidate;
      }
      return null;
    },
    async transform(code, id) {
      // Widget metadata (element.json): only the names and types the element bridge reads at runtime ship.
      if (id.endsWith(".json")) {
        const { attributes, properties } = JSON.parse(code);
        const slim = {
          attributes: (attributes ?? []).map((a) => ({ name: a.name, type: a.type })),
          properties: (properties ?? []).map((p) => ({ name: p.name })),
        };
        return {
          code: `export default ${JSON.stringify(id.endsWith("element.json") ? slim : JSON.parse(code))};`,
          map: null,
        };
      }
      if (!/\.tsx?$/.test(id)) return null;
      const result = await transform(code, {
        loader: id.endsWith("x") ? "tsx" : "ts",
        jsx: "automatic",
        jsxImportSource: "react",
        target: "es2022",
        sourcefile: id,
        sourcemap: true,
        define: { "process.env.NODE_ENV": JSON.stringify(production ? "production" : "development") },
      });
      return { code: result.code, map: result.map };
    },
  };
}

/** Libraries that read process.env.NODE_ENV (outside React) get the build mode, then chunks are minified. */
function finish() {
  return {
    name: "finish",
    transform(code, id) {
      if (!id.includes("node_modules") || !code.includes("process.env.NODE_ENV")) return null;
      return {
        code: code.replaceAll("process.env.NODE_ENV", JSON.stringify(production ? "production" : "development")),
        map: null,
      };
    },
    async renderChunk(code) {
      if (!production) return null;
      const result = await transform(code, { minify: true, format: "esm", target: "es2022", legalComments: "none" });
      return { code: result.code, map: null };
    },
    writeBundle(_options, bundle) {
      // Chunk names carry content hashes: drop the previous builds' chunks once this build's are all written
      // (deleting earlier would break a server answering pages during the build), with their compressed copies.
      const assets = join(out, "assets");
      for (const file of readdirSync(assets))
        if (!(file.replace(/\.(br|gz)$/, "") in bundle)) rmSync(join(assets, file), { force: true });
      mkdirSync(out, { recursive: true });
      copyFileSync(join(here, "index.html"), join(out, "index.html"));
      copyFileSync(join(here, "public", "icon.svg"), join(out, "icon.svg"));
    },
  };
}

export default [
  {
    input: { main: join(here, "main.tsx") },
    output: {
      dir: join(out, "assets"),
      format: "esm",
      entryFileNames: "[name].js",
      chunkFileNames: "[name]-[hash].js",
      sourcemap: !production,
    },
    plugins: [
      reactVendor(),
      typescript(),
      nodeResolve({ browser: true, extensions: [".mjs", ".js", ".ts", ".tsx", ".json"] }),
      // tus-js-client (the console's video uploads) imports url-parse, a CommonJS package; nothing else needs it.
      commonjs({ include: /node_modules\/(url-parse|querystringify|requires-port)\// }),
      finish(),
      bundleGraph(join(here, "..", "..", "dist", "size", "app.json")),
      precompress(),
    ],
    onwarn(warning, warn) {
      // Third-party ESM (mux) uses top-level `this` in helpers; harmless.
      if (warning.code === "THIS_IS_UNDEFINED" || warning.code === "CIRCULAR_DEPENDENCY") return;
      warn(warning);
    },
  },
];
