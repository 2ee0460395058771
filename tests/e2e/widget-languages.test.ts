import { afterAll, describe, expect, it } from "vitest";
import type { Locator, Page } from "playwright-core";
import { appUrl, closeBrowser, signInAs, STEP_TIMEOUT, withSession } from "./browser.js";

/**
 * Issue 22: the widgets in the embedding page's language. The pages here load the one-file build
 * (fitkit.iife.js), which fetches each language's words from i18n/ beside it.
 */
afterAll(closeBrowser);

/** Picks a day of the shown week with a class the member can reserve ("Reservar") and answers its row. */
async function reservableRow(schedule: Locator, reserve: string): Promise<Locator> {
  const days = schedule.locator("button[aria-pressed]");
  await expect.poll(() => days.count(), { timeout: STEP_TIMEOUT }).toBe(7);
  for (let i = 0; i < 7; i++) {
    await days.nth(i).click();
    const row = schedule
      .locator("article")
      .filter({ has: schedule.page().getByRole("button", { name: reserve, exact: true }) })
      .first();
    if (await row.count()) return row;
  }
  throw new Error("no reservable class this week");
}

/**
 * Every visible button (and button-styled link) of a widget whose label does not fit: wider than its box, or text
 * outside it. Longer French and Spanish words must wrap or fit, never be clipped.
 */
function clippedButtons(widget: Locator): Promise<string[]> {
  return widget.locator('button, a[part~="button"], a[part~="join"]').evaluateAll((elements) =>
    elements
      .filter((el) => el.getClientRects().length > 0 && getComputedStyle(el).visibility !== "hidden")
      .filter((el) => {
        const box = el.getBoundingClientRect();
        const range = document.createRange();
        range.selectNodeContents(el);
        const text = range.getBoundingClientRect();
        return (
          el.scrollWidth - el.clientWidth > 1 ||
          (text.width > 0 && (text.left < box.left - 1 || text.right > box.right + 1))
        );
      })
      .map((el) => el.textContent.trim() || el.getAttribute("aria-label") || el.outerHTML.slice(0, 80)),
  );
}

async function expectNothingClipped(page: Page, widget: Locator) {
  // Also the page: a widget wider than a 375 px screen scrolls sideways.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  expect(await clippedButtons(widget)).toEqual([]);
}

describe('<fit-live-schedule lang="es-US">', () => {
  it("shows the week, a booking and a refused booking in Spanish", () =>
    withSession(async (session) => {
      await signInAs(session, "vip@demo.fitkit.dev");
      const page = await session.openWidgets(`<fit-live-schedule lang="es-US" location="chicago"></fit-live-schedule>`);
      const schedule = page.locator("fit-live-schedule");
      await schedule.getByRole("button", { name: "Semana anterior" }).waitFor({ timeout: STEP_TIMEOUT });
      await schedule.getByRole("button", { name: "Semana siguiente" }).waitFor();
      await schedule.getByText(/Los horarios de las clases se muestran en/).waitFor();
      // Day names and dates through Intl in Spanish ("lun", "mar"…, "martes, 25 de noviembre").
      const labels = await schedule.locator("button[aria-pressed]").allTextContents();
      expect(labels.join(" ")).toMatch(/lun|mar|mié|jue|vie|sáb|dom/);
      expect(await schedule.locator(".fit-root").first().getAttribute("lang")).toBe("es-US");
      // The row by its class (a filter on its Reserve button would lose it once booked).
      const labelledBy = (await (await reservableRow(schedule, "Reservar")).getAttribute("aria-labelledby"))!;
      const row = schedule.locator(`article[aria-labelledby="${labelledBy}"]`);
      await expect.poll(() => row.textContent()).toMatch(/con |Completa|Queda/);

      // The server refuses (400): the spec's copy, in Spanish.
      await page.route(`${appUrl()}/studios/reservation/`, (route) =>
        route.request().method() === "POST"
          ? route.fulfill({
              status: 400,
              contentType: "application/json",
              body: JSON.stringify({ statusCode: 400, error: "Bad Request", message: "Already reserved" }),
            })
          : route.continue(),
      );
      await row.getByRole("button", { name: "Reservar", exact: true }).click();
      await schedule
        .getByRole("alert")
        .getByText("No pudimos completar tu reservación. Vuelve a intentarlo.")
        .waitFor({ timeout: STEP_TIMEOUT });
      await session.screenshot(page, "languages-schedule-es-refused");

      // The booking itself, then its cancellation, in Spanish.
      await page.unroute(`${appUrl()}/studios/reservation/`);
      await row.getByRole("button", { name: "Reservar", exact: true }).click();
      await row.getByText("¡Tu lugar está reservado!").waitFor({ timeout: STEP_TIMEOUT });
      await session.screenshot(page, "languages-schedule-es-booked");
      await row.getByRole("button", { name: "Cancelar", exact: true }).click();
      const dialog = schedule.getByRole("dialog");
      await dialog.getByText("¿Seguro que quieres cancelar tu clase?").waitFor();
      await dialog.getByRole("button", { name: "Cancelar reservación" }).click();
      await row.getByRole("button", { name: "Reservar", exact: true }).waitFor({ timeout: STEP_TIMEOUT });

      // Switching the attribute re-renders in place, here in French.
      await schedule.evaluate((el) => el.setAttribute("lang", "fr-CA"));
      await schedule.getByRole("button", { name: "Semaine précédente" }).waitFor({ timeout: STEP_TIMEOUT });
      session.assertClean({ allowConsole: /status of 400/ });
    }));
});

