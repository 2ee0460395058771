import { mkdirSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { join } from "node:path";
import { chromium, type Browser, type BrowserContext, type BrowserContextOptions, type Page } from "playwright-core";
import { inject } from "vitest";
import { CHROMIUM_ARGS } from "./chromium-args.js";

/**
 * The browser-test harness shared by every e2e file (widgets and hosted app): Debian's Chromium driven by
 * playwright-core, the built server started by global-setup.ts, network confined to 127.0.0.1, console errors
 * collected, screenshots into test-artifacts/, and axe-core checks.
 *
 * @example
 *   const session = await openSession();
 *   const page = await session.open("/examples/studio-site.html");
 *   await session.screenshot(page, "studio-site");
 *   expect(await session.axe(page)).toEqual([]);
 *   session.assertClean();   // no console errors, no request off 127.0.0.1
 *   await session.close();
 */

const root = new URL("../..", import.meta.url).pathname;
export const ARTIFACTS = join(root, "test-artifacts");

/**
 * Every test step that waits on the page uses this bound, so a stuck page fails instead of hanging the run. Generous:
 * CI shares a 2-core machine, often with a second suite running beside this one.
 */
export const STEP_TIMEOUT = 30_000;
/** Chromium's start on a loaded machine. */
const LAUNCH_TIMEOUT = 60_000;

export const appUrl = (): string => inject("appUrl");
export const siteUrl = (): string => inject("siteUrl");

let shared: Promise<Browser> | undefined;
/** One Chromium per test file (fresh profile: playwright launches with a temporary user-data dir). */
export function launchBrowser(): Promise<Browser> {
  shared ??= chromium.launch({
    executablePath: process.env.CHROMIUM_PATH || "/usr/bin/chromium",
    args: CHROMIUM_ARGS,
    headless: true,
    timeout: LAUNCH_TIMEOUT,
  });
  return shared;
}

export async function closeBrowser() {
  if (!shared) return;
  const browser = await shared;
  shared = undefined;
  await browser.close();
}

export interface PageIssues {
  consoleErrors: string[];
  pageErrors: string[];
  offHostRequests: string[];
}

const isLocal = (url: string) => {
  if (!/^https?:/.test(url)) return true; // data:, blob:, about:
  return new URL(url).hostname === "127.0.0.1";
};

export interface Session {
  context: BrowserContext;
  issues: PageIssues;
  /** Opens a path on the app origin (or an absolute 127.0.0.1 URL) and waits for the load event. */
  open(pathOrUrl: string): Promise<Page>;
  /**
   * Opens a test page with the given body on the app origin (so it shares the hosted app's local storage), loading
   * the built widgets by classic script tag.
   */
  openWidgets(body: string, path?: string): Promise<Page>;
  /** Resolves with the popup the page opens while `action` runs. */
  popup(page: Page, action: () => Promise<unknown>): Promise<Page>;
  screenshot(page: Page, name: string): Promise<void>;
  /** axe-core violations of impact serious or critical (empty when clean), optionally limited to a selector. */
  axe(page: Page, include?: string): Promise<{ id: string; impact: string; help: string; targets: string[] }[]>;
  /** Fails when any page logged a console error, threw, or asked for anything off 127.0.0.1. */
  assertClean(options?: { allowConsole?: RegExp }): void;
  close(): Promise<void>;
}

/** Runs one journey in a fresh session and closes it whatever happens. */
export async function withSession(
  run: (session: Session) => Promise<void>,
  options: BrowserContextOptions = {},
): Promise<void> {
  const session = await openSession(options);
  try {
    await run(session);
  } finally {
    await session.close();
  }
}

/**
 * A fresh browser context (own storage, own cookies) whose every request off 127.0.0.1 is refused and recorded,
 * and whose pages report console errors and uncaught exceptions.
 */
export async function openSession(options: BrowserContextOptions = {}): Promise<Session> {
  const browser = await launchBrowser();
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, ...options });
  context.setDefaultTimeout(STEP_TIMEOUT);
  context.setDefaultNavigationTimeout(STEP_TIMEOUT);
  const issues: PageIssues = { consoleErrors: [], pageErrors: [], offHostRequests: [] };
  await context.route("**/*", (route) => {
    const url = route.request().url();
    if (isLocal(url)) return route.continue();
    issues.offHostRequests.push(url);
    return route.abort("blockedbyclient");
  });
  const watch = (page: Page) => {
    page.on("console", (message) => {
      if (message.type() === "error") issues.consoleErrors.push(`${page.url()}: ${message.text()}`);
    });
    page.on("pageerror", (error) => issues.pageErrors.push(`${page.url()}: ${error.message}`));
  };
  context.on("page", watch);

  return {
    context,
    issues,
    async open(pathOrUrl) {
      const page = await context.newPage();
      await page.goto(pathOrUrl.startsWith("http") ? pathOrUrl : `${appUrl()}${pathOrUrl}`, { waitUntil: "load" });
      return page;
    },
    async openWidgets(body, path = "/e2e/widgets.html") {
      const url = `${appUrl()}${path}`;
      const page = await context.newPage();
      await page.route(url, (route) =>
        route.fulfill({
          contentType: "text/html",
          body: `<!doctype html><html lang="en"><head><meta charset="utf-8"><link rel="icon" href="data:,"><title>fitkit widgets under test</title><script src="/widgets/fitkit.iife.js"></script></head><body><main>${body}</main></body></html>`,
        }),
      );
      await page.goto(url, { waitUntil: "load" });
      return page;
    },
    async popup(page, action) {
      const [popup] = await Promise.all([page.waitForEvent("popup", { timeout: STEP_TIMEOUT }), action()]);
      await popup.waitForLoadState("load", { timeout: STEP_TIMEOUT });
      return popup;
    },
    async screenshot(page, name) {
      mkdirSync(ARTIFACTS, { recursive: true });
      await page.screenshot({ path: join(ARTIFACTS, `${name}.png`), fullPage: true, timeout: STEP_TIMEOUT });
    },
    async axe(page, include) {
      // Evaluated through the DevTools protocol, which a page's Content-Security-Policy does not govern.
      if (!(await page.evaluate(() => "axe" in window))) await page.evaluate(axeSource());
      const results = await page.evaluate(async (selector) => {
        const axe = (
          window as unknown as {
            axe: {
              run: (
                c: unknown,
                o: unknown,
              ) => Promise<{
                violations: { id: string; impact: string; help: string; nodes: { target: unknown[] }[] }[];
              }>;
            };
          }
        ).axe;
        const report = await axe.run(selector ? { include: [[selector]] } : document, { resultTypes: ["violations"] });
        return report.violations.map((v) => ({
          id: v.id,
          impact: v.impact,
          help: v.help,
          targets: v.nodes.map((n) => JSON.stringify(n.target)),
        }));
      }, include ?? null);
      return results.filter((v) => v.impact === "serious" || v.impact === "critical");
    },
    assertClean({ allowConsole } = {}) {
      const consoleErrors = allowConsole
        ? issues.consoleErrors.filter((e) => !allowConsole.test(e))
        : issues.consoleErrors;
      const problems = [
        ...consoleErrors.map((e) => `console error: ${e}`),
        ...issues.pageErrors.map((e) => `uncaught: ${e}`),
        ...issues.offHostRequests.map((u) => `request off 127.0.0.1: ${u}`),
      ];
      if (problems.length) throw new Error(`the page was not clean:\n${problems.join("\n")}`);
    },
    async close() {
      await context.close();
    },
  };
}

