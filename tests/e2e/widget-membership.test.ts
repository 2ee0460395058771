import { afterAll, describe, expect, it } from "vitest";
import { newMember } from "./app-part2-helpers.js";
import type { Locator } from "playwright-core";
import { closeBrowser, signInAs, type Session, withSession } from "./browser.js";

afterAll(closeBrowser);

async function panelFor(session: Session, email: string) {
  await signInAs(session, email);
  const page = await session.openWidgets(`<fit-membership-panel></fit-membership-panel>`);
  const panel = page.locator("fit-membership-panel");
  // An ended membership (lapsed@) is headed "Your last plan".
  await panel.getByText(/^(Current plan|Your last plan)$/).waitFor();
  return { page, panel };
}

const flow = (panel: Locator) => panel.getByRole("dialog");

describe("<fit-membership-panel>", () => {
  it("asks visitors to sign in", () =>
    withSession(async (session) => {
      const page = await session.openWidgets(`<fit-membership-panel></fit-membership-panel>`);
      await page.locator("fit-membership-panel").getByText("Sign in to manage your membership.").waitFor();
      session.assertClean();
    }));

  it("updates the card with the sandbox test cards, and the billing address with the spec's validation copy", () =>
    withSession(async (session) => {
      const { page, panel } = await panelFor(session, "member@demo.fitkit.dev");
      await panel.getByText(/visa \*\*\*\*4242 exp/).waitFor();
      await session.screenshot(page, "membership-member");

      await panel.getByRole("button", { name: "Update Payment" }).click();
      const card = flow(panel);
      await card.getByLabel("Card number").fill("4000 0000 0000 0002");
      await card.getByLabel("Expiry (MM/YY)").fill("12/30");
      await card.getByLabel("CVC").fill("123");
      await card.getByRole("button", { name: "Save card" }).click();
      // A declined card is named as such (issue 21), not the generic payment failure with "contact support".
      await card.getByText("Your card was declined. Try another card.").waitFor();
      expect(await card.getByText("OOPS!").count()).toBe(0);
      await card.getByLabel("Card number").fill("4242 4242 4242 4242");
      await card.getByRole("button", { name: "Save card" }).click();
      await panel.getByText("Your card was updated.").first().waitFor();
      await panel.getByText(/visa \*\*\*\*4242 exp 12\/2030/).waitFor();

      await panel.getByRole("button", { name: /Billing Address/ }).click();
      const address = flow(panel);
      await address.getByLabel("Address", { exact: true }).fill("1100 W Randolph St");
      await address.getByLabel("City").fill("Chicago");
      await address.getByLabel("State").fill("IL");
      await address.getByLabel("Zip").fill("60A07");
      await address.getByRole("button", { name: "Save address" }).click();
      await address.getByText("Wrong Zip Code").waitFor();
      await address.getByLabel("City").fill("");
      await address.getByLabel("Zip").fill("60607");
      await address.getByRole("button", { name: "Save address" }).click();
      await address.getByText("Wrong City").waitFor();
      await address.getByLabel("City").fill("Chicago");
      await address.getByRole("button", { name: "Save address" }).click();
      await panel.getByText("Chicago, IL 60607").waitFor();
      session.assertClean({ allowConsole: /402|Payment Required/ });
    }));

  it("changes the plan with a promo check and the spec's confirmation", () =>
    withSession(async (session) => {
      const { page, panel } = await panelFor(session, "member@demo.fitkit.dev");
      await panel.getByRole("button", { name: "Change Plan / Apply Promo" }).click();
      const plan = flow(panel);
      await plan.getByRole("radio", { name: /12 months \$95\.88 every 12 months/ }).check();
      await plan.getByLabel("Promo code").fill("NOT-A-CODE");
      await plan.getByRole("button", { name: "Apply" }).click();
      await plan.getByText("Invalid Promo Code").waitFor();
      await plan.getByLabel("Promo code").fill("");
      await plan.getByRole("button", { name: "Continue" }).click();
      await plan.getByText("You are updating to a 12 months subscription for $95.88.").waitFor();
      await session.screenshot(page, "membership-plan-confirm");
      await plan.getByRole("button", { name: "YES, I AGREE" }).click();
      await panel.getByText("Plan successfully updated.").first().waitFor();
      session.assertClean({ allowConsole: /404/ });
    }));

  it("confirms a plan change at the price after the promo code and its date, and keeps it through cancel and reactivate", () =>
    withSession(async (session) => {
      // A member of their own on the monthly plan (member@ changes plan in the test above).
      await newMember(session, { sku: "1month_trial0-R-SB" });
      const page = await session.openWidgets(`<fit-membership-panel></fit-membership-panel>`);
      const panel = page.locator("fit-membership-panel");
      await panel.getByText("Current plan").waitFor();
      // The steps an embedder's analytics see, named for what happened (fit-membership-step bubbles out of the shadow).
      await page.evaluate(() => {
        const steps: string[] = ((window as unknown as { steps: string[] }).steps = []);
        document.addEventListener("fit-membership-step", (e) => {
          const { flow, step } = (e as CustomEvent<{ flow: string; step: string }>).detail;
          steps.push(`${flow}:${step}`);
        });
      });
      await panel.getByRole("button", { name: "Change Plan / Apply Promo" }).click();
      const plan = flow(panel);
      await plan.getByRole("radio", { name: /12 months \$95\.88 every 12 months/ }).check();
      await plan.getByLabel("Promo code").fill("WELCOME20");
      await plan.getByRole("button", { name: "Apply" }).click();
      await plan.getByText("Promo code applied.").waitFor();
      await plan.getByRole("button", { name: "Continue" }).click();
      // What will be charged (after WELCOME20) and when (the end of the current month), not the list price.
      await plan.getByText("You are updating to a 12 months subscription for $76.70.").waitFor();
      await plan
        .getByText(
          /^Your card will be charged \$76\.70 on [A-Z][a-z]+ \d{1,2}, \d{4}\. Then \$95\.88 every 12 months\.$/,
        )
        .waitFor();
      await plan.getByRole("button", { name: "YES, I AGREE" }).click();
      await panel.getByText("Plan successfully updated.").first().waitFor();
      // A paying member's new plan has no trial, so it is not named one; the next payment is the quoted one.
      await panel.getByText(/^Changes to 12 Month Digital Membership on /).waitFor();
      expect(await panel.getByText(/Free Trial/).count()).toBe(0);
      await panel.getByText(/^\$76\.70 · /).waitFor();

      await panel.getByRole("button", { name: "Cancel", exact: true }).click();
      await flow(panel).getByRole("button", { name: "No thanks, cancel my membership." }).click();
      await flow(panel).getByRole("radio", { name: "Too expensive" }).check();
      await flow(panel).getByRole("button", { name: "CANCEL ANYWAY" }).click();
      await panel
        .getByText(/^Reactivate before .+ and your plan still changes to 12 Month Digital Membership then\.$/)
        .waitFor();
      await panel.getByRole("button", { name: "Reactivate" }).click();
      await panel.getByText("Your membership is active again.").first().waitFor();
      await panel.getByText(/^Changes to 12 Month Digital Membership on /).waitFor();
      expect(await page.evaluate(() => (window as unknown as { steps: string[] }).steps)).toEqual([
        "plan:opened",
        "plan:promo-applied",
        "plan:plan-chosen",
        "plan:confirmed",
        "plan:completed",
        "cancel:opened",
        "cancel:offers-declined",
        "cancel:completed",
        "reactivate:completed",
      ]);
      session.assertClean();
    }));

  it("cancels in two steps with a required reason, then reactivates", () =>
    withSession(async (session) => {
      const { panel } = await panelFor(session, "trial@demo.fitkit.dev");
      await panel.getByRole("button", { name: "Cancel", exact: true }).click();
      const cancel = flow(panel);
      await cancel.getByText("Contact customer service").waitFor();
      await cancel.getByRole("button", { name: "No thanks, cancel my membership." }).click();
      await cancel.getByRole("button", { name: "CANCEL ANYWAY" }).click();
      await cancel.getByText("Please select a reason.").waitFor();
      await cancel.getByRole("radio", { name: "Too expensive" }).check();
      await cancel.getByRole("button", { name: "CANCEL ANYWAY" }).click();
      await panel
        .getByText(/Your membership is cancelled/)
        .first()
        .waitFor();
      await panel.getByRole("button", { name: "Reactivate" }).click();
      await panel.getByText("Your membership is active again.").first().waitFor();
      session.assertClean();
    }));

  it("shows VIP access without billing flows", () =>
    withSession(async (session) => {
      const { panel } = await panelFor(session, "vip@demo.fitkit.dev");
      await panel.getByText("You have VIP access.").waitFor();
      // A VIP (or support's complimentary) membership never renews: the panel says until when it runs.
      await panel.getByText("Access until").waitFor();
      expect(await panel.getByRole("button", { name: "Update Payment" }).count()).toBe(0);
      session.assertClean();
    }));

  it("unpauses a paused membership once the member confirms the charge", () =>
    withSession(async (session) => {
      const { panel } = await panelFor(session, "paused@demo.fitkit.dev");
      await panel.getByRole("button", { name: "Unpause" }).click();
      await panel.getByText(/Your card will be charged \$19\.99 today/).waitFor();
      await panel.getByRole("button", { name: "YES, UNPAUSE" }).click();
      await panel.getByText("Your membership is running again.").first().waitFor();
      session.assertClean();
    }));

  it("sends studio unlimited members elsewhere and lets a lapsed member link a studio membership by email", () =>
    withSession(async (session) => {
      const studio = await panelFor(session, "studio@demo.fitkit.dev");
      await studio.panel.getByText("This is a studio unlimited membership. Manage it in the studio app.").waitFor();
      expect(await studio.panel.getByRole("button", { name: "Change Plan / Apply Promo" }).count()).toBe(0);

      const { panel } = await panelFor(session, "lapsed@demo.fitkit.dev");
      await panel.getByRole("button", { name: "Link a studio membership" }).click();
      const link = flow(panel);
      // Its own studio address: the hosted-app journey links unlimited@ for good on the same server.
      await link.getByLabel("Email used at the studio").fill("unlimited.la@studio.fitkit.dev");
      await link.getByRole("button", { name: "Send link" }).click();
      await panel.getByText("Email sent, please check your inbox").first().waitFor();
      session.assertClean();
    }));
});
