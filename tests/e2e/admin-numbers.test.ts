import { readFile } from "node:fs/promises";
import { afterAll, describe, expect, it } from "vitest";
import { closeBrowser, keepTokens, signInTokens, STEP_TIMEOUT, withSession } from "./browser.js";
import { visible } from "./app-helpers.js";
import { callApi } from "./app-part2-helpers.js";

afterAll(closeBrowser);

describe("the console's numbers", () => {
  it("a viewer reads the numbers by month and week, opens a chart's table and downloads them as CSV", () =>
    withSession(async (session) => {
      // A viewer: a new account the demo admin gives the role.
      const email = `viewer-${Math.random().toString(36).slice(2, 9)}@example.com`;
      const viewer = await callApi<{ token: string; refreshToken: string }>(undefined, "/api/auth/sign-up/email", {
        method: "POST",
        body: { email, password: "viewer-secret", given_name: "Vera", family_name: "Viewer", waiver_accepted: true },
      });
      const admin = await signInTokens("admin@demo.fitkit.dev");
      await callApi(admin.token, "/admin/v1/operators", { method: "POST", body: { email, role: "viewer" } });
      await keepTokens(session, viewer, ["Essential"]);

      const page = await session.open("/admin");
      await page
        .getByRole("navigation", { name: "Console sections" })
        .getByRole("link", { name: "The numbers" })
        .click();
      await visible(page.getByRole("heading", { name: "The numbers", level: 1 }));
      const members = page.getByRole("region", { name: "Members" });
      // The demo's memberships: member, new, studio (paying) and vip (comped) are active (other journeys add more).
      const active = members.getByRole("img", { name: "Active members" });
      await visible(active);
      const [, now] = /^Active members from .+: from \d+ to (\d+),/.exec(
        (await active.locator("desc").textContent())!,
      )!;
      expect(Number(now)).toBeGreaterThanOrEqual(4);

      // Twelve months by default; by week, twelve weeks.
      const table = page.locator("table").first();
      await members.getByRole("button", { name: "Show the table" }).click();
      await visible(table);
      await expect.poll(() => table.locator("tbody tr").count(), { timeout: STEP_TIMEOUT }).toBe(12);
      expect(await table.locator("tbody tr").last().locator("td").first().textContent()).toBe(now);
      expect(await table.locator("tbody tr").last().locator("th").textContent()).toMatch(/^[A-Z][a-z]{2} \d{4}$/);
      await page.getByRole("radio", { name: "By week" }).check();
      await visible(page.getByRole("region", { name: "Members" }).getByRole("img", { name: "Active members" }));
      const weekly = page.getByRole("region", { name: "Members" });
      if ((await weekly.getByRole("button", { name: "Show the table" }).count()) > 0)
        await weekly.getByRole("button", { name: "Show the table" }).click();
      // Weeks are labelled by their Monday ("Nov 23"), months by month and year.
      await expect
        .poll(() => page.locator("table").first().locator("tbody tr").last().locator("th").textContent(), {
          timeout: STEP_TIMEOUT,
        })
        .toMatch(/^[A-Z][a-z]{2} \d{1,2}$/);
      expect(await page.locator("table").first().locator("tbody tr").count()).toBe(12);
      expect(await session.axe(page)).toEqual([]);

      const [download] = await Promise.all([
        page.waitForEvent("download", { timeout: STEP_TIMEOUT }),
        page.getByRole("button", { name: "Download CSV" }).click(),
      ]);
      expect(download.suggestedFilename()).toBe("fitkit-numbers-week.csv");
      const csv = (await readFile(await download.path(), "utf8")).trim().split("\r\n");
      expect(csv[0]).toMatch(/^start,end,active_members,paying_members,/);
      expect(csv).toHaveLength(13);
      expect(Number(csv.at(-1)!.split(",")[2])).toBeGreaterThanOrEqual(4);

      for (const width of [1280, 375]) {
        await page.setViewportSize({ width, height: 900 });
        await page.waitForTimeout(300);
        expect(
          await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
          `the numbers scroll sideways at ${width}`,
        ).toBeLessThanOrEqual(0);
        expect(await session.axe(page), `the numbers at ${width}`).toEqual([]);
        await session.screenshot(page, `admin-numbers-${width}`);
      }
    }));
});