let axeCode: string | undefined;
function axeSource(): string {
  axeCode ??= readFileSync(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8");
  return axeCode;
}

let signIns = 0;
/**
 * Signs a demo member in through the API (the same call the hosted app's sign-in form makes), each time from its own
 * documentation address (RFC 5737) named in X-Forwarded-For, which the suite's server trusts from 127.0.0.1.
 */
export async function signInTokens(email: string, password = "fitkit-demo", origin = appUrl()) {
  signIns++;
  const address = `198.51.100.${(signIns % 250) + 1}`;
  const response = await fetch(`${origin}/api/auth/sign-in/email`, {
    method: "POST",
    headers: { "content-type": "application/json", "x-forwarded-for": address },
    body: JSON.stringify({ email, password }),
  });
  if (!response.ok) throw new Error(`sign-in as ${email} failed with ${response.status}`);
  return (await response.json()) as { token: string; refreshToken: string; user: { id: string; email: string } };
}

/** Every custom element tag under `fit-` in the page that is not defined (deep: open shadow roots included). */
export function undefinedFitElements(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const missing = new Set<string>();
    const visit = (root: Document | ShadowRoot) => {
      for (const el of root.querySelectorAll("*")) {
        const tag = el.localName;
        if (tag.startsWith("fit-") && !customElements.get(tag)) missing.add(tag);
        if (el.shadowRoot) visit(el.shadowRoot);
      }
    };
    visit(document);
    return [...missing];
  });
}

/**
 * Signs a demo member in on the app origin the way the hosted app leaves it after its sign-in form: the tokens in
 * local storage (spec §3 keys, written in the shape src/auth reads). Later pages of this context on that origin are
 * signed in.
 */
export async function signInAs(session: Session, email: string) {
  const tokens = await signInTokens(email);
  await keepTokens(session, tokens);
  return tokens;
}

/** Leaves a token pair in the app origin's local storage as its sign-in does, with cookie consent when given. */
export async function keepTokens(
  session: Session,
  tokens: { token: string; refreshToken: string },
  consent?: string[],
  origin = appUrl(),
) {
  const page = await session.context.newPage();
  await page.goto(`${origin}/health`);
  await page.evaluate(
    ({ access, refresh, consent }) => {
      const json = JSON.stringify({ access, id: access, refresh });
      localStorage.setItem("tokens", json);
      localStorage.setItem("web-root", `{"tokens":${json}}`);
      localStorage.setItem("id", access);
      localStorage.setItem("refresh", refresh);
      if (consent) localStorage.setItem("fitkit.consent", JSON.stringify(consent));
    },
    { access: tokens.token, refresh: tokens.refreshToken, consent },
  );
  await page.close();
}
