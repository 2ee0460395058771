/**
 * First contentful paint of the hosted app's /home under 4× CPU throttling in Chromium, against the built server on
 * a fresh embedded database, for a signed-in member (cold cache: a new browser context per run). Also reports when
 * the member's greeting is on screen, the moment the page is useful. Median of five runs each.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { chromium } from "playwright-core";
import type { Bench, BenchResult } from "./run.js";

const root = fileURLToPath(new URL("../..", import.meta.url));
const main = join(root, "dist", "server", "main.js");
const RUNS = 5;
const THROTTLE = 4;

const freePort = () =>
  new Promise<number>((resolve) => {
    const s = createServer().listen(0, "127.0.0.1", () => {
      const port = (s.address() as { port: number }).port;
      s.close(() => resolve(port));
    });
  });

async function startServer(dataDir: string): Promise<{ url: string; child: ChildProcess }> {
  const port = await freePort();
  const child = spawn(process.execPath, [main], {
    env: {
      ...process.env,
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: "127.0.0.1",
      LOG_LEVEL: "warn",
      DATABASE_URL: "",
    },
    stdio: "ignore",
  });
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    try {
      if ((await fetch(`${url}/health`)).ok) return { url, child };
    } catch {
      /* not listening yet */
    }
    if (Date.now() > deadline) throw new Error("server did not answer within 120 s");
    await new Promise((r) => setTimeout(r, 100));
  }
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!; // of 5 runs

const bench: Bench = {
  name: "hosted app: first contentful paint of /home, 4× CPU throttling",
  async run(): Promise<BenchResult[]> {
    if (!existsSync(join(root, "dist", "app", "index.html")) || !existsSync(main))
      throw new Error("dist/ missing: run `npm run build` first");
    const dataDir = mkdtempSync(join(tmpdir(), "fitkit-fcp-"));
    const { url, child } = await startServer(dataDir);
    const browser = await chromium.launch({
      executablePath: process.env.CHROMIUM_PATH || "/usr/bin/chromium",
      args: [
        "--headless",
        "--no-sandbox",
        "--disable-gpu",
        "--disable-quic",
        "--no-first-run",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
      ],
    });
    try {
      const signIn = await fetch(`${url}/api/auth/sign-in/email`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ email: "member@demo.fitkit.dev", password: "fitkit-demo" }),
      });
      const { token, refreshToken } = (await signIn.json()) as { token: string; refreshToken: string };
      const fcp: number[] = [];
      const greeting: number[] = [];
      for (let i = 0; i < RUNS; i++) {
        const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
        await context.addInitScript(
          ({ access, refresh }) => {
            const tokens = JSON.stringify({ access, id: access, refresh });
            localStorage.setItem("tokens", tokens);
            localStorage.setItem("web-root", `{"tokens":${tokens}}`);
            localStorage.setItem("id", access);
            localStorage.setItem("refresh", refresh);
            localStorage.setItem("fitkit.consent", JSON.stringify(["Essential"]));
          },
          { access: token, refresh: refreshToken },
        );
        const page = await context.newPage();
        const cdp = await context.newCDPSession(page);
        await cdp.send("Emulation.setCPUThrottlingRate", { rate: THROTTLE });
        await page.goto(`${url}/home`, { waitUntil: "load" });
        await page
          .getByRole("heading", { level: 1, name: /(Welcome back|So good to see you), / })
          .waitFor({ timeout: 30_000 });
        const timings = await page.evaluate(() => ({
          fcp: performance.getEntriesByName("first-contentful-paint")[0]?.startTime ?? NaN,
          now: performance.now(),
        }));
        fcp.push(timings.fcp);
        greeting.push(timings.now);
        await context.close();
      }
      return [
        {
          metric: "first contentful paint, median of 5",
          value: median(fcp),
          unit: "ms",
          budget: { limit: 1500, better: "lower" },
        },
        { metric: "member greeting on screen, median of 5", value: median(greeting), unit: "ms" },
      ];
    } finally {
      await browser.close();
      child.kill("SIGTERM");
      await new Promise((r) => child.once("exit", r));
      rmSync(dataDir, { recursive: true, force: true });
    }
  },
};
export default bench;
