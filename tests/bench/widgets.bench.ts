/**
 * The schedule widget on examples/studio-site.html in Chromium with 4× CPU throttling (the launch flags of
 * tests/e2e/browser.ts), against the built server on a fresh embedded database: the JavaScript the page loads (as
 * served, and gzip -9 of the same files) and the time from navigation to a usable schedule (seven day buttons drawn),
 * median of five cold loads. Beside it, gzip -9 of what a page loads for the published embeds of the same kind, from
 * their npm packages (dev dependencies of the bench): Cal.com's embed loader (its booker then loads in an iframe),
 * Shopify's Buy Button and media-chrome's core.
 */
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { gzipSync } from "node:zlib";
import { chromium, type Browser } from "playwright-core";
import type { Bench, BenchResult } from "./run.js";
import { CHROMIUM_ARGS } from "../e2e/chromium-args.js";
import { builtServer, startBuiltServer, type RunningServer } from "./server-start.js";

const root = fileURLToPath(new URL("../..", import.meta.url));
const RUNS = 5;
const THROTTLE = 4;
/** The file of each peer a page loads, inside its npm package. */
const PEERS = [
  {
    name: "Cal.com embed loader only, its booker then loads in an iframe (@calcom/embed-core dist/embed/embed.js)",
    pkg: "@calcom/embed-core",
    file: "dist/embed/embed.js",
  },
  {
    name: "Shopify Buy Button (@shopify/buy-button-js dist/buybutton.min.js)",
    pkg: "@shopify/buy-button-js",
    file: "dist/buybutton.min.js",
  },
  { name: "media-chrome core (media-chrome dist/iife/index.js)", pkg: "media-chrome", file: "dist/iife/index.js" },
];

const gzip9 = (bytes: Buffer) => gzipSync(bytes, { level: 9 }).length;
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

/** gzip -9 of the schedule's module and every chunk it imports statically (what the page loads before it works). */
function scheduleBytes(): { files: number; gzipped: number } {
  const dir = join(root, "dist", "widgets", "esm");
  const seen = new Set<string>();
  const visit = (file: string) => {
    if (seen.has(file)) return;
    seen.add(file);
    const code = readFileSync(join(dir, file), "utf8");
    for (const m of code.matchAll(/(?:^|[;\s}])import\s*(?:[\w*{}\s,$]+from\s*)?["']\.\/([\w.-]+\.js)["']/g))
      visit(m[1]!);
  };
  visit("live-schedule.js");
  return { files: seen.size, gzipped: [...seen].reduce((n, f) => n + gzip9(readFileSync(join(dir, f))), 0) };
}

function peerFile(pkg: string, file: string): Buffer {
  const require = createRequire(import.meta.url);
  // Packages whose exports hide package.json: walk up from the entry point to the package root.
  let dir = dirname(require.resolve(pkg));
  while (!existsSync(join(dir, "package.json")) || !dir.endsWith(pkg.split("/").pop()!)) dir = dirname(dir);
  return readFileSync(join(dir, file));
}

async function run(): Promise<BenchResult[]> {
  if (!existsSync(builtServer)) throw new Error("dist/server/main.js missing: run `npm run build` first");
  const own = scheduleBytes();
  const results: BenchResult[] = [
    {
      metric: `studio site: schedule JavaScript before it works, gzip -9 (${own.files} files)`,
      value: own.gzipped / 1024,
      unit: "KB",
    },
  ];
  for (const peer of PEERS)
    results.push({
      metric: `${peer.name}, gzip -9`,
      value: gzip9(peerFile(peer.pkg, peer.file)) / 1024,
      unit: "KB",
      compare: { label: "fitkit schedule", value: own.gzipped / 1024 },
    });
  const executablePath = process.env.CHROMIUM_PATH || "/usr/bin/chromium";
  if (!existsSync(executablePath)) {
    console.log(`  (no Chromium at ${executablePath}: time to a usable schedule not measured; set CHROMIUM_PATH)`);
    return results;
  }
  const dataDir = mkdtempSync(join(tmpdir(), "fitkit-widgets-"));
  let browser: Browser | undefined;
  let server: RunningServer | undefined;
  try {
    browser = await chromium.launch({ executablePath, args: CHROMIUM_ARGS });
    server = await startBuiltServer(dataDir, 120_000);
    const base = server.url;
    const times: number[] = [];
    let served = 0;
    let files = 0;
    for (let i = 0; i <= RUNS; i++) {
      const context = await browser.newContext();
      const page = await context.newPage();
      const cdp = await context.newCDPSession(page);
      await cdp.send("Network.enable");
      await cdp.send("Emulation.setCPUThrottlingRate", { rate: THROTTLE });
      const scripts = new Map<string, string>();
      const encoded = new Map<string, number>();
      cdp.on("Network.responseReceived", (e) => {
        if (e.type === "Script") scripts.set(e.requestId, e.response.url);
      });
      cdp.on("Network.loadingFinished", (e) => {
        if (scripts.has(e.requestId)) encoded.set(e.requestId, e.encodedDataLength);
      });
      await page.goto(`${base}/examples/studio-site.html`);
      const at = await page.waitForFunction(
        () => {
          const el = document.querySelector("fit-live-schedule");
          const days = (el?.shadowRoot ?? el)?.querySelectorAll("button[aria-pressed]").length ?? 0;
          return days === 7 ? performance.now() : null;
        },
        null,
        { timeout: 120_000 },
      );
      const ms = (await at.jsonValue()) as number;
      if (i > 0) times.push(ms); // the first load warms the server and the disk cache
      if (i === RUNS) {
        files = scripts.size;
        served = [...encoded.values()].reduce((a, b) => a + b, 0);
      }
      await context.close();
    }
    results.push(
      {
        metric: `studio site: time to a usable schedule, ${THROTTLE}× CPU throttling (median of ${RUNS})`,
        value: median(times),
        unit: "ms",
      },
      {
        metric: `studio site: JavaScript as served (${files} files, headers included)`,
        value: served / 1024,
        unit: "KB",
      },
    );
    return results;
  } finally {
    await browser?.close();
    await server?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

export default { name: "schedule widget beside published embeds", run } satisfies Bench;
