import { afterAll, describe, expect, it } from "vitest";
import { closeBrowser, signInAs, withSession } from "./browser.js";

afterAll(closeBrowser);

const countOf = async (text: string | null) => Number(/(\d+) results/.exec(text ?? "")?.[1] ?? NaN);

describe("<fit-workout-search>", () => {
  it("lets a visitor search, filter with chips, sort, clear and page the library", () =>
    withSession(async (session) => {
      const page = await session.open("/examples/marketing.html");
      const library = page.locator("fit-workout-search");
      const count = library.locator("[part=toolbar] p");
      await expect.poll(async () => countOf(await count.textContent())).toBeGreaterThan(100);
      const all = await countOf(await count.textContent());
      const events: string[] = [];
      await page.exposeFunction("recordFilters", (q: string) => events.push(q));
      await page.evaluate(() =>
        document.addEventListener("fit-filters-change", (e) =>
          (window as unknown as { recordFilters(q: string): void }).recordFilters((e as CustomEvent).detail.filters),
        ),
      );

      // A category tab narrows the list and is marked selected.
      const tab = library.getByRole("tab", { name: "Mat Definition" });
      await tab.click();
      expect(await tab.getAttribute("aria-selected")).toBe("true");
      await expect.poll(async () => countOf(await count.textContent())).toBeLessThan(all);
      // The dialog counts within the tab: the length buckets add up to the category's classes, not the library's.
      const inCategory = await countOf(await count.textContent());
      await library.getByRole("button", { name: /^Filters/ }).click();
      const lengths = library.getByRole("dialog").getByRole("group", { name: "Class Length" });
      const sum = async () =>
        [...((await lengths.textContent()) ?? "").matchAll(/\((\d+)\)/g)].reduce((n, m) => n + Number(m[1]), 0);
      await expect.poll(sum).toBe(inCategory);
      await page.keyboard.press("Escape");
      await library.getByRole("dialog").waitFor({ state: "hidden" });
      await library.getByRole("tab").first().click();

      // The filter dialog: every group of the spec, a length bucket becomes a chip.
      await library.getByRole("button", { name: /^Filters/ }).click();
      const dialog = library.getByRole("dialog");
      for (const group of [
        "Class Length",
        "Pacing",
        "Trainers",
        "Equipment",
        "Body Focus",
        "Collections",
        "Live Virtual Studio Recordings",
      ]) {
        await dialog.getByRole("group", { name: group }).waitFor();
      }
      await dialog.getByRole("radio", { name: "Selected & additional equipment" }).waitFor();
      await dialog.getByRole("checkbox", { name: /^16-25 min/ }).check();
      await session.screenshot(page, "library-filter-dialog");
      await dialog.getByRole("button", { name: /^Show \d+ results?/ }).click();
      await library.getByRole("button", { name: "Remove filter 16-25 min" }).waitFor();
      await expect.poll(async () => countOf(await count.textContent())).toBeLessThan(all);
      expect(events.at(-1)).toBe("length=16-25");

      // Sort and keywords.
      await library.getByRole("combobox", { name: "Sort" }).selectOption("longest");
      await library.getByRole("searchbox", { name: "Search workouts" }).fill("stretch");
      await expect.poll(async () => (await count.textContent()) ?? "").toMatch(/results for “stretch”/);
      await session.screenshot(page, "library-filtered");

      // Nothing matches: the not-exact-matches state offers Clear all.
      await library.getByRole("searchbox", { name: "Search workouts" }).fill("zzzzqqqq");
      await library.getByText("No exact matches").waitFor();
      await library.getByRole("status").getByRole("button", { name: "Clear all" }).click();
      await expect.poll(async () => countOf(await count.textContent())).toBe(all);
      expect(await library.getByRole("button", { name: /^Remove filter/ }).count()).toBe(0);

      // Paging: pages of 6 (scrolling the end into view loads the next one too); Show more appends, Back to Top
      // appears.
      const cards = library.locator("[part=card]");
      await expect.poll(async () => (await cards.count()) % 6).toBe(0);
      const shown = await cards.count();
      await library.getByRole("button", { name: "Show more" }).click();
      await expect.poll(() => cards.count()).toBeGreaterThan(shown);
      await library.getByRole("button", { name: "Back to Top" }).click();
      session.assertClean();
    }));

  it("announces a card choice with fit-workout-select and lets the page keep the navigation", () =>
    withSession(async (session) => {
      const page = await session.openWidgets(
        `<fit-workout-search page-size="4" detail-href="/classes/detail/{slug}"></fit-workout-search>`,
      );
      const library = page.locator("fit-workout-search");
      const card = library.locator("[part=card] a").first();
      await card.waitFor();
      expect(await card.getAttribute("href")).toMatch(/^\/classes\/detail\/[\w-]+$/);
      const detail = await page.evaluate(
        () =>
          new Promise<{ slug: string; href: string }>((resolve) => {
            document.addEventListener("fit-workout-select", (e) => {
              e.preventDefault();
              resolve((e as CustomEvent).detail);
            });
            const el = document
              .querySelector("fit-workout-search")!
              .shadowRoot!.querySelector<HTMLAnchorElement>("[part=card] a")!;
            el.click();
          }),
      );
      expect(detail.href).toBe(`/classes/detail/${detail.slug}`);
      expect(new URL(page.url()).pathname).toBe("/e2e/widgets.html");
      session.assertClean();
    }));

  it("lets a member toggle a favourite and filter by favourites", () =>
    withSession(async (session) => {
      await signInAs(session, "new@demo.fitkit.dev");
      const page = await session.openWidgets(`<fit-workout-search page-size="4"></fit-workout-search>`);
      const library = page.locator("fit-workout-search");
      const toggle = library.locator("[part=favorite]").first();
      await toggle.waitFor();
      const name = (await library.locator("[part=card] a span").first().textContent())!;
      expect(await toggle.getAttribute("aria-pressed")).toBe("false");
      await toggle.click();
      await expect.poll(() => toggle.getAttribute("aria-pressed")).toBe("true");
      await library.getByRole("button", { name: /^Filters/ }).click();
      await library.getByRole("dialog").getByRole("switch", { name: "Favorites" }).check();
      await library
        .getByRole("dialog")
        .getByRole("button", { name: /^Show \d+ results?/ })
        .click();
      await expect.poll(() => library.locator("[part=card]").count()).toBe(1);
      expect(await library.locator("[part=card] a span").first().textContent()).toBe(name);
      await toggle.click();
      await expect.poll(() => library.locator("[part=favorite]").first().getAttribute("aria-pressed")).toBe("false");
      session.assertClean();
    }));

  it("filters a member's library to the workouts they watched", () =>
    withSession(async (session) => {
      await signInAs(session, "member@demo.fitkit.dev");
      const page = await session.openWidgets(
        `<fit-workout-search page-size="4" filters="watched=true"></fit-workout-search>`,
      );
      const library = page.locator("fit-workout-search");
      const count = library.locator("[part=toolbar] p");
      await library.getByRole("button", { name: "Remove filter Watched" }).waitFor();
      await expect.poll(async () => countOf(await count.textContent())).toBeGreaterThanOrEqual(20);
      const watched = await countOf(await count.textContent());
      await library.getByRole("button", { name: "Remove filter Watched" }).click();
      await expect.poll(async () => countOf(await count.textContent())).toBeGreaterThan(watched);
      session.assertClean();
    }));
});
