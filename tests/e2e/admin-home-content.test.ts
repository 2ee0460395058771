import { afterAll, describe, expect, it } from "vitest";
import type { Locator, Page } from "playwright-core";
import { closeBrowser, keepTokens, signInTokens, withSession } from "./browser.js";
import { dismissConsent, visible } from "./app-helpers.js";
import { checkWidths, reloadUntilVisible, sees } from "./app-part2-helpers.js";

afterAll(closeBrowser);

/** Presses a control from the keyboard: focus, then Enter. */
async function press(control: Locator) {
  await control.focus();
  await control.press("Enter");
}

const focusedLabel = (page: Page) =>
  page.evaluate(() => document.activeElement?.getAttribute("aria-label") ?? document.activeElement?.textContent);

describe("the members' home page and copy from the console", () => {
  it("an editor adds a home row and an FAQ entry by keyboard, moves the row up and publishes both; a member sees them", () =>
    withSession(async (editor) => {
      const tag = Math.random().toString(36).slice(2, 7);
      const rowTitle = `Evening Stretch ${tag}`;
      const question = `Is there a prize for the runner-up ${tag}?`;
      await keepTokens(editor, await signInTokens("editor@demo.fitkit.dev"), ["Essential"]);

      // A home row: a category's newest classes, created as a draft, published, moved a place up by keyboard.
      const page = await editor.open("/admin/home");
      await visible(page.getByRole("heading", { name: "Members’ home page", level: 1 }));
      const form = page.getByRole("form", { name: "New home row" });
      await form.getByLabel("Title").fill(rowTitle);
      await form.getByLabel("What it shows").selectOption("category");
      await form.getByLabel(/^Category slug/).fill("all-classes");
      await form.getByLabel(/^How many classes/).fill("4");
      await press(form.getByRole("button", { name: "Create draft" }));
      await sees(page, `${rowTitle} is created as a draft.`);
      await press(page.getByRole("button", { name: `Publish ${rowTitle}` }));
      await sees(page, `${rowTitle} is published.`);
      const rows = page.getByRole("list", { name: "Home rows" });
      const count = await rows.getByRole("listitem").count();
      await press(page.getByRole("button", { name: `Move ${rowTitle} up` }));
      await sees(page, `${rowTitle} moved to position ${count - 1} of ${count}.`);
      expect(await focusedLabel(page)).toBe(`Move ${rowTitle} up`);
      await checkWidths(editor, page, "admin-home");

      // An FAQ entry for the challenge page.
      await press(
        page.getByRole("navigation", { name: "Console sections" }).getByRole("link", { name: "FAQ and welcome" }),
      );
      await visible(page.getByRole("heading", { name: "FAQ, welcome and coach marks", level: 1 }));
      const faq = page.getByRole("form", { name: "New question" });
      await faq.getByLabel("Name").fill(`challenge-fall-2022-runner-up-${tag}`);
      await faq.getByLabel("Question").fill(question);
      await faq.getByLabel("Answer").fill("Everyone who finishes gets the same reward.");
      await press(faq.getByRole("button", { name: "Create draft" }));
      await sees(page, `${question} is created as a draft.`);
      await press(page.getByRole("button", { name: `Publish ${question}` }));
      await sees(page, `${question} is published.`);
      await press(page.getByRole("button", { name: `Move ${question} up` }));
      await sees(page, new RegExp(`moved to position \\d+ of \\d+\\.$`));
      await checkWidths(editor, page, "admin-copy");
      editor.assertClean();

      await withSession(async (member) => {
        await keepTokens(member, await signInTokens("member@demo.fitkit.dev"), ["Essential"]);
        const home = await member.open("/home");
        await dismissConsent(home);
        const heading = home.getByRole("heading", { name: rowTitle });
        await reloadUntilVisible(home, home.getByText(rowTitle, { exact: true }));
        await visible(heading);
        const challenge = await member.open("/challenge");
        await reloadUntilVisible(challenge, challenge.getByText(question, { exact: true }));
        member.assertClean();
      });
    }));
  it("an editor builds a workout calendar by keyboard, reorders its days and publishes it; a member opens it", () =>
    withSession(async (editor) => {
      const tag = Math.random().toString(36).slice(2, 7);
      const name = `Spring Month ${tag}`;
      const slug = `spring-month-${tag}`;
      await keepTokens(editor, await signInTokens("editor@demo.fitkit.dev"), ["Essential"]);
      const page = await editor.open("/admin/calendars");
      await visible(page.getByRole("heading", { name: "Workout calendars", level: 1 }));
      await press(page.getByRole("link", { name: "New calendar" }));
      await page.getByLabel("Title").fill(name);
      await page.getByLabel(/^Slug/).fill(slug);
      await page.getByRole("searchbox", { name: "Find a workout to add" }).press("Enter");
      const adds = page.getByRole("region", { name: "Workouts found" }).getByRole("button", { name: /^Add / });
      await adds.first().waitFor();
      const first = ((await adds.first().textContent()) ?? "").replace(/^Add /, "");
      await press(adds.first());
      await press(page.getByRole("button", { name: "Add a rest day" }));
      await sees(page, "Rest day added as day 2.");
      await press(page.getByRole("button", { name: "Move day 2, Rest day, up" }));
      await sees(page, "Rest day is now day 1.");
      // At the top its Move up is disabled: the keyboard is on Move down now.
      expect(await focusedLabel(page)).toBe("Move day 1, Rest day, down");
      await press(page.getByRole("button", { name: "Create draft" }));
      await sees(page, `${name} is created as a draft.`);
      await press(page.getByRole("button", { name: `Publish ${name}` }));
      await sees(page, `${name} is published.`);
      await checkWidths(editor, page, "admin-calendar");
      editor.assertClean();

      await withSession(async (member) => {
        await keepTokens(member, await signInTokens("member@demo.fitkit.dev"), ["Essential"]);
        const calendar = await member.open(`/calendars/${slug}`);
        await dismissConsent(calendar);
        await visible(calendar.getByRole("heading", { name, level: 1 }));
        await visible(calendar.getByText(first).first());
        member.assertClean();
      });
    }));
});
