/**
 * First contentful paint of the hosted app's /home under 4× CPU throttling in Chromium, against the built server on
 * a fresh embedded database, for a signed-in member (cold cache: a new browser context per run). Also reports when
 * the member's greeting is on screen, the moment the page is useful. Median of five runs each.
 */
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { chromium } from "playwright-core";
import type { Bench, BenchResult } from "./run.js";
import { CHROMIUM_ARGS } from "../e2e/chromium-args.js";
import { builtServer, startBuiltServer } from "./server-start.js";

const root = fileURLToPath(new URL("../..", import.meta.url));
const RUNS = 5;
const THROTTLE = 4;

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!; // of 5 runs

const bench: Bench = {
  name: "hosted app: first contentful paint of /home, 4× CPU throttling",
  async run(): Promise<BenchResult[]> {
    if (!existsSync(join(root, "dist", "app", "index.html")) || !existsSync(builtServer))
      throw new Error("dist/ missing: run `npm run build` first");
    const dataDir = mkdtempSync(join(tmpdir(), "fitkit-fcp-"));
    const server = await startBuiltServer(dataDir, 120_000);
    const { url } = server;
    const browser = await chromium.launch({
      executablePath: process.env.CHROMIUM_PATH || "/usr/bin/chromium",
      args: CHROMIUM_ARGS,
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
      await server.stop();
      rmSync(dataDir, { recursive: true, force: true });
    }
  },
};
export default bench;
