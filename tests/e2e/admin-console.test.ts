import { afterAll, describe, expect, it } from "vitest";
import type { Page } from "playwright-core";
import { closeBrowser, keepTokens, signInTokens, STEP_TIMEOUT, withSession } from "./browser.js";
import { apiAs, dismissConsent, expectPath, visible } from "./app-helpers.js";
import { checkWidths, sees } from "./app-part2-helpers.js";

afterAll(closeBrowser);

const CHICAGO = "America/Chicago";
/** How long a release may take to show: its minute, the release job's 15 s round and an index rebuild, with room. */
const RELEASE_WAIT_MS = 210_000;

/** "YYYY-MM-DDTHH:MM" of an instant in Chicago: what a datetime-local input holds. */
function chicagoLocal(instant: Date) {
  const p = Object.fromEntries(
    new Intl.DateTimeFormat("en-CA", {
      timeZone: CHICAGO,
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
      hourCycle: "h23",
    })
      .formatToParts(instant)
      .map((x) => [x.type, x.value]),
  );
  return `${p.year}-${p.month}-${p.day}T${p.hour}:${p.minute}`;
}

async function signedIn(session: Parameters<Parameters<typeof withSession>[0]>[0], email: string) {
  await keepTokens(session, await signInTokens(email), ["Essential"]);
}

/** Waits for playback, pressing the player's Play button if the browser refused to start it without a gesture. */
async function ensurePlaying(page: Page) {
  const play = page.getByRole("button", { name: "Play", exact: true });
  await expect
    .poll(
      async () => {
        const state = await page.evaluate(() => {
          const v = document.querySelector<HTMLVideoElement>("[data-testid=video]");
          return v ? { paused: v.paused, duration: v.duration } : null;
        });
        if (state && !state.paused) return "playing";
        if (state && state.duration > 0 && (await play.isVisible())) await play.click();
        return "waiting";
      },
      { timeout: STEP_TIMEOUT, interval: 500 },
    )
    .toBe("playing");
}

describe("the operator console", () => {
  it("refuses a member without a company role", () =>
    withSession(async (session) => {
      await signedIn(session, "member@demo.fitkit.dev");
      const page = await session.open("/admin");
      await visible(page.getByRole("heading", { name: "Company accounts only" }));
      expect(await session.axe(page)).toEqual([]);
      session.assertClean({ allowConsole: /403/ });
    }));

  it(
    "an editor creates a workout and schedules it two minutes ahead; a member finds it and plays it after that time",
    () =>
      withSession(
        async (editorSession) => {
          const name = `Journey Sunrise Flow ${Math.random().toString(36).slice(2, 7)}`;
          const slug = name.toLowerCase().replace(/\s+/g, "-");
          await signedIn(editorSession, "editor@demo.fitkit.dev");
          const page = await editorSession.open("/admin");
          await visible(page.getByRole("heading", { name: "Workouts", level: 1 }));
          await visible(page.getByText("Signed in as editor@demo.fitkit.dev · Editor"));
          await checkWidths(editorSession, page, "admin-workouts");

          await page.getByRole("link", { name: "New workout" }).click();
          await expectPath(page, /^\/admin\/workouts\/new$/);
          await page.getByLabel("Title").fill(name);
          await page.getByLabel(/^Slug/).fill(slug);
          await page.getByLabel("Description").fill("Twelve easy minutes to wake up the spine.");
          await page.getByLabel("Length of the video (minutes)").fill("12");
          await page.getByLabel("Level").fill("Beginner");
          await page.getByLabel("Equipment").fill("Mat, Block");
          await page.getByRole("group", { name: "Trainers" }).getByRole("checkbox").first().check();
          await page.getByRole("button", { name: "Add a segment" }).click();
          await page.getByLabel("Segment 1 title").fill("Warm-up");
          await page.getByRole("button", { name: "Create draft" }).click();
          await sees(page, "Draft created.");
          await expectPath(page, /^\/admin\/workouts\/[^/]+\?created=1$/);
          await visible(page.getByRole("heading", { name: "Preview as a member sees it" }));
          await checkWidths(editorSession, page, "admin-workout-draft");

          // Two minutes ahead in Chicago's wall time (the next whole minute after two).
          const releaseAt = new Date(Math.ceil((Date.now() + 120_000) / 60_000) * 60_000);
          await page.getByLabel("Release on").fill(chicagoLocal(releaseAt));
          await page.getByLabel("Time zone").selectOption(CHICAGO);
          await page.getByRole("button", { name: "Schedule release" }).click();
          await sees(page, "Release scheduled.");
          await visible(page.getByText(/^Scheduled for /));
          await visible(page.getByRole("listitem").filter({ hasText: "Release scheduled" }));
          await checkWidths(editorSession, page, "admin-workout-scheduled");
          editorSession.assertClean();

          await withSession(async (memberSession) => {
            await signedIn(memberSession, "member@demo.fitkit.dev");
            const library = await memberSession.open(`/classes?q=${encodeURIComponent(name)}`);
            await dismissConsent(library);
            const search = async () =>
              (
                await apiAs<{ hits: { slug: string }[] }>(library, "/tsapi/workouts/search", {
                  method: "POST",
                  body: { keywords: name },
                })
              ).hits.some((h) => h.slug === slug);
            expect(await search(), "in the library before its release").toBe(false);
            await expect.poll(search, { timeout: RELEASE_WAIT_MS, interval: 2000 }).toBe(true);
            expect(Date.now()).toBeGreaterThanOrEqual(releaseAt.getTime());

            await library.reload();
            const card = library.locator("fit-workout-search").locator("[part=card] a").filter({ hasText: name });
            await card.click();
            await library.locator("dialog[open]").last().getByRole("link", { name: /Play/ }).click();
            await expectPath(library, /^\/classes\/video\//);
            await ensurePlaying(library);
            memberSession.assertClean();
          });

          // The release is in the history, made by fitkit itself.
          await page.reload();
          await visible(page.getByText("In the library since", { exact: false }));
          await visible(page.getByRole("listitem").filter({ hasText: "Released on schedule" }));
        },
        { timezoneId: CHICAGO },
      ),
    RELEASE_WAIT_MS + 180_000,
  );

  it("an admin gives a member a role and the audit log shows it", () =>
    withSession(async (session) => {
      await signedIn(session, "admin@demo.fitkit.dev");
      const page = await session.open("/admin/people");
      await visible(page.getByRole("heading", { name: "People", level: 1 }));
      await page.getByLabel("Their account’s email").fill("vip@demo.fitkit.dev");
      await page.getByLabel("Role", { exact: true }).selectOption("viewer");
      await page.getByRole("button", { name: "Give role" }).click();
      await sees(page, "vip@demo.fitkit.dev is now Viewer.");
      await visible(page.getByRole("row").filter({ hasText: "vip@demo.fitkit.dev" }));
      await checkWidths(session, page, "admin-people");

      await page.getByRole("link", { name: "Audit log" }).click();
      await expectPath(page, /^\/admin\/audit$/);
      await page.getByLabel("Person (email)").fill("admin@demo.fitkit.dev");
      await page.getByRole("button", { name: "Filter" }).click();
      await visible(page.getByRole("rowheader", { name: "Role given" }).first());
      await checkWidths(session, page, "admin-audit");

      await page.getByRole("link", { name: "People" }).click();
      await page.getByRole("button", { name: "Revoke vip@demo.fitkit.dev’s role" }).click();
      await sees(page, "vip@demo.fitkit.dev has no role now.");
      session.assertClean();
    }));
});
