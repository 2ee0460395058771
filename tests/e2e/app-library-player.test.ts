import { afterAll, describe, expect, it } from "vitest";
import type { Page } from "playwright-core";
import { appUrl, closeBrowser, openSession, signInAs, STEP_TIMEOUT } from "./browser.js";
import { watchEvents } from "../api/watch-events.js";
import { apiAs, dismissConsent, eventually, expectPath, pathOf, visible } from "./app-helpers.js";

afterAll(closeBrowser);

type Stats = { total_on_demand: number; total_minutes: number };
type History = { items: { workout_id: string; is_completed: boolean }[] };

const video = (page: Page) =>
  page.evaluate(() => {
    const v = document.querySelector<HTMLVideoElement>("[data-testid=video]");
    return v ? { time: v.currentTime, duration: v.duration, paused: v.paused, volume: v.volume } : null;
  });

/** Waits for playback, pressing the player's Play button if the browser refused to start it without a gesture. */
async function ensurePlaying(page: Page) {
  const play = page.getByRole("button", { name: "Play", exact: true });
  await expect
    .poll(
      async () => {
        const state = await video(page);
        if (state && !state.paused) return "playing";
        if (state && state.duration > 0 && (await play.isVisible())) await play.click();
        return "waiting";
      },
      { timeout: STEP_TIMEOUT, interval: 500 },
    )
    .toBe("playing");
}

