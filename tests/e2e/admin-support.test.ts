import { afterAll, describe, expect, it } from "vitest";
import type { Page } from "playwright-core";
import { closeBrowser, keepTokens, signInTokens, withSession } from "./browser.js";
import { apiAs, dismissConsent, expectPath, visible } from "./app-helpers.js";
import { checkWidths, sees } from "./app-part2-helpers.js";

afterAll(closeBrowser);

const MEMBER = "new@demo.fitkit.dev";
const DAY_MS = 86_400_000;

interface Sub {
  expiration_date: string;
  next_renewal: { period_start: string } | null;
}

/** A date as the membership panel writes it (en-US, long, the browser's zone). */
const panelDate = (page: Page, iso: string) =>
  page.evaluate((d) => new Intl.DateTimeFormat("en-US", { dateStyle: "long" }).format(new Date(d)), iso);

describe("member support", () => {
  it("support finds a demo member, comps a month with a reason, and the member's panel shows the new date", () =>
    withSession(async (memberSession) => {
      await keepTokens(memberSession, await signInTokens(MEMBER), ["Essential"]);
      const account = await memberSession.open("/account/membership");
      await dismissConsent(account);
      const before = await apiAs<Sub>(account, "/v2/subscriptions/subs");
      await visible(
        account.locator("fit-membership-panel").getByText(await panelDate(account, before.next_renewal!.period_start)),
      );

      await withSession(async (session) => {
        await keepTokens(session, await signInTokens("support@demo.fitkit.dev"), ["Essential"]);
        const page = await session.open("/admin");
        await page.getByRole("link", { name: "Members", exact: true }).click();
        await expectPath(page, /^\/admin\/members$/);
        await page.getByLabel("Email, name or member id").fill("noah kim");
        await page.getByRole("button", { name: "Search" }).click();
        await sees(page, "1 member found");
        await checkWidths(session, page, "admin-members");

        await page.getByRole("link", { name: "Noah Kim" }).click();
        await expectPath(page, /^\/admin\/members\/[0-9a-f-]{36}$/);
        await visible(page.getByRole("heading", { name: "Membership timeline" }));
        await visible(page.getByRole("rowheader", { name: "visa ending 4242" }));
        await checkWidths(session, page, "admin-member");

        await page.getByRole("button", { name: "Comp or extend" }).click();
        const dialog = page.getByRole("dialog", { name: "Comp or extend" });
        await visible(dialog);
        // The reason is required: confirming without one says so and changes nothing.
        await dialog.getByRole("button", { name: "Confirm" }).click();
        await visible(dialog.getByText("Give a reason."));
        await dialog.getByLabel("Days (1 to 366)").fill("30");
        await dialog.getByLabel("Reason (kept in the audit log)").fill("Sorry for the app outage last week");
        expect(await session.axe(page), "the comp dialog").toEqual([]);
        await session.screenshot(page, "admin-support-comp-dialog");
        await dialog.getByRole("button", { name: "Confirm" }).click();
        await sees(page, "Done: Comp or extend.");
        await visible(page.getByRole("row").filter({ hasText: "operator:support@demo.fitkit.dev" }).first());
        session.assertClean();
      });

      const after = await apiAs<Sub>(account, "/v2/subscriptions/subs");
      expect(new Date(after.expiration_date).getTime() - new Date(before.expiration_date).getTime()).toBe(30 * DAY_MS);
      await account.reload();
      const panel = account.locator("fit-membership-panel");
      await visible(panel.getByText(await panelDate(account, after.next_renewal!.period_start)));
      await checkWidths(memberSession, account, "admin-support-member-panel");
      memberSession.assertClean();
    }));
});
