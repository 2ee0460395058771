import { afterAll, describe, expect, it } from "vitest";
import { closeBrowser, openSession } from "./browser.js";
import {
  dismissConsent,
  subscribeWithTestCard,
  eventually,
  expectPath,
  pathOf,
  signInWithForm,
  visible,
} from "./app-helpers.js";

afterAll(closeBrowser);

describe("hosted app: signing in and out", () => {
  it("a visitor signs up, gets 'Account created', and once subscribed is sent to onboarding", async () => {
    const session = await openSession();
    const page = await session.open("/continue");
    await dismissConsent(page);
    const email = `visitor-${Date.now()}@example.com`;
    await signInWithFormEmailOnly(page, email);
    await expectPath(page, /^\/signup\?email=/);
    await eventually(() => page.getByLabel("Email").inputValue(), new RegExp(`^${email.replace(/[.]/g, "\\.")}$`));

    const create = page.getByRole("button", { name: "Create account" });
    await page.getByLabel("First Name").fill("Vera");
    await page.getByLabel("Last Name").fill("Visitor");
    await page.getByLabel("Password", { exact: true }).fill("short");
    await page.getByLabel("Password", { exact: true }).blur();
    await visible(page.getByText("The password must be at least 6 characters"));
    await page.getByRole("button", { name: "Show password" }).click();
    expect(await page.getByLabel("Password", { exact: true }).getAttribute("type")).toBe("text");
    await page.getByLabel("Password", { exact: true }).fill("long-enough");
    expect(await create.isDisabled()).toBe(true); // the terms box is still unticked
    await page.getByRole("checkbox", { name: /I agree to/ }).check();
    await create.click();
    await visible(page.getByRole("heading", { name: "Account created" }));
    await visible(page.getByText("You have created an account."));

    // The store's checkout is outside the app; the sandbox's card form and subscription stand in for it.
    await subscribeWithTestCard(page, "12month_trial7");
    await page.goto(page.url().replace(/\/signup.*$/, "/home"));
    await expectPath(page, /^\/onboarding$/);
    await visible(page.getByRole("heading", { name: "Let's find your fit" }));
    session.assertClean();
    await session.close();
  });

  it("a demo member signs in and sees the greeting and their stats", async () => {
    const session = await openSession();
    const page = await session.open("/continue");
    await dismissConsent(page);
    await page.getByLabel("Email").fill("not-an-email");
    await page.getByRole("button", { name: "Continue" }).click();
    await visible(page.getByText("Invalid email address"));
    await signInWithForm(page, "member@demo.fitkit.dev");
    await expectPath(page, /^\/home$/);
    await eventually(
      () => page.getByRole("heading", { level: 1 }).textContent(),
      /^(Welcome back|So good to see you), \w+!$/,
    );
    const stats = page.getByRole("region", { name: "Your stats" });
    await eventually(() => stats.textContent(), /\d+On-Demand\d+Live[\d.]+Hours/);
    await visible(page.getByRole("list", { name: "This week" }));
    session.assertClean();
    await session.close();
  });

  it("a deep link to a member page asks for sign-in and returns to it afterwards", async () => {
    const session = await openSession();
    const page = await session.open("/account/settings?tab=1");
    await dismissConsent(page);
    await expectPath(page, /^\/continue\?redirect=%2Faccount%2Fsettings%3Ftab%3D1$/);
    await signInWithForm(page, "member@demo.fitkit.dev");
    await expectPath(page, /^\/account\/settings\?tab=1$/);
    await visible(page.getByRole("heading", { name: "Settings" }));
    session.assertClean();
    await session.close();
  });

  it("never follows an off-site redirect after sign-in", async () => {
    const session = await openSession();
    const page = await session.open("/continue?redirect=https%3A%2F%2Fevil.example.com%2Fsteal");
    await dismissConsent(page);
    await signInWithForm(page, "member@demo.fitkit.dev");
    await expectPath(page, /^\/home$/);
    session.assertClean();
    await session.close();
  });

  it("logs out after a confirmation, and the member pages then ask for sign-in", async () => {
    const session = await openSession();
    const page = await session.open("/continue");
    await dismissConsent(page);
    await signInWithForm(page, "member@demo.fitkit.dev");
    await expectPath(page, /^\/home$/);
    await page.getByRole("button", { name: "Account menu" }).click();
    await page.getByRole("link", { name: "Log out" }).click();
    await expectPath(page, /^\/logout$/);
    await visible(page.getByText("Are you sure you want to log out?"));
    await page.getByRole("button", { name: "Yes, log out" }).click();
    await expectPath(page, /^\/continue$/);
    expect(await page.evaluate(() => localStorage.getItem("tokens"))).toBeNull();
    await page.goto(page.url().replace("/continue", "/workout-history"));
    await expectPath(page, /^\/continue\?redirect=%2Fworkout-history$/);
    session.assertClean();
    await session.close();
  });

  it("navigates from the phone menu, which closes on the way", async () => {
    const session = await openSession({ viewport: { width: 375, height: 800 } });
    const page = await session.open("/home");
    await dismissConsent(page);
    expect(await page.getByRole("navigation", { name: "Main" }).count()).toBe(0); // desktop nav hidden on phones
    await page.getByRole("button", { name: "Open menu" }).click();
    const menu = page.getByRole("navigation", { name: "Main" });
    await visible(menu.getByRole("link", { name: "Login" }));
    await menu.getByRole("link", { name: "Classes" }).click();
    await expectPath(page, /^\/classes$/);
    await visible(page.getByRole("button", { name: "Open menu" }));
    expect(await page.getByRole("navigation", { name: "Main" }).count()).toBe(0);
    session.assertClean();
    await session.close();
  });

  it("signs in and searches the library with the keyboard only", async () => {
    const session = await openSession();
    const page = await session.open("/continue");
    await dismissConsent(page);
    await page.getByLabel("Email").focus();
    await page.keyboard.type("member@demo.fitkit.dev");
    await page.keyboard.press("Enter");
    await visible(page.getByLabel("Password", { exact: true }));
    await page.keyboard.type("fitkit-demo");
    await page.keyboard.press("Enter");
    await expectPath(page, /^\/home$/);

    await page.goto(page.url().replace("/home", "/classes"));
    await page.locator("fit-workout-search").waitFor();
    // Tab from the top of the page into the widget's search box.
    let inSearch = false;
    for (let i = 0; i < 40 && !inSearch; i++) {
      await page.keyboard.press("Tab");
      inSearch = await page.evaluate(
        () => document.activeElement?.shadowRoot?.activeElement?.getAttribute("type") === "search",
      );
    }
    expect(inSearch).toBe(true);
    await page.keyboard.type("stretch");
    await page.keyboard.press("Enter");
    await expectPath(page, /^\/classes\?q=stretch$/);
    await eventually(() => page.locator("fit-workout-search [part=toolbar]").textContent(), /results for/);
    // Onward to the first result, open it with Enter: the detail pane opens over the library.
    let onCard = false;
    for (let i = 0; i < 40 && !onCard; i++) {
      await page.keyboard.press("Tab");
      onCard = await page.evaluate(() =>
        /\/detail\//.test(document.activeElement?.shadowRoot?.activeElement?.getAttribute("href") ?? ""),
      );
    }
    expect(onCard).toBe(true);
    await page.keyboard.press("Enter");
    await expectPath(page, /^\/classes\/detail\/[^/?]+\?q=stretch$/);
    try {
      await visible(page.locator("dialog[open]").last().getByRole("link", { name: /Play/ }));
    } catch (e) {
      await session.screenshot(page, "debug-keyboard");
      console.log(
        "DEBUG",
        pathOf(page),
        await page.evaluate(() =>
          [...document.querySelectorAll("dialog")].map((d) => `${d.open}|${d.innerText.slice(0, 80)}`),
        ),
      );
      throw e;
    }
    await page.keyboard.press("Escape");
    await expectPath(page, /^\/classes\?q=stretch$/);
    session.assertClean();
    await session.close();
  });
});

/** The first step of /continue only (an unknown email goes on to /signup). */
async function signInWithFormEmailOnly(page: import("playwright-core").Page, email: string) {
  await page.getByLabel("Email").fill(email);
  await page.getByRole("button", { name: "Continue" }).click();
  await eventually(() => pathOf(page), /^\/signup/);
}
