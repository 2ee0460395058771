import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Locator, Page } from "playwright-core";
import { closeBrowser, withSession, type Session } from "./browser.js";
import { dismissConsent, eventually, signInWithForm, visible } from "./app-helpers.js";
import { startOwnServer, startPageServer } from "./own-server.js";

/**
 * Issue 32 item 1: a member who booked on a studio's own site (another origin, not in FITKIT_ALLOWED_ORIGINS, a
 * development server) finds the booking there after a reload, and a second Reserve of a booked class says so, with the
 * class and Cancel, instead of failing vaguely.
 */
let fitkit: Awaited<ReturnType<typeof startOwnServer>>;
let site: Awaited<ReturnType<typeof startPageServer>>;

beforeAll(async () => {
  fitkit = await startOwnServer();
  const config = JSON.stringify({ apiBase: fitkit.url, appUrl: fitkit.url });
  site = await startPageServer({
    "/studio.html":
      `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">` +
      `<link rel="icon" href="data:,"><title>Pulse Pilates</title>` +
      `<script type="application/json" id="fitkit-config">${config}</script>` +
      `<script type="module" src="${fitkit.url}/widgets/esm/live-schedule.js"></script></head>` +
      `<body><main><h1>Our schedule</h1><fit-live-schedule location="chicago"></fit-live-schedule></main></body></html>`,
  });
}, 120_000);
afterAll(async () => {
  await closeBrowser();
  await site.close();
  await fitkit.close();
});

const reserveButton = (row: Locator) => row.getByRole("button", { name: "Reserve", exact: true });

/** The first day with a class to reserve: its index among the day buttons and the class's row. */
async function reservableRow(page: Page): Promise<{ day: number; row: Locator; id: string }> {
  const schedule = page.locator("fit-live-schedule");
  const days = schedule.locator("button[aria-pressed]");
  await expect.poll(() => days.count()).toBe(7);
  // Loaded: some day lists classes (or says it has none).
  await expect.poll(() => schedule.locator("article, [part~=error]").count()).toBeGreaterThan(0);
  for (let day = 0; day < 7; day++) {
    await days.nth(day).click();
    const rows = schedule
      .locator("article[data-row]")
      .filter({ has: page.getByRole("button", { name: "Reserve", exact: true }) });
    if (await rows.count()) {
      const id = (await rows.first().getAttribute("data-row"))!;
      return { day, row: schedule.locator(`article[data-row="${id}"]`), id };
    }
  }
  throw new Error("no class to reserve this week");
}

async function openSite(session: Session, day?: number) {
  const page = await session.open(`${site.url}/studio.html`);
  await page.evaluate(() => {
    (window as unknown as { booked: string[] }).booked = [];
    document.addEventListener("fit-class-book", (e) =>
      (window as unknown as { booked: string[] }).booked.push((e as CustomEvent<{ classId: string }>).detail.classId),
    );
  });
  const days = page.locator("fit-live-schedule button[aria-pressed]");
  await expect.poll(() => days.count()).toBe(7);
  if (day !== undefined) await days.nth(day).click();
  return page;
}

describe("a member's bookings on a studio's own site", () => {
  it("booked in the popup: the site hears of it, shows it after a reload, and Cancel goes through the app", () =>
    withSession(async (session) => {
      let page = await openSite(session);
      const { day, row, id } = await reservableRow(page);
      const popup = await session.popup(page, () => reserveButton(row).click());
      await eventually(() => new URL(popup.url()).pathname, /^\/continue$/);
      await dismissConsent(popup);
      await signInWithForm(popup, "studio@demo.fitkit.dev");
      await visible(popup.getByRole("heading", { name: "You’re in!" }));
      // Without FITKIT_ALLOWED_ORIGINS the site still hears of the booking: its row and its event.
      await row.getByText("You’re in!").waitFor();
      await expect.poll(() => page.evaluate(() => (window as unknown as { booked: string[] }).booked)).toEqual([id]);
      await popup.close();

      // Back later: the booking is still shown, with Cancel.
      page = await openSite(session, day);
      const again = page.locator(`fit-live-schedule article[data-row="${id}"]`);
      await again.getByText("You’re in!").waitFor();
      await expect.poll(() => reserveButton(again).count()).toBe(0);
      await session.screenshot(page, "schedule-site-booked-after-reload-1280");
      await page.setViewportSize({ width: 375, height: 800 });
      await session.screenshot(page, "schedule-site-booked-after-reload-375");
      expect(await session.axe(page)).toEqual([]);

      // Cancel opens the app, which shows the booking (never books it again) and cancels it.
      const manage = await session.popup(page, () =>
        again.getByRole("button", { name: "Cancel", exact: true }).click(),
      );
      expect(new URL(manage.url()).searchParams.get("manage")).toBe("1");
      await visible(manage.getByRole("heading", { name: "Already booked" }));
      await session.screenshot(manage, "schedule-popup-already-booked");
      await manage.getByRole("button", { name: "Cancel booking" }).click();
      await manage.getByRole("dialog").getByRole("button", { name: "Cancel booking" }).click();
      await visible(manage.getByRole("heading", { name: "Your reservation is cancelled." }));
      await reserveButton(again).waitFor();
      session.assertClean();
    }));

  it("a second Reserve of a class the member holds says so, with the class and Cancel", () =>
    withSession(async (session) => {
      const page = await openSite(session);
      const { row } = await reservableRow(page);
      const popup = await session.popup(page, () => reserveButton(row).click());
      await eventually(() => new URL(popup.url()).pathname, /^\/continue$/);
      await dismissConsent(popup);
      await signInWithForm(popup, "studio@demo.fitkit.dev");
      await visible(popup.getByRole("heading", { name: "You’re in!" }));
      await popup.close();
      // Another browser on the site (nothing kept there), the member still signed in to the app.
      await page.evaluate(() => localStorage.clear());
      await page.reload();
      const { row: same } = await reservableRow(page);
      const second = await session.popup(page, () => reserveButton(same).click());
      await visible(second.getByRole("heading", { name: "Already booked" }));
      await visible(second.getByText(/^You already booked .+, .+\./));
      await visible(second.getByRole("button", { name: "Cancel booking" }));
      await second.setViewportSize({ width: 375, height: 700 });
      await session.screenshot(second, "schedule-popup-second-reserve-375");
      session.assertClean();
    }));
});
