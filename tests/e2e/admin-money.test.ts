import { afterAll, describe, expect, it } from "vitest";
import { closeBrowser, keepTokens, signInTokens, withSession } from "./browser.js";
import { visible } from "./app-helpers.js";
import { callApi, sees, subscribe } from "./app-part2-helpers.js";

afterAll(closeBrowser);

/** A fresh member paying $19.99 a month with the sandbox's good card; answers their id and email. */
async function payingMember() {
  const email = `money-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;
  const answer = await callApi<{ token: string }>(undefined, "/api/auth/sign-up/email", {
    method: "POST",
    body: { email, password: "money-secret", given_name: "Rae", family_name: "Funds", waiver_accepted: true },
  });
  await subscribe(answer.token);
  const claims = await callApi<{ sub: string }>(answer.token, "/user/v1/attribute/claims");
  return { id: claims.sub, email };
}

describe("money in the console", () => {
  it("support refunds part of a member's payment in the payments panel", async () => {
    const member = await payingMember();
    await withSession(async (session) => {
      await keepTokens(session, await signInTokens("support@demo.fitkit.dev"), ["Essential"]);
      const page = await session.open(`/admin/members/${member.id}/payments`);
      const row = page.getByRole("row", { name: /1 Month Digital Membership/ });
      await visible(row);
      await visible(row.getByText("visa •••• 4242"));
      await session.screenshot(page, "admin-money-payments-1280");

      await row.getByRole("button", { name: /^Refund the payment of \$19\.99/ }).click();
      const dialog = page.getByRole("dialog", { name: "Refund a payment" });
      await visible(dialog);
      // The reason is required: refused in place, nothing refunded.
      await dialog.getByLabel(/^Amount to refund/).fill("5.00");
      await dialog.getByRole("button", { name: "Refund $5.00, access continues" }).click();
      await visible(dialog.getByText("Write why you are refunding."));
      await dialog.getByLabel(/^Reason/).fill("Charged twice in March");
      await dialog.getByLabel("End the membership now").check();
      await visible(dialog.getByRole("button", { name: "Refund $5.00 and end access now" }));
      await dialog.getByLabel("End the membership now").uncheck();
      expect(await session.axe(page)).toEqual([]);
      await dialog.getByRole("button", { name: "Refund $5.00, access continues" }).click();

      await sees(page, "Refunded $5.00; the member has been emailed.");
      await visible(row.getByText(/\$5\.00 on .* by support@demo\.fitkit\.dev: Charged twice in March/));
      expect(await session.axe(page)).toEqual([]);
      await page.setViewportSize({ width: 375, height: 900 });
      await page.waitForTimeout(300);
      expect(await session.axe(page)).toEqual([]);
      // On a phone each payment is a card of labelled lines: no sideways page scroll, and whole words (the table
      // squeezed into 375 px broke "Membership" letter by letter).
      const sideways = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(sideways).toBeLessThanOrEqual(0);
      const what = row.getByRole("rowheader", { name: /1 Month Digital Membership/ });
      expect((await what.boundingBox())!.width).toBeGreaterThan(150);
      expect(await what.evaluate((el) => getComputedStyle(el, "::before").content)).toBe('"For"');
      await visible(row.getByText("visa •••• 4242"));
      await session.screenshot(page, "admin-money-payments-375");
      session.assertClean();
    });
    // The member was told, and is still a member.
    const mail = await callApi<{ items: { to_address: string; subject: string }[] }>(undefined, "/dev/mail.json");
    expect(mail.items.filter((m) => m.to_address === member.email).map((m) => m.subject)).toContain(
      "Your refund of $5.00",
    );
  });
});
