import { afterAll, describe, expect, it } from "vitest";
import type { Locator, Page } from "playwright-core";
import {
  appUrl,
  closeBrowser,
  openSession,
  signInAs,
  signInTokens,
  siteUrl,
  STEP_TIMEOUT,
  type Session,
} from "./browser.js";
import { dismissConsent, visible } from "./app-helpers.js";

afterAll(closeBrowser);

/**
 * Issue 32 item 5: keyboard focus never falls to the page after Reserve, Join waitlist and Cancel booking in the
 * schedule, nor after Escape on the player's music panel. Item 11: the schedule's filters. Item 10: the examples.
 */
const focused = (schedule: Locator) =>
  schedule.evaluate((el) => {
    const active = el.shadowRoot!.activeElement as HTMLElement | null;
    return active ? `${active.getAttribute("part") ?? active.tagName}: ${active.textContent.trim()}` : "page";
  });

/** Opens the app's schedule of a location and finds a day with a button of that name; its row. */
async function rowWith(page: Page, location: string, name: string): Promise<Locator | undefined> {
  await page.goto(`${new URL(page.url()).origin}/live?location=${location}`);
  const schedule = page.locator("fit-live-schedule");
  const days = schedule.locator("button[aria-pressed]");
  await expect.poll(() => days.count(), { timeout: STEP_TIMEOUT }).toBe(7);
  await expect.poll(() => schedule.locator("article, [part~=error]").count()).toBeGreaterThan(0);
  for (let day = 0; day < 7; day++) {
    await days.nth(day).click();
    const rows = schedule.locator("article[data-row]").filter({ has: page.getByRole("button", { name, exact: true }) });
    if (await rows.count())
      return schedule.locator(`article[data-row="${await rows.first().getAttribute("data-row")}"]`);
  }
  return undefined;
}

