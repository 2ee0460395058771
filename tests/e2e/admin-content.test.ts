import { afterAll, describe, expect, it } from "vitest";
import type { Locator, Page } from "playwright-core";
import { closeBrowser, keepTokens, signInTokens, withSession } from "./browser.js";
import { apiAs, dismissConsent, expectPath, visible } from "./app-helpers.js";
import { checkWidths, sees } from "./app-part2-helpers.js";

afterAll(closeBrowser);

/** Presses a control from the keyboard: focus, then Enter (no pointer anywhere in the editor's journey). */
async function press(control: Locator) {
  await control.focus();
  await control.press("Enter");
}

/** The accessible name of the focused element: a move keeps the keyboard on the item it moved. */
const focusedLabel = (page: Page) =>
  page.evaluate(() => document.activeElement?.getAttribute("aria-label") ?? document.activeElement?.textContent);

describe("the console's content", () => {
  it("an editor makes a collection and a series by keyboard, reorders and publishes them; a member sees both", () =>
    withSession(async (editor) => {
      const tag = Math.random().toString(36).slice(2, 7);
      const collection = `Desk Breaks ${tag}`;
      const seriesName = `Spring Reset ${tag}`;
      const seriesSlug = `spring-reset-${tag}`;
      await keepTokens(editor, await signInTokens("editor@demo.fitkit.dev"), ["Essential"]);

      // A collection: created as a draft, published, moved two places up with the keyboard.
      const page = await editor.open("/admin/collections");
      await visible(page.getByRole("heading", { name: "Collections", level: 1 }));
      const form = page.getByRole("form", { name: "New collection" });
      await form.getByLabel("Name").fill(collection);
      await form.getByLabel(/^Slug/).fill(`desk-breaks-${tag}`);
      await form.getByLabel("Description").fill("Five minutes away from the desk.");
      await form.getByLabel(/^Slug/).press("Enter");
      await sees(page, `${collection} is created as a draft.`);
      await press(page.getByRole("button", { name: `Publish ${collection}` }));
      await sees(page, `${collection} is published.`);
      const up = page.getByRole("button", { name: `Move ${collection} up` });
      await press(up);
      await sees(page, new RegExp(`^${collection} moved to position \\d+ of \\d+\\.$`));
      expect(await focusedLabel(page)).toBe(`Move ${collection} up`);
      await page.keyboard.press("Enter"); // still on the button: a second place up
      const count = await page.getByRole("region", { name: "Collections in order" }).getByRole("listitem").count();
      await sees(page, `${collection} moved to position ${count - 2} of ${count}.`);
      await checkWidths(editor, page, "admin-collections");

      // A series: three workouts added, the last moved to the top, saved, published.
      await press(page.getByRole("navigation", { name: "Console sections" }).getByRole("link", { name: "Series" }));
      await expectPath(page, /^\/admin\/series$/);
      await press(page.getByRole("link", { name: "New series" }));
      await expectPath(page, /^\/admin\/series\/new$/);
      await page.getByLabel("Title").fill(seriesName);
      await page.getByLabel(/^Slug/).fill(seriesSlug);
      await page.getByLabel("Description").first().fill("Three classes to start the season.");
      await page.getByRole("searchbox", { name: "Find a workout to add" }).press("Enter");
      const adds = page.getByRole("region", { name: "Workouts found" }).getByRole("button", { name: /^Add / });
      await adds.first().waitFor();
      const names: string[] = [];
      for (let i = 0; i < 3; i++) {
        const add = adds.nth(i);
        names.push(((await add.textContent()) ?? "").replace(/^Add /, ""));
        await press(add);
      }
      const third = names[2]!;
      await press(page.getByRole("button", { name: `Move ${third} up` }));
      await sees(page, `${third} moved to position 2 of 3.`);
      expect(await focusedLabel(page)).toBe(`Move ${third} up`);
      await page.keyboard.press("Enter");
      await sees(page, `${third} moved to position 1 of 3.`);
      // At the top its Move up is disabled: the keyboard is on Move down now.
      expect(await focusedLabel(page)).toBe(`Move ${third} down`);
      await press(page.getByRole("button", { name: "Create draft" }));
      await expectPath(page, /^\/admin\/series\/[^/]+\?created=1$/);
      await sees(page, `${seriesName} is created as a draft.`);
      await press(page.getByRole("button", { name: `Publish ${seriesName}` }));
      await sees(page, `${seriesName} is published.`);
      await checkWidths(editor, page, "admin-series");
      editor.assertClean();

      await withSession(async (member) => {
        await keepTokens(member, await signInTokens("member@demo.fitkit.dev"), ["Essential"]);
        const library = await member.open("/classes");
        await dismissConsent(library);
        const collections = await apiAs<{ items: { name: string }[] }>(library, "/tsapi/collections");
        const listed = collections.items.map((c) => c.name);
        expect(listed.indexOf(collection)).toBe(listed.length - 3);
        const widget = library.locator("fit-workout-search");
        await widget.getByRole("button", { name: /^Filters/ }).click();
        await visible(
          widget
            .getByRole("dialog")
            .getByRole("group", { name: "Collections" })
            .getByText(collection, { exact: false }),
        );

        const seriesPage = await member.open(`/series/${seriesSlug}`);
        await visible(seriesPage.getByRole("heading", { name: seriesName, level: 1 }));
        const order = [third, names[0]!, names[1]!];
        const at = await Promise.all(
          order.map(async (name) => (await seriesPage.getByText(name, { exact: true }).first().boundingBox())!.y),
        );
        expect([...at].sort((a, b) => a - b)).toEqual(at);
        await checkWidths(member, seriesPage, "member-published-series");
        member.assertClean();
      });
    }));

  it("an editor publishes a banner for a window that has begun; a member sees it on their home page", () =>
    withSession(async (editor) => {
      const message = `Spring Reset is here ${Math.random().toString(36).slice(2, 7)}`;
      await keepTokens(editor, await signInTokens("editor@demo.fitkit.dev"), ["Essential"]);
      const page = await editor.open("/admin/banners");
      await visible(page.getByRole("heading", { name: "Announcement banners", level: 1 }));
      const form = page.getByRole("form", { name: "New banner" });
      await form.getByLabel("Message").fill(message);
      await form.getByLabel("Link words").fill("See the series");
      await form.getByLabel(/^Link \(/).fill("/series");
      // From an hour ago until tomorrow, in the browser's own zone (what the inputs mean).
      const local = (ms: number) => {
        const d = new Date(Date.now() + ms);
        const pad = (n: number) => String(n).padStart(2, "0");
        return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
      };
      const starts = await page.evaluate(`(${local.toString()})(-3600000)`);
      const ends = await page.evaluate(`(${local.toString()})(86400000)`);
      await form.getByLabel(/^Shown from/).fill(String(starts));
      await form.getByLabel(/^Shown until/).fill(String(ends));
      await press(form.getByRole("button", { name: "Create draft" }));
      await sees(page, "Banner created as a draft.");
      const row = page.getByRole("listitem").filter({ hasText: message });
      await press(row.getByRole("button", { name: "Publish this banner" }));
      await sees(page, "Banner published.");
      await visible(row.getByText("Members see it now"));
      await checkWidths(editor, page, "admin-banners");
      editor.assertClean();

      await withSession(async (member) => {
        await keepTokens(member, await signInTokens("member@demo.fitkit.dev"), ["Essential"]);
        const home = await member.open("/home");
        await dismissConsent(home);
        await visible(home.getByText(message));
        member.assertClean();
      });
    }));
});
