// What a visitor downloads, measured where it is paid (issue 28): the bytes Chromium received for each page as the
// devtools protocol counts them (encoded: compressed bodies with their headers), cache off, from the built server,
// which compresses its answers. The budgets are ceilings (docs/development.md#budgets): never raised here.
import { readdirSync, readFileSync } from "node:fs";
import type { Page } from "playwright-core";
import { afterAll, describe, expect, it } from "vitest";
import { appUrl, closeBrowser, openSession, signInAs, type Session } from "./browser.js";

afterAll(closeBrowser);

const KB = 1024;

interface Weighed {
  url: string;
  type: string;
  bytes: number;
  encoding?: string;
}

/** Every response of a page loaded cold, with its encoded size, by the devtools protocol's resource type. */
async function weigh(session: Session, path: string, ready: (page: Page) => Promise<void>) {
  const page = await session.context.newPage();
  const cdp = await session.context.newCDPSession(page);
  await cdp.send("Network.enable");
  await cdp.send("Network.setCacheDisabled", { cacheDisabled: true });
  const seen = new Map<string, Weighed>();
  cdp.on("Network.responseReceived", (e) => {
    const headers = Object.fromEntries(Object.entries(e.response.headers).map(([k, v]) => [k.toLowerCase(), v]));
    seen.set(e.requestId, { url: e.response.url, type: e.type, bytes: 0, encoding: headers["content-encoding"] });
  });
  // A stream still open when the page is weighed (the live spot counts) counts what it received so far.
  cdp.on("Network.dataReceived", (e) => {
    const r = seen.get(e.requestId);
    if (r) r.bytes += e.encodedDataLength;
  });
  cdp.on("Network.loadingFinished", (e) => {
    const r = seen.get(e.requestId);
    if (r) r.bytes = e.encodedDataLength;
  });
  await page.goto(`${appUrl()}${path}`, { waitUntil: "load" });
  await ready(page);
  await page.waitForLoadState("networkidle");
  const responses = [...seen.values()];
  const sum = (types: string[] | ((type: string) => boolean)) =>
    responses
      .filter((r) => (typeof types === "function" ? types(r.type) : types.includes(r.type)))
      .reduce((n, r) => n + r.bytes, 0);
  const report = responses
    .filter((r) => r.bytes)
    .map((r) => `${String(r.bytes).padStart(7)} ${r.type.padEnd(10)} ${r.encoding ?? "-"} ${r.url}`)
    .join("\n");
  return { page, responses, sum, report };
}

const DATA = ["XHR", "Fetch", "EventSource"];

describe("page weight on the wire, cold cache", () => {
  it("a studio page with only the schedule: JavaScript ≤ 30 KB; documents, scripts, styles and data ≤ 45 KB; no all-in-one build", async () => {
    const session = await openSession();
    try {
      const { responses, sum, report } = await weigh(session, "/examples/studio-site.html", async (page) => {
        // Rendered: the week's seven day buttons and its classes (the schedule fetched its data).
        await expect.poll(() => page.locator("fit-live-schedule").locator("button[aria-pressed]").count()).toBe(7);
        await page.locator("fit-live-schedule").locator("article").first().waitFor();
      });
      const paths = responses.map((r) => new URL(r.url).pathname);
      expect(paths).toContain("/studios/class");
      expect(paths).toContain("/widgets/esm/live-schedule.js");
      expect(paths).not.toContain("/widgets/fitkit.iife.js");
      // Compressed on the way: the scripts and the schedule's JSON (answers of a few hundred bytes go as they are).
      for (const r of responses.filter((r) => (r.type === "Script" || r.type === "Fetch") && r.bytes > 2 * KB))
        expect(r.encoding, `${r.url}\n${report}`).toMatch(/^(br|gzip)$/);
      expect(sum(["Script"]), report).toBeLessThanOrEqual(30 * KB);
      expect(sum(["Document", "Script", "Stylesheet", ...DATA]), report).toBeLessThanOrEqual(45 * KB);
      session.assertClean();
    } finally {
      await session.close();
    }
  });

  it("the marketing page (series card, referral, library): everything but images ≤ 60 KB", async () => {
    const session = await openSession();
    try {
      const { sum, report } = await weigh(session, "/examples/marketing.html", async (page) => {
        await expect.poll(() => page.locator("fit-series-card").locator("h2, h3").count()).toBeGreaterThan(0);
        await expect.poll(() => page.locator("fit-referral").locator("a, button").count()).toBeGreaterThan(0);
      });
      expect(
        sum((type) => type !== "Image"),
        report,
      ).toBeLessThanOrEqual(60 * KB);
      session.assertClean();
    } finally {
      await session.close();
    }
  });

  it("a member's cold /home: JavaScript ≤ 140 KB, data ≤ 60 KB", async () => {
    const session = await openSession();
    try {
      await signInAs(session, "member@demo.fitkit.dev");
      const { sum, report } = await weigh(session, "/home", async (page) => {
        await page.getByRole("heading", { level: 1 }).filter({ hasText: /\S/ }).waitFor();
        // The content rows under the carousels have loaded (each a heading with its See all link).
        await expect.poll(() => page.getByRole("link", { name: "See all" }).count()).toBeGreaterThan(1);
      });
      expect(sum(["Script"]), report).toBeLessThanOrEqual(140 * KB);
      expect(sum(DATA), report).toBeLessThanOrEqual(60 * KB);
      session.assertClean();
    } finally {
      await session.close();
    }
  });
});

