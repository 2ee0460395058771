// A rollup plugin that writes each emitted script beside itself as `.br` (brotli, quality 11) and `.gz` (gzip -9), so
// the server sends them as they are (@fastify/static `preCompressed`) instead of compressing every answer again
// (docs/decisions/precompressed-static.md). A development build (rollup --watch) writes none and removes any left by
// an earlier production build, so the server never sends a compressed copy older than its file.
import { rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { promisify } from "node:util";
import { brotliCompress, constants, gzip } from "node:zlib";

const brotli = promisify(brotliCompress);
const gz = promisify(gzip);

/** What is worth a compressed copy: text files over 1 KB (smaller ones cost more in a header than they save). */
const COMPRESSIBLE = /\.(m?js|css|json|svg|html)$/;
const MIN_BYTES = 1024;

export function precompress() {
  // rollup sets ROLLUP_WATCH in watch mode (`npm run dev`).
  const write = process.env.ROLLUP_WATCH !== "true";
  return {
    name: "precompress",
    async writeBundle(options, bundle) {
      const dir = options.dir ?? join(options.file, "..");
      await Promise.all(
        Object.values(bundle).map(async (output) => {
          const path = join(dir, output.fileName);
          if (!write || !COMPRESSIBLE.test(output.fileName)) {
            for (const ext of [".br", ".gz"]) rmSync(path + ext, { force: true });
            return;
          }
          const source = Buffer.from(output.type === "chunk" ? output.code : output.source);
          if (source.length < MIN_BYTES) return;
          const [br, gzipped] = await Promise.all([
            brotli(source, {
              params: {
                [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
                [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
                [constants.BROTLI_PARAM_SIZE_HINT]: source.length,
              },
            }),
            gz(source, { level: 9 }),
          ]);
          writeFileSync(`${path}.br`, br);
          writeFileSync(`${path}.gz`, gzipped);
        }),
      );
    },
  };
}