describe("the French example site", () => {
  it("studio-site-fr.html renders the schedule in Canadian French from the page's lang", () =>
    withSession(async (session) => {
      const page = await session.open("/examples/studio-site-fr.html");
      const schedule = page.locator("fit-live-schedule");
      await schedule.getByRole("button", { name: "Semaine suivante" }).waitFor({ timeout: STEP_TIMEOUT });
      await schedule.getByText(/Les heures des cours sont affichées/).waitFor();
      // A visitor reserves through the hosted app's popup: the note says so in French.
      await schedule.getByText(/Réserver ouvre la page de réservation de fitkit/).waitFor();
      await schedule.locator("article").first().waitFor({ timeout: STEP_TIMEOUT });
      // Times through Intl in fr-CA: 24-hour ("18 h 00"), never AM/PM.
      const times = await schedule.locator("article time").allTextContents();
      expect(times.length).toBeGreaterThan(0);
      expect(times.join(" ")).not.toMatch(/AM|PM/);
      await session.screenshot(page, "example-studio-site-fr");
      expect(await session.axe(page)).toEqual([]);
      session.assertClean();
    }));
});

describe("longer words at 375 px", () => {
  for (const lang of ["es-US", "fr-CA"]) {
    it(`${lang}: no clipped button on the schedule, the library and the membership panel`, () =>
      withSession(
        async (session) => {
          await signInAs(session, "member@demo.fitkit.dev");
          const schedulePage = await session.openWidgets(
            `<fit-live-schedule lang="${lang}" location="chicago"></fit-live-schedule>`,
          );
          const schedule = schedulePage.locator("fit-live-schedule");
          await schedule.locator("article").first().waitFor({ timeout: STEP_TIMEOUT });
          await session.screenshot(schedulePage, `languages-375-schedule-${lang}`);
          await expectNothingClipped(schedulePage, schedule);

          const panelPage = await session.openWidgets(`<fit-membership-panel lang="${lang}"></fit-membership-panel>`);
          const panel = panelPage.locator("fit-membership-panel");
          await panel.getByText(lang === "es-US" ? "Plan actual" : "Forfait actuel").waitFor({ timeout: STEP_TIMEOUT });
          await expectNothingClipped(panelPage, panel);
          await session.screenshot(panelPage, `languages-375-membership-${lang}`);

          const libraryPage = await session.openWidgets(
            `<fit-workout-search lang="${lang}" page-size="4"></fit-workout-search>`,
          );
          const library = libraryPage.locator("fit-workout-search");
          await library
            .getByRole("button", { name: lang === "es-US" ? /Filtros/ : /Filtres/ })
            .first()
            .waitFor({ timeout: STEP_TIMEOUT });
          await library.locator("article, li a").first().waitFor({ timeout: STEP_TIMEOUT });
          await expectNothingClipped(libraryPage, library);
          await session.screenshot(libraryPage, `languages-375-library-${lang}`);
          session.assertClean();
        },
        { viewport: { width: 375, height: 800 } },
      ));
  }
});
