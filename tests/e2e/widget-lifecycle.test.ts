import { afterAll, describe, expect, it } from "vitest";
import { closeBrowser, openSession, signInAs } from "./browser.js";

afterAll(closeBrowser);

const ELEMENTS = [
  `<fit-live-schedule location="chicago"></fit-live-schedule>`,
  `<fit-workout-search page-size="4"></fit-workout-search>`,
  `<fit-series-card series="phase-and-function-PHF0921"></fit-series-card>`,
  `<fit-referral consent></fit-referral>`,
  `<fit-membership-panel></fit-membership-panel>`,
];

/** Counts live intervals and pending timeouts by wrapping the timer functions before any page script runs. */
const TIMER_PROBE = () => {
  const live = new Set<number>();
  const w = window as unknown as { __timers: Set<number> };
  w.__timers = live;
  const { setInterval: si, clearInterval: ci, setTimeout: st, clearTimeout: ct } = window;
  window.setInterval = ((fn: TimerHandler, ms?: number, ...a: unknown[]) => {
    const id = si(fn, ms, ...a);
    live.add(id);
    return id;
  }) as typeof setInterval;
  window.clearInterval = ((id?: number) => (id !== undefined && live.delete(id), ci(id))) as typeof clearInterval;
  window.setTimeout = ((fn: TimerHandler, ms?: number, ...a: unknown[]) => {
    // Only timers longer than a frame can leak meaningfully; short ones are scheduling (Preact, signals).
    const id: number = st(
      (...args: unknown[]) => {
        live.delete(id);
        return typeof fn === "function" ? (fn as (...x: unknown[]) => unknown)(...args) : undefined;
      },
      ms,
      ...a,
    );
    if ((ms ?? 0) > 50) live.add(id);
    return id;
  }) as typeof setTimeout;
  window.clearTimeout = ((id?: number) => (id !== undefined && live.delete(id), ct(id))) as typeof clearTimeout;
};

describe("widget lifecycle in Chromium", () => {
  it("leaves no window or document listener and no timer behind after mounting and removing each widget 100 times", async () => {
    const session = await openSession();
    try {
      await signInAs(session, "member@demo.fitkit.dev");
      await session.context.addInitScript(TIMER_PROBE);
      const page = await session.openWidgets(`<div id="stage"></div>`);
      const cdp = await session.context.newCDPSession(page);
      const listeners = async () => {
        let total = 0;
        for (const expression of ["window", "document"]) {
          const { result } = await cdp.send("Runtime.evaluate", { expression });
          const { listeners: found } = await cdp.send("DOMDebugger.getEventListeners", { objectId: result.objectId! });
          total += found.length;
        }
        return total;
      };
      // Warm up: one mount of each loads the shared data and builds the store, which lives as long as the page.
      await page.evaluate((html) => {
        const stage = document.getElementById("stage")!;
        stage.innerHTML = html.join("");
      }, ELEMENTS);
      await page.locator("fit-live-schedule button[aria-pressed]").first().waitFor();
      await page.locator("fit-membership-panel").getByText("Current plan").waitFor();
      await page.evaluate(() => (document.getElementById("stage")!.innerHTML = ""));
      await page.waitForTimeout(300);
      const baseline = {
        listeners: await listeners(),
        timers: await page.evaluate(() => (window as unknown as { __timers: Set<number> }).__timers.size),
      };

      await page.evaluate(async (html) => {
        const stage = document.getElementById("stage")!;
        const frame = () => new Promise((r) => requestAnimationFrame(() => setTimeout(r, 0)));
        for (let i = 0; i < 100; i++) {
          for (const markup of html) {
            stage.innerHTML = markup;
            await frame();
            stage.innerHTML = "";
          }
        }
      }, ELEMENTS);
      await page.waitForTimeout(300);
      expect(await listeners()).toBe(baseline.listeners);
      expect(await page.evaluate(() => (window as unknown as { __timers: Set<number> }).__timers.size)).toBe(
        baseline.timers,
      );
      session.assertClean();
    } finally {
      await session.close();
    }
  });
});
