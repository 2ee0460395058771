import { spawn, execFileSync, type ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { createServer as createNetServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { TestProject } from "vitest/node";
import { startSiteServer } from "./site-server.js";

const root = new URL("../..", import.meta.url).pathname;

declare module "vitest" {
  export interface ProvidedContext {
    /** Origin of the built fitkit server (hosted app, API, /widgets/, /examples/). */
    appUrl: string;
    /** Origin of a second static server playing a third-party site that embeds the widgets. */
    siteUrl: string;
  }
}

/** A free TCP port on 127.0.0.1 (listen on 0, read it, close). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createNetServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

async function waitForHealth(url: string, child: ChildProcess, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the server exited with code ${child.exitCode} before it was ready`);
    try {
      const response = await fetch(`${url}/health`, { signal: AbortSignal.timeout(2000) });
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`the server at ${url} was not healthy within ${timeoutMs} ms`);
}

/**
 * Builds the shipped artifact (skipped when dist/ is current), starts the built server on a free port with a fresh
 * embedded database, and a second origin serving the example pages as a third-party site would.
 */
export default async function setup(project: TestProject) {
  // FITKIT_E2E_SKIP_BUILD=1 reuses dist/ as it is (while iterating on a test; `npm run test:e2e` builds first anyway).
  if (process.env.FITKIT_E2E_SKIP_BUILD !== "1") {
    execFileSync(process.execPath, [join(root, "scripts", "build.mjs"), "--if-missing"], {
      cwd: root,
      stdio: "inherit",
    });
  }

  const dataDir = mkdtempSync(join(tmpdir(), "fitkit-e2e-"));
  const [appPort, sitePort] = [await freePort(), await freePort()];
  const appUrl = `http://127.0.0.1:${appPort}`;
  const site = await startSiteServer(root, sitePort, appUrl);
  const server = spawn(process.execPath, [join(root, "dist", "server", "main.js")], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(appPort),
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      DATABASE_URL: "",
      FITKIT_PUBLIC_URL: appUrl,
      FITKIT_ALLOWED_ORIGINS: site.url,
      // This deployment sells memberships in an external store (the referral widget's visitor link goes there); the
      // membership-funnel file's own server names none, so its visitors join in the app.
      FITKIT_STORE_URL: "https://shop.fitkit.dev/products/annual-digital-membership-7-day-trial",
      LOG_LEVEL: "warn",
      NODE_ENV: "",
      // The suite's API sign-ins (browser.ts signInTokens) each name their own test address, as members arriving
      // through a proxy do: the whole suite from 127.0.0.1 would pass the per-address sign-in limit (50 in 15 min).
      FITKIT_TRUST_PROXY: "127.0.0.1",
    },
    stdio: ["ignore", "ignore", "inherit"],
  });
  try {
    await waitForHealth(appUrl, server, 90_000);
  } catch (error) {
    server.kill("SIGTERM");
    await site.close();
    rmSync(dataDir, { recursive: true, force: true });
    throw error;
  }
  project.provide("appUrl", appUrl);
  project.provide("siteUrl", site.url);

  return async () => {
    await new Promise<void>((resolve) => {
      if (server.exitCode !== null) return resolve();
      server.once("exit", () => resolve());
      server.kill("SIGTERM");
    });
    await site.close();
    rmSync(dataDir, { recursive: true, force: true });
  };
}
