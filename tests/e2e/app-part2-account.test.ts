import { afterAll, describe, expect, it } from "vitest";
import type { Page } from "playwright-core";
import { readFile } from "node:fs/promises";
import { appUrl, closeBrowser, keepTokens, signInTokens, STEP_TIMEOUT, withSession } from "./browser.js";
import { expectPath, visible } from "./app-helpers.js";
import { callApi, checkWidths, newMember, sees } from "./app-part2-helpers.js";

afterAll(closeBrowser);

/** The names of the analytics events the page sends to the first-party collector. */
function recordEvents(page: Page): string[] {
  const names: string[] = [];
  page.on("request", (request) => {
    if (!request.url().endsWith("/v2/analytics/events") || request.method() !== "POST") return;
    const body = request.postDataJSON() as { events?: { name?: string }[] };
    for (const e of body.events ?? []) if (e.name) names.push(e.name);
  });
  return names;
}

const panelOf = (page: Page) => page.locator("fit-membership-panel");

describe("hosted app: account and membership", () => {
  it("edits the profile with its validation, Save enabled only after a change", () =>
    withSession(async (session) => {
      await newMember(session, { sku: "1month_trial0-R-SB", onboarded: true });
      const page = await session.open("/account");
      const save = page.getByRole("button", { name: "Save" });
      await visible(page.getByLabel("First Name"));
      expect(await save.isDisabled()).toBe(true);
      expect(await page.getByLabel("Email").getAttribute("readonly")).not.toBeNull();
      await visible(page.getByRole("region", { name: "Membership" }).getByText("Active", { exact: true }));
      await checkWidths(session, page, "account");

      await page.getByLabel("First Name").fill("");
      expect(await save.isDisabled()).toBe(false);
      await save.click();
      await visible(page.getByText("First Name is required"));
      await page.getByLabel("First Name").fill("Patricia");
      await page.getByLabel("Last Name").fill("Lovelace");
      await page.getByLabel("Birthday").fill("12312999");
      expect(await page.getByLabel("Birthday").inputValue()).toBe("12/31/2999");
      await save.click();
      await visible(page.getByText("Your birthday cannot be in the future"));
      await page.getByLabel("Birthday").fill("02/30/1990");
      await save.click();
      await visible(page.getByText("Enter your birthday as mm/dd/yyyy"));
      await page.getByLabel("Birthday").fill("04/12/1990");
      await page.getByLabel("Phone country").selectOption("CA");
      await page.getByLabel("Phone", { exact: true }).fill("416 555 0100");
      await save.click();
      await visible(page.getByText("Your profile was saved."));
      expect(await save.isDisabled()).toBe(true);
      // The rename reaches the claims at once: the header's initials follow without a reload.
      const accountMenu = page.locator('[aria-label$="Account menu"]').first();
      await expect
        .poll(() => accountMenu.getAttribute("aria-label"), { timeout: STEP_TIMEOUT })
        .toBe("PL, Account menu");
      await page.reload();
      await expect.poll(() => page.getByLabel("First Name").inputValue(), { timeout: STEP_TIMEOUT }).toBe("Patricia");
      expect(await page.getByLabel("Last Name").inputValue()).toBe("Lovelace");
      expect(await page.getByLabel("Birthday").inputValue()).toBe("04/12/1990");
      expect(await page.getByLabel("Phone country").inputValue()).toBe("CA");
      session.assertClean();
    }));

  it("changes the plan with a promo code and the confirmation, sending the membership analytics events", () =>
    withSession(async (session) => {
      await newMember(session, { sku: "1month_trial0-R-SB", onboarded: true });
      const page = await session.context.newPage();
      const events = recordEvents(page);
      await page.goto(`${appUrl()}/account/membership/manage`);
      const panel = panelOf(page);
      await panel.getByText("Current plan").waitFor();
      const plans = page.getByRole("region", { name: "Plans" });
      await visible(plans.getByText("$7.99/month")); // $95.88 / 12
      await visible(plans.getByRole("listitem").filter({ hasText: "Your plan" }).getByText("$19.99 a month"));
      await checkWidths(session, page, "membership-manage");
      await panel.getByRole("button", { name: "Change Plan / Apply Promo" }).click();
      const plan = panel.getByRole("dialog");
      await plan.getByRole("radio", { name: /12 months \$95\.88 every 12 months/ }).check();
      await plan.getByLabel("Promo code").fill("NOPE-NOT-A-CODE");
      await plan.getByRole("button", { name: "Apply" }).click();
      await plan.getByText("Invalid Promo Code").waitFor();
      await plan.getByLabel("Promo code").fill("WELCOME20");
      await plan.getByRole("button", { name: "Apply" }).click();
      await plan.getByText("Promo code applied.").waitFor();
      await plan.getByRole("button", { name: "Continue" }).click();
      await plan.getByText("You are updating to a 12 months subscription for $76.70.").waitFor();
      await plan.getByRole("button", { name: "YES, I AGREE" }).click();
      await sees(page, "Plan successfully updated.");
      await expect
        .poll(() => events, { timeout: STEP_TIMEOUT })
        .toEqual(
          expect.arrayContaining([
            "App Subscription Page Viewed",
            "App Subscription Update Page Viewed",
            "App Subscription Update Confirmation Modal Viewed",
            "App Subscription Update Confirmation Modal Accepted",
            "App Subscription Plan Update Submitted",
            "CTA Clicked",
          ]),
        );
      session.assertClean({ allowConsole: /404/ });
    }));

  it("shows the declining test card's error copy, then saves the good card; and the billing address copy", () =>
    withSession(async (session) => {
      await newMember(session, { sku: "1month_trial0-R-SB", onboarded: true });
      const page = await session.open("/account/membership");
      const panel = panelOf(page);
      await panel.getByText("Current plan").waitFor();
      await checkWidths(session, page, "membership");
      await panel.getByRole("button", { name: "Update Payment" }).click();
      const card = panel.getByRole("dialog");
      await card.getByLabel("Card number").fill("4000 0000 0000 0002");
      await card.getByLabel("Expiry (MM/YY)").fill("11/31");
      await card.getByLabel("CVC").fill("123");
      await card.getByRole("button", { name: "Save card" }).click();
      // A declined card is named as such (issue 21), not the generic payment failure with "contact support".
      await card.getByText("Your card was declined. Try another card.").waitFor();
      expect(await card.getByText("OOPS!").count()).toBe(0);
      await card.getByLabel("Card number").fill("4242 4242 4242 4242");
      await card.getByRole("button", { name: "Save card" }).click();
      await sees(page, "Your card was updated.");
      await sees(page, /\*\*\*\*4242 exp 11\/2031/);

      await page.getByRole("link", { name: "Billing address" }).click();
      await expectPath(page, /^\/account\/membership\/billing-address$/);
      await visible(page.getByRole("heading", { name: "Billing Address", level: 1 }));
      // The page opens the panel's own address flow in place: its Billing address section holds the form.
      const form = panel.getByRole("region", { name: "Billing address", exact: true });
      await form.getByLabel("Address", { exact: true }).fill("88 Greenwich Ave");
      await form.getByLabel("City").fill("New York");
      await form.getByLabel("State").fill("NY");
      await form.getByLabel("Zip").fill("1OO14");
      await form.getByRole("button", { name: "Save address" }).click();
      await visible(form.getByText("Wrong Zip Code"));
      await form.getByLabel("City").fill("");
      await form.getByLabel("Zip").fill("10014");
      await form.getByRole("button", { name: "Save address" }).click();
      await visible(form.getByText("Wrong City"));
      await form.getByLabel("City").fill("New York");
      await form.getByRole("button", { name: "Save address" }).click();
      await sees(page, "Your billing address was saved.");
      await visible(form.getByText("New York, NY 10014"));
      expect(await form.getByRole("button", { name: "Save address" }).count()).toBe(0);
      await checkWidths(session, page, "billing-address");
      session.assertClean({ allowConsole: /402|Payment Required/ });
    }));

  it("cancels in two steps with a reason, then reactivates", () =>
    withSession(async (session) => {
      await newMember(session, { sku: "1month_trial0-R-SB", onboarded: true });
      const page = await session.context.newPage();
      const events = recordEvents(page);
      await page.goto(`${appUrl()}/account/membership/manage`);
      const panel = panelOf(page);
      await panel.getByRole("button", { name: "Cancel", exact: true }).click();
      const cancel = panel.getByRole("dialog");
      await cancel.getByText("Contact customer service").waitFor();
      await cancel.getByRole("button", { name: "No thanks, cancel my membership." }).click();
      await cancel.getByRole("button", { name: "CANCEL ANYWAY" }).click();
      await cancel.getByText("Please select a reason.").waitFor();
      await cancel.getByRole("radio", { name: "Other" }).check();
      await cancel.getByLabel("Tell us more").fill("Moving abroad for a while.");
      await cancel.getByRole("button", { name: "CANCEL ANYWAY" }).click();
      await sees(page, /Your membership is cancelled/);
      await panel.getByRole("button", { name: "Reactivate" }).click();
      await sees(page, "Your membership is active again.");
      await expect
        .poll(() => events, { timeout: STEP_TIMEOUT })
        .toEqual(
          expect.arrayContaining(["App Subscription Cancel Step Viewed", "App Subscription Cancellation Submitted"]),
        );
      session.assertClean();
    }));

  it("links a studio membership by email, confirms the emailed link, and lists every subscription", () =>
    withSession(async (session) => {
      await newMember(session);
      const page = await session.open("/account/subscriptions");
      await visible(page.getByText("NO SUBSCRIPTIONS YET"));
      await page.getByRole("link", { name: "Membership", exact: true }).first().click();
      await expectPath(page, /^\/account\/membership$/);
      const panel = panelOf(page);
      await panel.getByRole("button", { name: "Link a studio membership" }).click();
      const link = panel.getByRole("dialog");
      await link.getByLabel("Email used at the studio").fill("unlimited@studio.fitkit.dev");
      await link.getByRole("button", { name: "Send link" }).click();
      await sees(page, "Email sent, please check your inbox");

      // The studio's address receives the confirmation link (the embedded server's outbox stands in for the inbox).
      const { items } = await callApi<{ items: { to_address: string; text_body: string }[] }>(
        undefined,
        "/dev/mail.json",
      );
      const mail = items.find(
        (m) => m.to_address === "unlimited@studio.fitkit.dev" && m.text_body.includes("studio_link="),
      );
      const url = /https?:\/\/\S+studio_link=[\w-]+/.exec(mail!.text_body)![0];
      await page.goto(`${appUrl()}${new URL(url).pathname}${new URL(url).search}`);
      await sees(page, "Your studio membership is linked: your digital membership is unlocked.");
      await expectPath(page, /^\/account\/membership$/);
      await sees(page, "This is a studio unlimited membership. Manage it in the studio app.");
      await checkWidths(session, page, "membership-studio");

      await page.getByRole("link", { name: "All subscriptions" }).click();
      await expectPath(page, /^\/account\/subscriptions$/);
      await visible(page.getByText("Studio unlimited membership: manage it in the studio app"));
      await checkWidths(session, page, "subscriptions");
      session.assertClean({ allowConsole: /404/ }); // before linking there is no subscription: the panel's read answers 404
    }));

  it("turns captions off in settings, deactivates the account after a confirmation, and can no longer sign in", () =>
    withSession(async (session) => {
      const member = await newMember(session, { sku: "1month_trial0-R-SB", onboarded: true });
      const page = await session.open("/account/settings");
      await page.getByRole("switch", { name: "Closed Captions" }).click();
      await sees(page, "Settings saved.");
      expect((await member.api<{ closed_captions: boolean }>("/v2/user/attributes/user")).closed_captions).toBe(false);
      await checkWidths(session, page, "settings");

      await page.getByRole("button", { name: "Deactivate account" }).click();
      await visible(
        page.getByText("Are you sure you want to deactivate your account? You will not be able to log in again."),
      );
      await page.getByRole("button", { name: "Yes, deactivate" }).click();
      await visible(page.getByText("Your account was deactivated."));
      await page.getByRole("button", { name: "Continue" }).click();
      await expectPath(page, /^\/continue$/);
      expect(await page.evaluate(() => localStorage.getItem("tokens"))).toBeNull();

      await visible(page.getByLabel("Email"));
      await page.getByLabel("Email").fill(member.email);
      await page.getByRole("button", { name: "Continue" }).click();
      await expectPath(page, /^\/signup\?email=/); // the address no longer belongs to an account
      await expect(
        callApi(undefined, "/api/auth/sign-in/email", {
          method: "POST",
          body: { email: member.email, password: member.password },
        }),
      ).rejects.toThrow(/401/);
      session.assertClean({ allowConsole: /401/ });
    }));

  it("chooses Français in settings: the app re-renders in French in place, keeps it in the preferences, after reload", () =>
    withSession(async (session) => {
      const member = await newMember(session, { sku: "1month_trial0-R-SB", onboarded: true });
      const page = await session.open("/account/settings");
      await page.getByRole("radio", { name: "Français" }).check();
      await sees(page, "Langue enregistrée.");
      await visible(page.getByRole("heading", { name: "Paramètres", level: 1 }));
      expect(await page.evaluate(() => document.documentElement.lang)).toBe("fr-CA");
      expect(await page.title()).toBe("Paramètres du compte | fitkit");
      expect((await member.api<{ language?: string }>("/v2/user/attributes/preferences")).language).toBe("fr-CA");

      await page.getByRole("navigation", { name: "Principal" }).getByRole("link", { name: "Accueil" }).click();
      await expectPath(page, /^\/home$/);
      await visible(page.getByRole("link", { name: "Cours" }).first());
      await page.getByRole("navigation", { name: "Principal" }).getByRole("link", { name: "Cours" }).click();
      await expectPath(page, /^\/classes/);
      await visible(page.locator("main").getByText("Cours", { exact: true }).first());
      expect(await page.locator("fit-workout-search").getAttribute("lang")).toBe("fr-CA");

      // After a reload, and even with this device's stored choice gone, the member's preference brings French back.
      await page.reload();
      await visible(page.getByRole("navigation", { name: "Principal" }));
      await page.evaluate(() => localStorage.removeItem("fitkit.language"));
      await page.reload();
      await page.waitForFunction(() => document.documentElement.lang === "fr-CA", undefined, { timeout: STEP_TIMEOUT });
      await visible(page.getByRole("navigation", { name: "Principal" }).getByRole("link", { name: "Accueil" }));
      await checkWidths(session, page, "library-fr-CA");
      session.assertClean();
    }));

  it("My data: the demo member downloads the archive; a new member deletes the account and is signed out", () =>
    withSession(async (session) => {
      // The download, as the demo member (only read: the shared demo members stay as seeded).
      await keepTokens(session, await signInTokens("member@demo.fitkit.dev"), ["Essential"]);
      let page = await session.open("/account");
      const yourData = page.getByRole("region", { name: "Your data" });
      await visible(yourData.getByRole("button", { name: "Download my data" }));
      const [download] = await Promise.all([
        page.waitForEvent("download", { timeout: STEP_TIMEOUT }),
        yourData.getByRole("button", { name: "Download my data" }).click(),
      ]);
      expect(download.suggestedFilename()).toMatch(/^fitkit-data-\d{4}-\d{2}-\d{2}\.zip$/);
      const bytes = await readFile(await download.path());
      expect(bytes.subarray(0, 4).toString("latin1")).toBe("PK\x03\x04"); // a ZIP's local file header
      expect(bytes.includes(Buffer.from("bookings.ics"))).toBe(true);
      await visible(yourData.getByText("Your archive was downloaded."));
      expect(await session.axe(page)).toEqual([]);
      await page.close();

      // The deletion, as a member signed up for it, with a renewing web membership.
      const member = await newMember(session, { sku: "1month_trial0-R-SB", onboarded: true });
      page = await session.open("/account");
      await page.getByRole("region", { name: "Your data" }).getByRole("button", { name: "Delete my account" }).click();
      const dialog = page.getByRole("dialog", { name: "Delete my account" });
      await visible(dialog.getByText(/Are you sure you want to delete your account\?.* erased in 14 days/));
      expect(await session.axe(page)).toEqual([]);
      await dialog.getByRole("button", { name: "Yes, delete my account" }).click();
      await visible(dialog.getByText("Please enter your password"));
      await dialog.getByLabel("Enter your password to confirm").fill("not-my-password");
      await dialog.getByRole("button", { name: "Yes, delete my account" }).click();
      await visible(dialog.getByText("password is incorrect"));
      await dialog.getByLabel("Enter your password to confirm").fill(member.password);
      await dialog.getByRole("button", { name: "Yes, delete my account" }).click();

      await expectPath(page, /^\/account-deleted\?/);
      await visible(page.getByRole("heading", { name: "Your account will be deleted" }));
      await visible(
        page.getByText(/will be erased on \w+ \d{1,2}, \d{4}\. You have been logged out on every device\./),
      );
      expect(await page.evaluate(() => localStorage.getItem("tokens"))).toBeNull();
      expect(await session.axe(page)).toEqual([]);
      // Every device is out: the token the member had is refused.
      await expect(member.api("/user/v1/attribute/claims")).rejects.toThrow(/401/);

      // Signing in again offers Cancel deletion.
      await page.getByRole("link", { name: "Log in" }).click();
      await page.getByLabel("Email").fill(member.email);
      await page.getByRole("button", { name: "Continue" }).click();
      await page.getByLabel("Password", { exact: true }).fill(member.password);
      await page.getByRole("button", { name: "Log in" }).click();
      await visible(page.getByText(/This account is scheduled for deletion on/));
      await page.getByRole("button", { name: "Cancel deletion" }).click();
      await expectPath(page, /^\/(?!continue)/);
      // 400: the wrong password on purpose; 401: calls with the tokens the deletion revoked; 403: the refused sign-in.
      session.assertClean({ allowConsole: /40[013]/ });
    }));
});
