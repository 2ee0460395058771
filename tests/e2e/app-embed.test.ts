// Issue 32 item 11: the snippet builder for embedders (/embed). Options change the live preview and the copyable
// snippet, whose script is pinned by the integrity hash the build wrote in sri.json.
import { readFileSync } from "node:fs";
import type { Locator, Page } from "playwright-core";
import { afterAll, describe, expect, it } from "vitest";
import { appUrl, closeBrowser, withSession } from "./browser.js";
import { dismissConsent } from "./app-helpers.js";

afterAll(closeBrowser);

const sri = JSON.parse(readFileSync(new URL("../../dist/widgets/sri.json", import.meta.url), "utf8")) as Record<
  string,
  string
>;

/** The preview's location: React 19 sets it as the element's property (the element has one), not as an attribute. */
const locationOf = (element: Locator) =>
  element.evaluate((el) => (el as HTMLElement & { location?: string }).location ?? el.getAttribute("location"));
const snippetOf = (page: Page) => page.getByRole("textbox", { name: "Snippet" }).inputValue();
/** The preview's element's value of a custom property, as the widget's styles read it. */
const propertyOf = (element: Locator, name: string) =>
  element.evaluate((el, n) => getComputedStyle(el).getPropertyValue(n).trim(), name);

describe("/embed, the snippet builder", () => {
  it("previews the widget with the chosen theme, language and location, and prints the snippet pinned by sri.json's hash", () =>
    withSession(
      async (session) => {
        const page = await session.open("/embed");
        await dismissConsent(page);
        await page.getByRole("heading", { level: 1, name: "Embed a widget" }).waitFor();
        const schedule = page.locator("fit-live-schedule");
        await schedule.locator("article").first().waitFor();
        const options = page.getByRole("form", { name: "Widget options" });

        // The first studio, in English, the default theme; the script pinned by its hash in sri.json.
        let snippet = await snippetOf(page);
        const origin = appUrl();
        expect(snippet).toContain(
          `<script type="module" src="${origin}/widgets/esm/live-schedule.js" integrity="${sri["esm/live-schedule.js"]}" crossorigin="anonymous"></script>`,
        );
        expect(snippet).toContain(`"apiBase":"${origin}"`);
        const first = await locationOf(schedule);
        expect(first).toBeTruthy();
        expect(snippet).toContain(`<fit-live-schedule location="${first}" lang="en-US"></fit-live-schedule>`);
        await session.screenshot(page, "embed-builder-1280");
        expect(await session.axe(page)).toEqual([]);

        // Language by keyboard: the select takes arrow keys; the preview speaks it at once.
        const language = options.getByLabel("Widget language");
        await language.focus();
        await language.selectOption("es-US");
        await expect.poll(() => schedule.getAttribute("lang")).toBe("es-US");
        // The day's heading in Spanish ("jueves, 3 de diciembre").
        await expect
          .poll(() => schedule.getByRole("heading", { level: 3 }).first().textContent())
          .toMatch(/^(lunes|martes|miércoles|jueves|viernes|sábado|domingo)/);

        // Another studio.
        const location = options.getByLabel("Location");
        const other = await location
          .locator("option")
          .evaluateAll(
            (options, current) => options.map((o) => (o as HTMLOptionElement).value).find((v) => v !== current),
            first,
          );
        expect(other).toBeTruthy();
        await location.selectOption(other!);
        await expect.poll(() => locationOf(page.locator("fit-live-schedule"))).toBe(other);

        // The theme: accent colour, a radius stepped up by keyboard, a serif font.
        await options.getByLabel("Accent colour").fill("#aa3300");
        const radius = options.getByLabel("Corner radius (px)");
        await radius.focus();
        await page.keyboard.press("ArrowUp");
        await page.keyboard.press("ArrowUp");
        await options.getByLabel("Font").selectOption("serif");
        const preview = page.locator("fit-live-schedule");
        await expect.poll(() => propertyOf(preview, "--fit-color-accent")).toBe("#aa3300");
        expect(await propertyOf(preview, "--fit-radius")).toBe("12px");
        expect(await propertyOf(preview, "--fit-font-family")).toMatch(/^Georgia/);

        snippet = await snippetOf(page);
        expect(snippet).toContain(
          `<style>fit-live-schedule { --fit-color-accent: #aa3300; --fit-radius: 12px; --fit-font-family: Georgia, 'Times New Roman', serif; }</style>`,
        );
        expect(snippet).toContain(`<fit-live-schedule location="${other}" lang="es-US"></fit-live-schedule>`);

        // The library: its own module and hash, no location.
        await options.getByLabel("Widget", { exact: true }).selectOption("workout-search");
        await page.locator("fit-workout-search").waitFor();
        await expect.poll(() => options.getByLabel("Location").count()).toBe(0);
        snippet = await snippetOf(page);
        expect(snippet).toContain(
          `src="${origin}/widgets/esm/workout-search.js" integrity="${sri["esm/workout-search.js"]}"`,
        );
        expect(snippet).toContain(`<fit-workout-search lang="es-US"></fit-workout-search>`);
        expect(snippet).not.toContain("live-schedule");

        // Copy: the clipboard holds exactly the snippet, and the page says so.
        await page.getByRole("button", { name: "Copy snippet" }).click();
        await page.getByRole("status").getByText("Snippet copied").waitFor();
        expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(snippet);
        expect(await session.axe(page)).toEqual([]);
        session.assertClean();
      },
      { permissions: ["clipboard-read", "clipboard-write"] },
    ));

  it("fits a phone at 375 px and is reached from the footer", () =>
    withSession(
      async (session) => {
        const page = await session.open("/locations");
        await dismissConsent(page);
        await page.getByRole("contentinfo").getByRole("link", { name: "Embed widgets" }).click();
        await page.getByRole("heading", { level: 1, name: "Embed a widget" }).waitFor();
        await page.locator("fit-live-schedule").locator("article").first().waitFor();
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
        await session.screenshot(page, "embed-builder-375");
        expect(await session.axe(page)).toEqual([]);
        session.assertClean();
      },
      { viewport: { width: 375, height: 800 } },
    ));
});
