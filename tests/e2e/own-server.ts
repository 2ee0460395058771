import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { freePort } from "./global-setup.js";

const root = new URL("../..", import.meta.url).pathname;

/**
 * A second built fitkit server with its own fresh demo database and no allowed embedding origins, for journeys that
 * change the demo members' state for good (joining as unentitled@ and lapsed@) or need an origin the shared server
 * allows (the shared one allow-lists the test site). The shared server's files keep their demo members as seeded.
 * `env` adds operator settings (e.g. Mux's API pointed at a stand-in); `dataDir` starts it again on a database a
 * stopped one left (`close({ keep: true })`).
 */
export async function startOwnServer(
  options: { env?: Record<string, string>; dataDir?: string } = {},
): Promise<{ url: string; dataDir: string; close(how?: { keep?: boolean }): Promise<void> }> {
  const dataDir = options.dataDir ?? mkdtempSync(join(tmpdir(), "fitkit-e2e-own-"));
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, [join(root, "dist", "server", "main.js")], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      DATABASE_URL: "",
      FITKIT_PUBLIC_URL: url,
      FITKIT_ALLOWED_ORIGINS: "",
      LOG_LEVEL: "warn",
      NODE_ENV: "",
      ...options.env,
    },
    stdio: ["ignore", "ignore", "inherit"],
  });
  const close = async (how: { keep?: boolean } = {}) => {
    if (child.exitCode === null)
      await new Promise<void>((resolve) => (child.once("exit", () => resolve()), child.kill("SIGTERM")));
    if (!how.keep) rmSync(dataDir, { recursive: true, force: true });
  };
  // Ready when /health answers 200 (the first start migrates and seeds; bounded so a stuck start fails the file).
  for (let waited = 0; ; waited += 200) {
    if (child.exitCode !== null || waited > 90_000) {
      await close();
      throw new Error("the second fitkit server did not become healthy");
    }
    const ok = await fetch(`${url}/health`, { signal: AbortSignal.timeout(2000) }).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return { url, dataDir, close };
    await new Promise((r) => setTimeout(r, 200));
  }
}

/** A plain HTTP server on another 127.0.0.1 port answering HTML pages by path: a third-party site (no fitkit files). */
export async function startPageServer(
  pages: Partial<Record<string, string>>,
): Promise<{ url: string; close(): Promise<void> }> {
  const server = createServer((request, response) => {
    const html = pages[(request.url ?? "/").split("?")[0]!];
    if (html === undefined) return void response.writeHead(404, { "content-type": "text/plain" }).end("not found");
    response.writeHead(200, { "content-type": "text/html; charset=utf-8", "cache-control": "no-store" }).end(html);
  });
  const port = await freePort();
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
