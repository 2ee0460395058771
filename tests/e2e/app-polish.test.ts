import { afterAll, describe, expect, it } from "vitest";
import type { Locator, Page } from "playwright-core";
import { appUrl, closeBrowser, openSession, siteUrl, withSession, type Session } from "./browser.js";
import { eventually, expectPath, signInWithForm, visible } from "./app-helpers.js";
import { newMember } from "./app-part2-helpers.js";

/**
 * Issue 21, as a would-be member, a member and an embedding studio met it: the referral button, managing workouts,
 * the member-only library lists, and booking from a studio site in its popup.
 */

afterAll(closeBrowser);

const ALL_COOKIES = ["Essential", "Performance", "Functional", "Marketing"];

/** Grants every cookie category on the app origin, as "Accept all" does. */
async function acceptAllCookies(session: Session) {
  const page = await session.context.newPage();
  await page.goto(`${appUrl()}/health`);
  await page.evaluate((all) => localStorage.setItem("fitkit.consent", JSON.stringify(all)), ALL_COOKIES);
  await page.close();
}

/** True when a click at the centre of the locator lands on it (nothing fixed on top of it). */
const reachable = (locator: Locator) =>
  locator.evaluate((el) => {
    const r = el.getBoundingClientRect();
    const top = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
    return !!top && (top === el || el.contains(top));
  });

const resultCount = async (page: Page) =>
  Number(
    (
      await page
        .locator("fit-workout-search")
        .getByText(/^\d+ results$/)
        .first()
        .innerText()
    ).split(" ")[0],
  );

describe("hosted app: the referral button", () => {
  it("offers visitors GET STARTED FOR FREE once they accept all cookies", () =>
    withSession(async (session) => {
      const page = await session.open("/classes");
      await page.getByRole("button", { name: "Accept all" }).click();
      const offer = page.locator("fit-referral").getByRole("link", { name: /GET STARTED FOR FREE/ });
      await visible(offer);
      expect(await offer.getAttribute("target")).toBe("_blank");
      expect(await offer.getAttribute("href")).toMatch(/annual-digital-membership-7-day-trial/);
      expect(await session.axe(page)).toEqual([]);
      session.assertClean();
    }));

  it("offers members GIVE $15, GET $15 in a dialog, and nothing without functional cookies", () =>
    withSession(async (session) => {
      await newMember(session, { sku: "1month_trial0-R-SB", onboarded: true });
      // Essential only (what newMember answered): no referral widget.
      const essential = await session.open("/home");
      await visible(essential.getByRole("heading", { level: 1 }));
      expect(await essential.locator("fit-referral").getByRole("button", { name: "GIVE $15, GET $15" }).count()).toBe(
        0,
      );
      await essential.close();

      await acceptAllCookies(session);
      const page = await session.open("/home");
      const offer = page.locator("fit-referral").getByRole("button", { name: "GIVE $15, GET $15" });
      await visible(offer);
      await offer.click();
      await visible(page.getByRole("dialog", { name: "GIVE $15, GET $15" }));
      expect(await session.axe(page)).toEqual([]);
      session.assertClean();
    }));
});

describe("hosted app: manage workouts", () => {
  it("leaves a hidden collection's workouts out of the member's library and its count, and brings them back", () =>
    withSession(async (session) => {
      const member = await newMember(session, { sku: "1month_trial0-R-SB", onboarded: true });
      const collections = await member.api<{ items: { id: string; name: string }[] }>("/tsapi/collections");
      const modifications = collections.items.find((c) => c.name === "Modifications")!;
      const inIt = await member.api<{ nbHits: number }>("/tsapi/workouts/search", {
        method: "POST",
        body: {
          facets: "*",
          filters: `NOT type:walk AND NOT type:rest AND collections:"${modifications.id}"`,
          keywords: "",
          sort: "newest",
          page: 0,
          hits: 1,
          pagination: "on",
          equipmentFilter: "selected",
          seriesWorkoutsParam: "",
        },
      });
      expect(inIt.nbHits).toBeGreaterThan(0);

      const page = await session.open("/classes");
      await eventually(() => resultCount(page).catch(() => NaN), /^\d+$/);
      const before = await resultCount(page);

      await page.getByRole("link", { name: "Manage workouts" }).click();
      await expectPath(page, /^\/classes\/manage-workouts$/);
      const toggle = page.getByRole("switch", { name: "Modifications" });
      await visible(toggle);
      await toggle.click();
      await eventually(() => toggle.getAttribute("aria-checked"), /^false$/);

      await page.getByRole("link", { name: "Back to classes" }).click();
      await expectPath(page, /^\/classes$/);
      await eventually(() => resultCount(page).catch(() => NaN), new RegExp(`^${before - inIt.nbHits}$`));
      // The hidden collection is gone from the filters' collection counts too.
      const answer = await member.api<{ collections_hidden: string[] }>("/v2/user/attributes/collections_hidden");
      expect(answer.collections_hidden).toEqual([modifications.id]);

      // A fresh visit keeps it hidden; showing it again restores the count.
      await page.reload();
      await eventually(() => resultCount(page).catch(() => NaN), new RegExp(`^${before - inIt.nbHits}$`));
      await page.getByRole("link", { name: "Manage workouts" }).click();
      await page.getByRole("switch", { name: "Modifications" }).click();
      await eventually(
        () => page.getByRole("switch", { name: "Modifications" }).getAttribute("aria-checked"),
        /^true$/,
      );
      await page.getByRole("link", { name: "Back to classes" }).click();
      await eventually(() => resultCount(page).catch(() => NaN), new RegExp(`^${before}$`));
      session.assertClean();
    }));
});