describe("hosted app: library, detail pane and player", () => {
  it("keeps what the member typed when the categories arrive after it (a slow server)", async () => {
    const session = await openSession();
    try {
      await signInAs(session, "member@demo.fitkit.dev");
      let release!: () => void;
      const held = new Promise<void>((resolve) => (release = resolve));
      await session.context.route("**/tsapi/workout_categories**", async (route) => {
        await held;
        await route.continue();
      });
      const page = await session.context.newPage();
      await page.goto(`${appUrl()}/classes`);
      await dismissConsent(page);
      const search = page.locator("fit-workout-search");
      await search.getByRole("searchbox").fill("stretch");
      const arrived = page.waitForResponse("**/tsapi/workout_categories**");
      release();
      await arrived;
      // The page names the first category once the list is in: the widget has seen it too.
      await visible(page.getByRole("heading", { level: 1, name: "All Classes" }));
      await search.getByRole("searchbox").press("Enter");
      await expectPath(page, /^\/classes\?q=stretch$/);
      expect(await search.getByRole("searchbox").inputValue()).toBe("stretch");
    } finally {
      await session.close();
    }
  });

  it("searches, filters and sorts with the URL in sync (back and forward too), favourites, and plays to completion", async () => {
    const session = await openSession();
    await signInAs(session, "member@demo.fitkit.dev");
    const page = await session.open("/classes");
    await dismissConsent(page);
    const search = page.locator("fit-workout-search");
    await search.waitFor();

    await search.getByRole("searchbox").fill("stretch");
    await search.getByRole("searchbox").press("Enter");
    await expectPath(page, /^\/classes\?q=stretch$/);

    await search.getByRole("button", { name: /^Filters/ }).click();
    await search.getByRole("checkbox", { name: /^5-15 min/ }).check();
    await page.keyboard.press("Escape");
    await expectPath(page, /^\/classes\?length=5-15&q=stretch$/);

    await search.getByRole("combobox").selectOption("longest");
    await expectPath(page, /^\/classes\?length=5-15&q=stretch&sort=longest$/);

    await page.goBack();
    await expectPath(page, /^\/classes\?length=5-15&q=stretch$/);
    await eventually(() => search.getByRole("combobox").inputValue(), /^newest$/);
    await page.goForward();
    await expectPath(page, /^\/classes\?length=5-15&q=stretch&sort=longest$/);
    await eventually(() => search.getByRole("combobox").inputValue(), /^longest$/);

    // The first result opens in the detail pane over the library, without a reload.
    await page.evaluate(() => ((window as unknown as { marker: number }).marker = 1));
    await search.locator("[part=card] a").first().click();
    await expectPath(page, /^\/classes\/detail\/[^/?]+\?length=5-15&q=stretch&sort=longest$/);
    const pane = page.locator("dialog[open]").last();
    await visible(pane.getByRole("heading", { level: 2 }));
    expect(await page.evaluate(() => (window as unknown as { marker?: number }).marker)).toBe(1);
    for (const section of ["About", "Equipment"]) await visible(pane.getByRole("heading", { name: section }));
    const slug = decodeURIComponent(pathOf(page).split("/detail/")[1]!.split("?")[0]!);
    const workout = await apiAs<{ id: string; duration: number }>(page, `/tsapi/workouts/${slug}`);

    // Favourite toggle: the label flips and the server agrees.
    const favourite = pane.getByRole("button", { name: /favorites/ });
    const before = (await favourite.getAttribute("aria-pressed")) === "true";
    await favourite.click();
    await eventually(() => favourite.getAttribute("aria-pressed"), before ? /^false$/ : /^true$/);
    const favs = await apiAs<{ workouts: string[] }>(page, "/v2/user/attributes/favorites");
    expect(favs.workouts.includes(workout.id)).toBe(!before);

    // Closing returns to the list with its filters.
    await pane.getByRole("button", { name: "Close" }).click();
    await expectPath(page, /^\/classes\?length=5-15&q=stretch&sort=longest$/);

    // Finish a class: completion counts time watched (scrubbing to the end alone is no completion), so an earlier
    // play watched 89 % of it; this play resumes there, watches past 90 %, then skips to the end. The completed
    // session shows in stats and history.
    const statsBefore = await apiAs<Stats>(page, "/v2/workouts/workout_stats");
    await search.locator("[part=card] a").first().click();
    const toPlay = decodeURIComponent(pathOf(page).split("/detail/")[1]!.split("?")[0]!);
    const played = await apiAs<{ id: string; video: { duration: number } }>(page, `/tsapi/workouts/${toPlay}`);
    const length = played.video.duration;
    const earlier = await apiAs<{ session_id: string }>(page, `/v2/workouts/start_session/${played.id}`);
    const mostOf = Math.floor(0.89 * length);
    const events = watchEvents(played.id, earlier.session_id, 0, mostOf, Date.now());
    await apiAs(page, "/v2/workouts/video_events", { method: "POST", body: { events } });
    const body = { session_id: earlier.session_id, workout_completed_positions: mostOf };
    await apiAs(page, `/v2/workouts/end_session/${played.id}`, { method: "POST", body });
    await page.locator("dialog[open]").last().getByRole("link", { name: /Play/ }).click();
    await expectPath(page, /^\/classes\/video\//);
    await ensurePlaying(page);
    expect((await video(page))!.volume).toBe(0.5);
    await expect
      .poll(async () => (await video(page))!.time, { timeout: 60_000, interval: 500 })
      .toBeGreaterThan(0.9 * length + 3);
    await page.evaluate(() => {
      const v = document.querySelector<HTMLVideoElement>("[data-testid=video]")!;
      v.currentTime = v.duration - 2;
    });
    await visible(page.getByRole("heading", { name: "YOU DID IT!" }));
    await expect
      .poll(async () => (await apiAs<Stats>(page, "/v2/workouts/workout_stats")).total_on_demand, {
        timeout: STEP_TIMEOUT,
      })
      .toBe(statsBefore.total_on_demand + 1);
    const history = await apiAs<History>(page, "/v2/workouts/history?includeLvs=true");
    expect(history.items.some((h) => h.workout_id === played.id && h.is_completed)).toBe(true);
    await page.getByRole("link", { name: "Back to Home" }).click();
    await expectPath(page, /^\/home$/);
    await eventually(
      () => page.getByRole("region", { name: "Your stats" }).textContent(),
      new RegExp(`^${statsBefore.total_on_demand + 1}On-Demand`),
    );
    session.assertClean();
    await session.close();
  });

  it("the music stations panel pauses the video and closing it resumes; leaving and coming back resumes the position", async () => {
    const session = await openSession();
    await signInAs(session, "member@demo.fitkit.dev");
    const page = await session.open("/classes");
    await dismissConsent(page);
    const search = page.locator("fit-workout-search");
    await search.locator("[part=card] a").nth(3).click();
    await page.locator("dialog[open]").last().getByRole("link", { name: /Play/ }).click();
    await ensurePlaying(page);

    // Keyboard shortcuts: → jumps 10 s ahead, Space pauses.
    const before = (await video(page))!.time;
    await page.keyboard.press("ArrowRight");
    await expect
      .poll(async () => (await video(page))!.time, { timeout: STEP_TIMEOUT })
      .toBeGreaterThanOrEqual(before + 9);
    await page.locator("body").press(" ");
    await expect.poll(async () => (await video(page))?.paused, { timeout: STEP_TIMEOUT }).toBe(true);
    await page.locator("body").press(" ");
    await expect.poll(async () => (await video(page))?.paused, { timeout: STEP_TIMEOUT }).toBe(false);

    await page.getByRole("button", { name: "Music stations" }).click();
    const panel = page.getByRole("complementary", { name: "Music stations" });
    await visible(panel);
    await expect.poll(async () => (await video(page))?.paused, { timeout: STEP_TIMEOUT }).toBe(true);
    // A "play" event is delivered a task after play(); on a loaded machine one can land after the panel opened.
    await page.evaluate(() => document.querySelector("[data-testid=video]")!.dispatchEvent(new Event("play")));
    await page.waitForTimeout(300);
    expect((await video(page))?.paused).toBe(true);
    await panel
      .getByRole("button", { name: /^Play / })
      .first()
      .click();
    await eventually(() => panel.textContent(), /Now playing: /);
    await panel.getByRole("button", { name: "Close music stations" }).click();
    await expect.poll(async () => (await video(page))?.paused, { timeout: STEP_TIMEOUT }).toBe(false);
    expect(await page.evaluate(() => document.querySelector<HTMLAudioElement>("[data-testid=music]")!.volume)).toBe(
      0.1,
    );

    // Jump ahead, leave, come back: the player resumes near where the member left.
    const path = pathOf(page);
    await page.evaluate(() => (document.querySelector<HTMLVideoElement>("[data-testid=video]")!.currentTime = 120));
    await expect.poll(async () => (await video(page))?.time ?? 0, { timeout: STEP_TIMEOUT }).toBeGreaterThan(120);
    await page.getByRole("button", { name: "Close player" }).click();
    await expectPath(page, /^\/classes\/detail\//);
    await page.locator("dialog[open]").last().getByRole("link", { name: /Play/ }).click();
    await expectPath(page, new RegExp(`^${path.replace(/[?]/g, "\\?")}$`));
    await expect
      .poll(async () => (await video(page))?.time ?? 0, { timeout: STEP_TIMEOUT })
      .toBeGreaterThanOrEqual(115);
    session.assertClean();
    await session.close();
  });

  it("captions and background music are gone from the player after turning them off in settings", async () => {
    const session = await openSession();
    await signInAs(session, "member@demo.fitkit.dev");
    const page = await session.open("/account/settings");
    await dismissConsent(page);
    for (const name of ["Closed Captions", "Background music"]) {
      const control = page.getByRole("switch", { name });
      await visible(control);
      if ((await control.getAttribute("aria-checked")) === "true") await control.click();
      await eventually(() => control.getAttribute("aria-checked"), /^false$/);
    }
    const slug = (
      await apiAs<{ hits: { slug: string }[] }>(page, "/tsapi/workouts/search", {
        method: "POST",
        body: {
          facets: "*",
          filters: "NOT type:walk AND NOT type:rest",
          keywords: "",
          sort: "newest",
          page: 0,
          hits: 1,
          pagination: "on",
          equipmentFilter: "selected",
          seriesWorkoutsParam: "",
        },
      })
    ).hits[0]!.slug;
    await page.goto(`${new URL(page.url()).origin}/classes/video/${slug}`);
    await expect.poll(async () => (await video(page))?.duration ?? 0, { timeout: STEP_TIMEOUT }).toBeGreaterThan(0);
    expect(await page.getByRole("button", { name: "Closed captions" }).count()).toBe(0);
    expect(await page.getByRole("button", { name: "Music stations" }).count()).toBe(0);
    expect(await page.locator("[data-testid=captions]").count()).toBe(0);

    // And back on: both return.
    await page.goto(`${new URL(page.url()).origin}/account/settings`);
    for (const name of ["Closed Captions", "Background music"]) {
      const control = page.getByRole("switch", { name });
      await visible(control);
      await control.click();
      await eventually(() => control.getAttribute("aria-checked"), /^true$/);
    }
    await page.goto(`${new URL(page.url()).origin}/classes/video/${slug}`);
    await visible(page.getByRole("button", { name: "Music stations" }));
    const cc = page.getByRole("button", { name: "Closed captions" });
    await visible(cc);
    // The browser reads the signed WebVTT as the video's hidden track (it draws nothing itself); fitkit draws the cue
    // showing at the position, and CC hides it.
    expect(
      await page.evaluate(() => document.querySelector<HTMLTrackElement>("[data-testid=video] track")?.track.mode),
    ).toBe("hidden");
    await page.evaluate(() => {
      document.querySelector<HTMLVideoElement>("[data-testid=video]")!.currentTime = 0.5;
    });
    const captions = page.locator("[data-testid=captions]");
    await eventually(() => captions.textContent(), /^Welcome to .+\. Let's get started\.$/);
    await cc.click();
    await eventually(() => cc.getAttribute("aria-pressed"), /^false$/);
    expect(await captions.count()).toBe(0);
    await cc.click();
    await eventually(() => captions.textContent(), /^Welcome to /);
    session.assertClean();
    await session.close();
  });

  it("avoid filters: No jumping leaves the jumping classes out, the URL and a reload keep it, and so does the next visit", async () => {
    const session = await openSession();
    await signInAs(session, "member@demo.fitkit.dev");
    const page = await session.open("/classes");
    try {
      await dismissConsent(page);
      const search = page.locator("fit-workout-search");
      await search.locator("[part=card]").first().waitFor();
      const library = { filters: "NOT type:walk AND NOT type:rest", pagination: "off" };
      type Hits = { hits: { slug: string; strain: string[] }[]; nbHits: number };
      const all = await apiAs<Hits>(page, "/tsapi/workouts/search", { method: "POST", body: library });
      const jumping = new Set(all.hits.filter((w) => w.strain.includes("jumping")).map((w) => w.slug));
      const left = all.nbHits - jumping.size;
      expect(jumping.size).toBeGreaterThan(0);
      const shownSlugs = () =>
        search
          .locator("[part=card] a")
          .evaluateAll((links) =>
            links.map((a) => decodeURIComponent((a as HTMLAnchorElement).pathname.split("/detail/")[1] ?? "")),
          );
      const count = search.locator("[part=toolbar] p").first();
      await eventually(() => count.textContent(), new RegExp(`^${all.nbHits} results$`));

      // The chip, by keyboard: Tab to it in the Filters dialog and press it.
      await search.getByRole("button", { name: /^Filters/ }).click();
      const chip = search.getByRole("button", { name: "No jumping", exact: true });
      await visible(chip);
      expect(await chip.getAttribute("aria-pressed")).toBe("false");
      await chip.focus();
      await page.keyboard.press("Enter");
      await eventually(() => chip.getAttribute("aria-pressed"), /^true$/);
      expect(await session.axe(page)).toEqual([]);
      await page.keyboard.press("Escape");
      await expectPath(page, /^\/classes\?avoid=jumping$/);

      // The results drop every jumping class; the summary names the filter with a remove button.
      await eventually(() => count.textContent(), new RegExp(`^${left} results$`));
      const shown = await shownSlugs();
      expect(shown.length).toBeGreaterThan(0);
      expect(shown.filter((slug) => jumping.has(slug))).toEqual([]);
      const remove = search.getByRole("button", { name: "Remove filter No jumping" });
      await visible(remove);

      // A reload keeps it (the URL), and so does the next visit to the bare library (the member's preferences).
      await page.reload();
      await expectPath(page, /^\/classes\?avoid=jumping$/);
      await eventually(() => count.textContent(), new RegExp(`^${left} results$`));
      await page.goto(`${appUrl()}/classes`);
      await visible(remove);
      await eventually(() => count.textContent(), new RegExp(`^${left} results$`));
      expect((await shownSlugs()).filter((slug) => jumping.has(slug))).toEqual([]);
      expect(pathOf(page)).toBe("/classes");

      // Removing it brings them back, here and for the next visit.
      await remove.click();
      await eventually(() => count.textContent(), new RegExp(`^${all.nbHits} results$`));
      await expect
        .poll(async () => (await apiAs<{ avoid?: string[] }>(page, "/v2/user/attributes/preferences")).avoid)
        .toEqual([]);
      session.assertClean();
    } finally {
      // Other journeys of this member start from a library that avoids nothing.
      await apiAs(page, "/v2/user/attributes/preferences", { method: "PUT", body: { avoid: null } }).catch(() => {});
      await session.close();
    }
  });

  it("tells a member without a membership clearly why the class does not play", async () => {
    const session = await openSession();
    await signInAs(session, "unentitled@demo.fitkit.dev");
    const page = await session.open("/classes");
    await dismissConsent(page);
    await page.locator("fit-workout-search [part=card] a").first().click();
    await page.locator("dialog[open]").last().getByRole("link", { name: /Play/ }).click();
    await visible(page.getByRole("heading", { name: "This class is for members" }));
    await visible(page.getByRole("link", { name: "See membership options" }));
    expect(await page.locator("[data-testid=video]").count()).toBe(0);
    session.assertClean({ allowConsole: /status of 403/ });
    await session.close();
  });
});
