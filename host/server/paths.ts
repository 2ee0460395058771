import { existsSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

/** The package root, found from this file whether it runs from source (tsx) or from the esbuild bundle in dist/. */
const packageRoot: string = (() => {
  let dir = dirname(fileURLToPath(import.meta.url));
  for (;;) {
    const manifest = join(dir, "package.json");
    if (existsSync(manifest) && JSON.parse(readFileSync(manifest, "utf8")).name === "fitkit") return dir;
    const parent = dirname(dir);
    if (parent === dir) throw new Error("fitkit package root not found");
    dir = parent;
  }
})();

export const fromRoot = (...parts: string[]) => join(packageRoot, ...parts);
