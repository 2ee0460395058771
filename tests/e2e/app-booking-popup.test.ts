import { afterAll, describe, expect, it } from "vitest";
import type { Locator } from "playwright-core";
import { appUrl, closeBrowser, openSession, siteUrl } from "./browser.js";
import { dismissConsent, eventually, signInWithForm, visible } from "./app-helpers.js";

afterAll(closeBrowser);

const reservable = (schedule: Locator) =>
  schedule
    .locator("article")
    .filter({ has: schedule.page().getByRole("button", { name: "Reserve", exact: true }) })
    .first();

describe("hosted app: the booking popup a studio site opens", () => {
  it("signs the member in inside the popup, books the class and tells the site (and only the site) it is booked", async () => {
    const session = await openSession();
    const page = await session.open(`${siteUrl()}/examples/studio-site.html`);
    const schedule = page.locator("fit-live-schedule");
    const days = schedule.locator("button[aria-pressed]");
    let row: Locator | undefined;
    for (let i = 0; i < 7 && !row; i++) {
      await days.nth(i).click();
      if (await reservable(schedule).count()) row = reservable(schedule);
    }
    expect(row).toBeDefined();
    const labelledBy = (await row!.getAttribute("aria-labelledby"))!;

    const popup = await session.popup(page, () => row!.getByRole("button", { name: "Reserve", exact: true }).click());
    expect(new URL(popup.url()).origin).toBe(appUrl());
    // Signed out in the app: the booking page asks for sign-in first and comes back to itself.
    await eventually(() => new URL(popup.url()).pathname, /^\/continue$/);
    await dismissConsent(popup);
    await signInWithForm(popup, "studio@demo.fitkit.dev");
    await eventually(() => new URL(popup.url()).pathname, /^\/live\/book$/);
    await visible(popup.getByRole("heading", { name: "You’re in!" }));

    await schedule.locator(`article[aria-labelledby="${labelledBy}"]`).getByText("You’re in!").waitFor();
    await session.screenshot(popup, "app-booking-popup-booked");
    session.assertClean();
    await session.close();
  });
});