describe("static files' caching", () => {
  const root = new URL("../../dist/", import.meta.url).pathname;
  const get = (path: string, headers: Record<string, string> = {}) =>
    fetch(`${appUrl()}${path}`, { headers: { "accept-encoding": "br, gzip", ...headers } });

  it("keeps content-hashed chunks a year as immutable, sent from their brotli copies", async () => {
    const lazy = Object.keys(JSON.parse(readFileSync(`${root}widgets/sri.json`, "utf8")) as object).find((f) =>
      /^esm\/lazy-modal-dialog-.+\.js$/.test(f),
    );
    const chunk = readdirSync(`${root}app/assets`).find((f) => /^home-.+\.js$/.test(f));
    for (const path of [`/widgets/${lazy}`, `/assets/${chunk}`]) {
      const answer = await get(path);
      expect(answer.status, path).toBe(200);
      expect(answer.headers.get("cache-control"), path).toBe("public, max-age=31536000, immutable");
      expect(answer.headers.get("content-encoding"), path).toBe("br");
      expect(answer.headers.get("vary"), path).toMatch(/accept-encoding/i);
      expect(await answer.text(), path).toBe(
        readFileSync(`${root}${path.startsWith("/assets") ? "app" : ""}${path}`, "utf8"),
      );
    }
  });

  it("has entries, the SRI manifest and pages revalidated: no-cache with a validator, 304 while unchanged", async () => {
    for (const path of [
      "/widgets/esm/live-schedule.js",
      "/widgets/fitkit.iife.js",
      "/widgets/sri.json",
      "/assets/main.js",
      "/examples/studio-site.html",
    ]) {
      const answer = await get(path);
      expect(answer.status, path).toBe(200);
      expect(answer.headers.get("cache-control"), path).toBe("no-cache");
      const etag = answer.headers.get("etag");
      expect(etag, path).toBeTruthy();
      expect(answer.headers.get("last-modified"), path).toBeTruthy();
      expect(answer.headers.get("vary"), path).toMatch(/accept-encoding/i);
      // As a browser revalidates (fetch() would add `Cache-Control: no-cache` to a request with a validator).
      const again = await get(path, { "if-none-match": etag!, "cache-control": "max-age=0" });
      expect(again.status, path).toBe(304);
    }
    // A plain client still gets the file itself.
    const plain = await fetch(`${appUrl()}/widgets/sri.json`, { headers: { "accept-encoding": "identity" } });
    expect(plain.headers.get("content-encoding")).toBeNull();
    expect(await plain.json()).toEqual(JSON.parse(readFileSync(`${root}widgets/sri.json`, "utf8")));
  });
});
