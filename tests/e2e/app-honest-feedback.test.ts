import { afterAll, describe, expect, it } from "vitest";
import type { Locator, Page } from "playwright-core";
import { closeBrowser, withSession } from "./browser.js";
import { dismissConsent, visible } from "./app-helpers.js";
import { newMember } from "./app-part2-helpers.js";

/** Issue 21: every form answers bad input with a message that names the field and what to do. */

afterAll(closeBrowser);

/** The membership panel on /account/membership, once it shows the plan. */
async function membershipPanel(page: Page) {
  const panel = page.locator("fit-membership-panel");
  await visible(panel.getByText("Current plan"));
  return panel;
}

/** The message an input points at with aria-describedby (what a screen reader reads with the field). */
const describedBy = (input: Locator) =>
  input.evaluate((el) => {
    const ids = (el.getAttribute("aria-describedby") ?? "").split(/\s+/).filter(Boolean);
    const root = el.getRootNode() as Document | ShadowRoot;
    return ids.map((id) => root.getElementById(id)?.textContent ?? "").join(" ");
  });

describe("hosted app: honest feedback on bad input", () => {
  it("billing address in the membership panel names a bad city, a short phone, and caps the address length", () =>
    withSession(async (session) => {
      await newMember(session, { sku: "1month_trial0-R-SB", onboarded: true });
      const page = await session.open("/account/membership");
      await dismissConsent(page);
      const panel = await membershipPanel(page);
      await panel.getByRole("button", { name: /Billing Address/ }).click();
      const form = panel.getByRole("dialog");
      await form.getByLabel("Address", { exact: true }).fill("a".repeat(300));
      expect((await form.getByLabel("Address", { exact: true }).inputValue()).length).toBe(100);
      await form.getByLabel("City").fill("12345!!");
      await form.getByLabel("State").fill("IL");
      await form.getByLabel("Zip").fill("60601");
      await form.getByLabel("Phone").fill("555");
      await form.getByRole("button", { name: /Save/ }).click();
      expect(await describedBy(form.getByLabel("City"))).toMatch(/^Wrong City\. Use letters only/);
      expect(await describedBy(form.getByLabel("Phone"))).toMatch(/^Phone: enter a number of 10 to 15 digits/);
      expect(await form.getByText("OOPS!").count()).toBe(0);
      expect(await session.axe(page)).toEqual([]);
      session.assertClean();
    }));

  it("cancel with Other and no words asks for them on the field", () =>
    withSession(async (session) => {
      await newMember(session, { sku: "1month_trial0-R-SB", onboarded: true });
      const page = await session.open("/account/membership");
      await dismissConsent(page);
      const panel = await membershipPanel(page);
      await panel.getByRole("button", { name: "Cancel", exact: true }).click();
      const cancel = panel.getByRole("dialog");
      await cancel.getByRole("button", { name: "No thanks, cancel my membership." }).click();
      await cancel.getByRole("radio", { name: /Other/ }).check();
      await cancel.getByRole("button", { name: "CANCEL ANYWAY" }).click();
      const why = cancel.getByRole("textbox");
      await visible(cancel.getByText("Tell us why you are cancelling"));
      expect(await why.getAttribute("aria-invalid")).toBe("true");
      expect(await describedBy(why)).toMatch(/^Tell us why you are cancelling/);
      expect(await cancel.getByText("An unexpected error occurred").count()).toBe(0);
      await why.fill("Moving abroad");
      await cancel.getByRole("button", { name: "CANCEL ANYWAY" }).click();
      await visible(panel.getByText(/Your membership is cancelled/).first());
      session.assertClean();
    }));

  it("the studio-link dialog names an invalid email and an unknown studio address", () =>
    withSession(async (session) => {
      await newMember(session, { onboarded: true });
      const page = await session.open("/account/membership");
      await dismissConsent(page);
      const panel = page.locator("fit-membership-panel");
      await panel.getByRole("button", { name: "Link a studio membership" }).click();
      const link = panel.getByRole("dialog");
      const email = link.getByLabel("Email used at the studio");
      await email.fill("not-an-email");
      await link.getByRole("button", { name: "Send link" }).click();
      expect(await describedBy(email)).toBe("Invalid email address");
      await email.fill("nobody@studio.fitkit.dev");
      await link.getByRole("button", { name: "Send link" }).click();
      await visible(link.getByText("We couldn’t find a studio unlimited membership for that email."));
      expect(await link.getByText("please try again!").count()).toBe(0);
      session.assertClean({ allowConsole: /404/ });
    }));

  it("sign-up and the profile keep names to 100 characters and say so", () =>
    withSession(async (session) => {
      await newMember(session, { sku: "1month_trial0-R-SB", onboarded: true });
      const page = await session.open("/account");
      await dismissConsent(page);
      const first = page.getByLabel("First name");
      await visible(first);
      await first.fill("N".repeat(150));
      expect((await first.inputValue()).length).toBe(100);
      expect(await first.getAttribute("maxlength")).toBe("100");

      const signup = await session.context.newPage();
      await signup.goto(page.url().replace(/\/account.*$/, "/signup"));
      const given = signup.getByLabel("First Name");
      await visible(given);
      expect(await given.getAttribute("maxlength")).toBe("100");
      expect(await signup.getByLabel("Last Name").getAttribute("maxlength")).toBe("100");
      session.assertClean();
    }));
});