/** Calls the API as a demo account. */
async function as<T>(email: string, path: string, method = "GET", body?: unknown): Promise<T> {
  const { token } = await signInTokens(email);
  const res = await fetch(`${appUrl()}${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body ? { "content-type": "application/json" } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  expect(res.status, await res.clone().text()).toBe(200);
  return (await res.json()) as T;
}

/** A Chicago class two days ahead with one spot, taken by another member: full, its waitlist open. */
async function fullClass() {
  const date = new Intl.DateTimeFormat("en-CA", { timeZone: "America/Chicago", dateStyle: "short" }).format(
    Date.now() + 2 * 86_400_000,
  );
  const { items } = await as<{ items: { id: string }[] }>("owner@demo.fitkit.dev", "/studio-admin/v1/trainers");
  const created = await as<{ id: string }>(
    "owner@demo.fitkit.dev",
    "/studio-admin/v1/locations/chicago/classes",
    "POST",
    {
      date,
      start_time: "13:05",
      end_time: "13:50",
      class_type: "Keyboard Flow",
      trainer_id: items[0]!.id,
      capacity: 1,
      room: "Keyboard Room",
      waitlist_capacity: 5,
    },
  );
  await as("vip@demo.fitkit.dev", "/studios/reservation/", "POST", { class_id: created.id });
}

async function member(session: Session, email: string) {
  await signInAs(session, email);
  const page = await session.open("/live");
  await dismissConsent(page);
  return page;
}

describe("the schedule by keyboard", () => {
  it("Reserve focuses the booking's Cancel; Cancel booking focuses Reserve again", async () => {
    const session = await openSession();
    const page = await member(session, "member@demo.fitkit.dev");
    const row = (await rowWith(page, "chicago", "Reserve"))!;
    const schedule = page.locator("fit-live-schedule");
    await row.getByRole("button", { name: "Reserve", exact: true }).focus();
    await page.keyboard.press("Enter");
    await row.getByText("You’re in!").waitFor();
    await expect.poll(() => focused(schedule), { timeout: STEP_TIMEOUT }).toBe("button cancel: Cancel");
    await session.screenshot(page, "schedule-keyboard-booked-1280");

    await page.keyboard.press("Enter");
    const dialog = schedule.locator("dialog[open]");
    await visible(dialog);
    expect(await dialog.textContent()).toMatch(/Free cancellation until .+|counts as a late cancel/);
    await dialog.getByRole("button", { name: "Cancel booking" }).focus();
    await page.keyboard.press("Enter");
    await row.getByRole("button", { name: "Reserve", exact: true }).waitFor();
    await expect.poll(() => focused(schedule), { timeout: STEP_TIMEOUT }).toBe("button primary reserve: Reserve");
    expect(await session.axe(page)).toEqual([]);
    session.assertClean();
    await session.close();
  });

  it("Join waitlist focuses Leave waitlist, and leaving focuses Join waitlist; a full class says how long its list is", async () => {
    const session = await openSession();
    await fullClass();
    const page = await member(session, "member@demo.fitkit.dev");
    let row: Locator | undefined;
    for (const location of ["chicago", "new-york", "los-angeles", "live"]) {
      row = await rowWith(page, location, "Join waitlist");
      if (row) break;
    }
    expect(row, "a full class with room on its waitlist").toBeDefined();
    const schedule = page.locator("fit-live-schedule");
    expect(await row!.textContent()).toMatch(/Full · (\d+ on the waitlist|no one on the waitlist yet)/);
    await row!.getByRole("button", { name: "Join waitlist" }).focus();
    await page.keyboard.press("Enter");
    await expect.poll(() => focused(schedule), { timeout: STEP_TIMEOUT }).toBe("button leave-waitlist: Leave waitlist");
    await page.keyboard.press("Enter");
    await expect
      .poll(() => focused(schedule), { timeout: STEP_TIMEOUT })
      .toBe("button primary waitlist: Join waitlist");
    session.assertClean();
    await session.close();
  });

  it("filters the week by class type, trainer and room with labelled selects", async () => {
    const session = await openSession();
    const page = await session.open("/live?location=chicago");
    await dismissConsent(page);
    const schedule = page.locator("fit-live-schedule");
    // The filters load when asked for (a page that is only read costs none of their bytes).
    const toggle = schedule.getByRole("button", { name: "Filter classes" });
    expect(await toggle.getAttribute("aria-expanded")).toBe("false");
    await toggle.focus();
    await page.keyboard.press("Enter");
    expect(await toggle.getAttribute("aria-expanded")).toBe("true");
    const trainer = schedule.getByLabel("Trainer");
    await visible(trainer);
    await expect.poll(() => schedule.getByLabel("Class type").count()).toBe(1);
    const names = await trainer.locator("option").allTextContents();
    expect(names[0]).toBe("All");
    await trainer.focus();
    await page.keyboard.press("ArrowDown");
    const chosen = await trainer.inputValue();
    expect(chosen).toBe(names[1]);
    await expect
      .poll(async () => {
        const lines = await schedule
          .locator("article[data-row]")
          .getByText(/^with /)
          .allTextContents();
        return lines.length > 0 && lines.every((l) => l === `with ${chosen}`)
          ? "only the trainer"
          : (await schedule.getByText("No classes match your filters on this day").count())
            ? "none today"
            : lines.join("|");
      })
      .toMatch(/only the trainer|none today/);
    await session.screenshot(page, "schedule-filters-1280");
    await page.setViewportSize({ width: 375, height: 800 });
    await session.screenshot(page, "schedule-filters-375");
    expect(await session.axe(page)).toEqual([]);
    session.assertClean();
    await session.close();
  });
});

describe("the player's music panel by keyboard", () => {
  it("Escape closes the panel and focus returns to the Music button", async () => {
    const session = await openSession();
    await signInAs(session, "member@demo.fitkit.dev");
    const page = await session.open("/classes");
    await dismissConsent(page);
    await page.locator("fit-workout-search").locator("[part=card] a").nth(2).click();
    await page.locator("dialog[open]").last().getByRole("link", { name: /Play/ }).click();
    const music = page.getByRole("button", { name: "Music stations" });
    await visible(music);
    await music.focus();
    await page.keyboard.press("Enter");
    await visible(page.getByRole("complementary", { name: "Music stations" }));
    await page.keyboard.press("Escape");
    await expect.poll(() => page.getByRole("complementary", { name: "Music stations" }).count()).toBe(0);
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.getAttribute("aria-label") ?? "page"))
      .toBe("Music stations");
    await session.close();
  });
});

describe("the example pages", () => {
  it("fit a 375 px phone, and the studio site names the address and the zone its schedule uses", async () => {
    const session = await openSession({ viewport: { width: 375, height: 800 } });
    for (const name of ["index", "studio-site", "studio-site-fr", "marketing", "account"]) {
      const page = await session.open(`${siteUrl()}/examples/${name}.html`);
      await page.waitForTimeout(500);
      expect(await page.evaluate(() => document.documentElement.scrollWidth), name).toBeLessThanOrEqual(375);
      await session.screenshot(page, `example-${name}-375`);
      await page.close();
    }
    const page = await session.open(`${siteUrl()}/examples/studio-site.html`);
    const schedule = page.locator("fit-live-schedule");
    await visible(schedule.getByText("the studio's time zone", { exact: false }));
    expect(await schedule.locator("[part=note]").textContent()).toContain("America/Chicago");
    const address = await page.locator(".studio-facts").textContent();
    expect(address).toContain("1530 N Wells St");
    await session.close();
  });
});