describe("hosted app: the member's own library lists", () => {
  for (const [query, title] of [
    ["?favorites=true", "Your favorites"],
    ["?from=all_time_stats", "Your completed classes"],
  ] as const) {
    it(`sends a visitor from /classes${query} to sign in, and back to "${title}" afterwards`, () =>
      withSession(async (session) => {
        const page = await session.open(`/classes${query}`);
        await expectPath(page, /^\/continue\?redirect=/);
        expect(await page.getByRole("heading", { name: title }).count()).toBe(0);
        await page.getByRole("button", { name: "Essential only" }).click();
        await signInWithForm(page, "member@demo.fitkit.dev");
        await expectPath(page, new RegExp(`^/classes\\${query}$`));
        await visible(page.getByRole("heading", { name: title }));
        session.assertClean();
      }));
  }
});

describe("hosted app: booking from a studio site", () => {
  it("keeps the sign-in form usable in the 600×400 popup, names the class and time, and sends the member to the studio", async () => {
    // A member of its own (subscribed, past onboarding; signed in only inside the popup), so journeys that book as
    // the demo studio member in parallel are not disturbed.
    const setup = await openSession();
    const member = await newMember(setup, { sku: "1month_trial0-R-SB", onboarded: true });
    await setup.close();
    const session = await openSession({ timezoneId: "Asia/Tokyo" });
    const page = await session.open(`${siteUrl()}/examples/studio-site.html`);
    const schedule = page.locator("fit-live-schedule");
    const days = schedule.locator("button[aria-pressed]");
    const reservable = () =>
      schedule
        .locator("article")
        .filter({ has: page.getByRole("button", { name: "Reserve", exact: true }) })
        .first();
    let found = false;
    for (let i = 0; i < 7 && !found; i++) {
      await days.nth(i).click();
      found = (await reservable().count()) > 0;
    }
    expect(found).toBe(true);
    const labelledBy = (await reservable().getAttribute("aria-labelledby"))!;
    const row = schedule.locator(`article[aria-labelledby="${labelledBy}"]`);
    const className = (await row.locator("h4").innerText()).trim();

    const popup = await session.popup(page, () => row.getByRole("button", { name: "Reserve", exact: true }).click());
    await popup.setViewportSize({ width: 600, height: 400 });
    await eventually(() => new URL(popup.url()).pathname, /^\/continue$/);
    // The cookie banner is still unanswered, and does not sit on the form.
    await visible(popup.getByRole("region", { name: "Cookie consent" }));
    const email = popup.getByLabel("Email");
    await visible(email);
    expect(await reachable(email)).toBe(true);
    await email.fill(member.email);
    const next = popup.getByRole("button", { name: "Continue" });
    await next.scrollIntoViewIfNeeded();
    expect(await reachable(next)).toBe(true);
    await next.click();
    const password = popup.getByLabel("Password", { exact: true });
    await visible(password);
    expect(await reachable(password)).toBe(true);
    await password.fill(member.password);
    await popup.getByRole("button", { name: "Log in" }).click();

    await eventually(() => new URL(popup.url()).pathname, /^\/live\/book$/);
    await visible(popup.getByRole("heading", { name: "You’re in!" }));
    const note = await popup.locator("main").innerText();
    expect(note).toContain(className);
    // The studio's clock (Chicago), not the visitor's (Tokyo).
    expect(note).toMatch(/\d{1,2}:\d{2}\s?[AP]M C[SD]T/);
    expect(note).toContain("Chicago studio, 1530 N Wells St, Chicago, IL 60610");
    expect(note).not.toMatch(/video-call/);
    expect(await session.axe(popup)).toEqual([]);

    // The site's schedule says where to go as well, and Booked Classes names the studio.
    await eventually(() => row.innerText(), /Chicago studio/);
    const booked = await session.open("/live/booked-classes");
    await visible(booked.getByText("Chicago studio, 1530 N Wells St, Chicago, IL 60610").first());
    expect(await booked.getByText(/· Studio class$/).count()).toBe(0);
    session.assertClean();
    await session.close();
  });
});
