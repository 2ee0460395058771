import { afterAll, describe, expect, it } from "vitest";
import { closeBrowser, openSession, signInAs, siteUrl, withSession } from "./browser.js";

afterAll(closeBrowser);

describe("widget isolation, CSP and accessibility", () => {
  it("keeps host-page CSS out of the widget and the widget's CSS out of the page", () =>
    withSession(async (session) => {
      // studio-site.css styles every <button> hotpink in Comic Sans and every <h4> uppercase.
      const page = await session.open("/examples/studio-site.html");
      const schedule = page.locator("fit-live-schedule");
      await schedule.locator("button[aria-pressed]").nth(1).click();
      await schedule.locator("article").first().waitFor();
      const inside = await page.evaluate(() => {
        const root = document.querySelector("fit-live-schedule")!.shadowRoot!;
        const day = getComputedStyle(root.querySelector("button[aria-pressed]")!);
        const h4 = getComputedStyle(root.querySelector("h4")!);
        return { font: day.fontFamily, background: day.backgroundColor, transform: h4.textTransform };
      });
      expect(inside.font).not.toMatch(/Comic/);
      expect(inside.background).not.toBe("rgb(255, 105, 180)");
      expect(inside.transform).toBe("none");
      // The page's theme reaches in only through the documented custom properties and parts.
      const reserve = await page.evaluate(() => {
        const button = document.querySelector("fit-live-schedule")!.shadowRoot!.querySelector("[part~=reserve]");
        return button ? getComputedStyle(button).backgroundColor : null;
      });
      if (reserve) expect(reserve).toBe("rgb(232, 103, 77)");

      const outside = await page.evaluate(() => {
        const root = document.querySelector("fit-live-schedule")!.shadowRoot!;
        const widgetClass = root.querySelector("[part=class]")!.className.split(" ")[0]!;
        const probe = document.createElement("div");
        probe.className = widgetClass;
        document.body.append(probe);
        const style = getComputedStyle(probe);
        const result = {
          display: style.display,
          borderStyle: style.borderTopStyle,
          headStyles: document.querySelectorAll("head style, #_goober").length,
        };
        probe.remove();
        return result;
      });
      expect(outside).toEqual({ display: "block", borderStyle: "none", headStyles: 0 });
      session.assertClean();
    }));

  it("styles itself under a strict Content-Security-Policy through the nonce attribute, without eval", () =>
    withSession(async (session) => {
      const page = await session.open(`${siteUrl()}/e2e/csp.html`);
      const schedule = page.locator("fit-live-schedule");
      await schedule.locator("button[aria-pressed]").first().waitFor();
      await page.locator("fit-series-card").getByRole("heading", { name: "Phase & Function" }).waitFor();
      const radius = await page.evaluate(
        () =>
          getComputedStyle(
            document.querySelector("fit-live-schedule")!.shadowRoot!.querySelector("button[aria-pressed]")!,
          ).borderTopLeftRadius,
      );
      expect(radius).not.toBe("0px");
      // goober writes into one style per shadow root, made with the page's nonce; nothing lands in the page's head.
      const sheets = await page.evaluate(() => ({
        head: document.head.querySelectorAll("style, #_goober").length,
        roots: [...document.querySelectorAll("fit-live-schedule, fit-series-card")].map((el) => {
          const styles = el.shadowRoot!.querySelectorAll("style");
          return {
            count: styles.length,
            id: styles[0]?.id,
            nonce: styles[0]?.nonce,
            rules: styles[0]?.sheet?.cssRules.length ?? 0,
          };
        }),
      }));
      expect(sheets.head).toBe(0);
      for (const root of sheets.roots) expect(root).toMatchObject({ count: 1, id: "_goober", nonce: "e2e-nonce" });
      for (const root of sheets.roots) expect(root.rules).toBeGreaterThan(10);
      session.assertClean();
    }));

  it("has no serious or critical axe violations in the visitor and member states", () =>
    withSession(async (session) => {
      const studio = await session.open("/examples/studio-site.html");
      await studio.locator("fit-live-schedule button[aria-pressed]").nth(1).click();
      await studio.locator("fit-live-schedule article").first().waitFor();
      expect(await session.axe(studio, "fit-live-schedule")).toEqual([]);

      const marketing = await session.open("/examples/marketing.html");
      await marketing.locator("fit-workout-search [part=card]").first().waitFor();
      await marketing.locator("fit-series-card").first().getByRole("heading").waitFor();
      for (const tag of ["fit-workout-search", "fit-series-card", "fit-referral"])
        expect(await session.axe(marketing, tag)).toEqual([]);
      await marketing
        .locator("fit-workout-search")
        .getByRole("button", { name: /^Filters/ })
        .click();
      await marketing.locator("fit-workout-search").getByRole("dialog").waitFor();
      expect(await session.axe(marketing, "fit-workout-search")).toEqual([]);

      await signInAs(session, "member@demo.fitkit.dev");
      const member = await session.openWidgets(
        `<fit-membership-panel></fit-membership-panel><fit-series-card series="phase-and-function-PHF0921"></fit-series-card><fit-live-schedule location="live"></fit-live-schedule><fit-referral consent></fit-referral>`,
      );
      await member.locator("fit-membership-panel").getByText("Current plan").waitFor();
      await member.locator("fit-live-schedule button[aria-pressed]").first().waitFor();
      await member.locator("fit-series-card").getByRole("heading").waitFor();
      for (const tag of ["fit-membership-panel", "fit-series-card", "fit-live-schedule", "fit-referral"])
        expect(await session.axe(member, tag)).toEqual([]);
      await member.locator("fit-membership-panel").getByRole("button", { name: "Change Plan / Apply Promo" }).click();
      await member.locator("fit-membership-panel").getByRole("dialog").waitFor();
      expect(await session.axe(member, "fit-membership-panel")).toEqual([]);
      await session.screenshot(member, "member-widgets");
      session.assertClean();
    }));

  it("follows the dark theme and the reduced-motion preference", async () => {
    const session = await openSession({ colorScheme: "dark", reducedMotion: "reduce" });
    try {
      const page = await session.openWidgets(
        `<fit-series-card theme="auto" series="phase-and-function-PHF0921"></fit-series-card><fit-series-card series="no-such-thing-yet"></fit-series-card>`,
      );
      await page.locator("fit-series-card").first().getByRole("heading").waitFor();
      const colours = await page.evaluate(
        () =>
          getComputedStyle(document.querySelector("fit-series-card")!.shadowRoot!.querySelector("[part=card]")!)
            .backgroundColor,
      );
      expect(colours).toBe("rgb(29, 29, 34)");
      await session.screenshot(page, "series-card-dark");
      session.assertClean({ allowConsole: /404/ });
    } finally {
      await session.close();
    }
  });
});
