// A rollup plugin that writes the bundle's chunk graph to `file` (under dist/size/, not shipped): each chunk's file,
// whether it is an entry or a dynamic entry, the chunks it imports statically and those it loads with import().
// `npm run size` (scripts/size.mjs) reads it to know what a page loads before first use and what later, from rollup's
// own metadata rather than by scanning built files.
import { mkdirSync, writeFileSync } from "node:fs";
import { dirname } from "node:path";

/** @param {string} file where the graph goes; chunk file names in it are relative to the output directory */
export function bundleGraph(file) {
  return {
    name: "bundle-graph",
    writeBundle(options, bundle) {
      const chunks = {};
      for (const chunk of Object.values(bundle)) {
        if (chunk.type !== "chunk") continue;
        chunks[chunk.fileName] = {
          name: chunk.name,
          isEntry: chunk.isEntry,
          isDynamicEntry: chunk.isDynamicEntry,
          imports: chunk.imports,
          dynamicImports: chunk.dynamicImports,
        };
      }
      mkdirSync(dirname(file), { recursive: true });
      writeFileSync(file, `${JSON.stringify({ dir: options.dir, chunks }, null, 2)}\n`);
    },
  };
}

/** Reads a graph and answers a chunk's static closure (what loads with it) and what it loads on use. */
export function readGraph(graph) {
  const { chunks } = graph;
  const closure = (file, seen = new Set()) => {
    if (seen.has(file) || !chunks[file]) return seen;
    seen.add(file);
    for (const dep of chunks[file].imports) closure(dep, seen);
    return seen;
  };
  /** Chunks loaded by import() from `initial` (and their own static imports), minus what `initial` already has. */
  const later = (initial) => {
    const out = new Set();
    for (const file of initial) for (const dyn of chunks[file].dynamicImports) closure(dyn, out);
    return new Set([...out].filter((f) => !initial.has(f)));
  };
  return { chunks, closure, later };
}
