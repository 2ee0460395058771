import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Page } from "playwright-core";
import { appUrl, closeBrowser, openSession, signInAs, type Session } from "./browser.js";
import { dismissConsent } from "./app-helpers.js";

/**
 * Every page of the hosted app at phone, tablet and desktop widths, signed out and signed in: a screenshot into
 * test-artifacts/, no horizontal scrolling, touch targets of at least 44 px, and no serious or critical axe finding.
 */
const WIDTHS = [375, 768, 1280] as const;

let slug = "";
beforeAll(async () => {
  const response = await fetch(`${appUrl()}/tsapi/workouts/search`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({
      facets: "*",
      filters: "NOT type:walk AND NOT type:rest",
      keywords: "",
      sort: "newest",
      page: 0,
      hits: 1,
      pagination: "on",
      equipmentFilter: "selected",
      seriesWorkoutsParam: "",
    }),
  });
  slug = ((await response.json()) as { hits: { slug: string }[] }).hits[0]!.slug;
});
afterAll(closeBrowser);

/** Buttons, switches and stand-alone links smaller than 44 px in both directions (inline text links are exempt). */
function smallTargets(page: Page) {
  return page.evaluate(() => {
    const small: string[] = [];
    for (const el of document.querySelectorAll<HTMLElement>(
      "button, [role=switch], [role=button], nav a, a[class], input[type=checkbox], input[type=radio], input[type=range], select",
    )) {
      const box = el.getBoundingClientRect();
      if (!box.width || !box.height || getComputedStyle(el).visibility === "hidden" || el.closest(".visually-hidden"))
        continue;
      const target = el.closest("label") ?? el;
      const area = target.getBoundingClientRect();
      if (Math.max(area.height, box.height) < 44 && Math.max(area.width, box.width) < 44)
        small.push(
          `${el.tagName.toLowerCase()} "${(el.textContent || el.getAttribute("aria-label") || "").trim().slice(0, 30)}" ${Math.round(box.width)}×${Math.round(box.height)}`,
        );
    }
    return small;
  });
}

async function check(session: Session, path: string, name: string, ready: (page: Page) => Promise<unknown>) {
  const findings: string[] = [];
  for (const width of WIDTHS) {
    const page = await session.context.newPage();
    await page.setViewportSize({ width, height: 900 });
    await page.goto(`${appUrl()}${path}`, { waitUntil: "load" });
    // The cookie banner renders with the page (inside the pane when one is open): answer it once the page is there.
    await ready(page);
    await dismissConsent(page);
    await page.waitForLoadState("networkidle", { timeout: 5000 }).catch(() => undefined);
    const scroll = await page.evaluate(() => document.documentElement.scrollWidth);
    if (scroll > width) findings.push(`${width}px: horizontal scroll (${scroll}px wide)`);
    for (const t of await smallTargets(page)) findings.push(`${width}px: small target ${t}`);
    for (const v of await session.axe(page))
      findings.push(`${width}px: axe ${v.impact} ${v.id}: ${v.help} ${v.targets.slice(0, 3).join(" ")}`);
    await session.screenshot(page, `app-${name}-${width}`);
    await page.close();
  }
  expect(findings).toEqual([]);
}

const heading = (page: Page) => page.getByRole("heading", { level: 1 }).first().waitFor();
/** The detail pane's own title (the cookie banner, when shown over the pane, has a heading of its own). */
const paneTitle = (page: Page) => page.locator("dialog[open] h2:not([role=region] h2)").waitFor();

describe("hosted app pages, signed out", () => {
  let session: Session;
  beforeAll(async () => (session = await openSession()));
  afterAll(async () => {
    session.assertClean({ allowConsole: /status of 40[34]/ });
    await session.close();
  });

  const pages: [string, string][] = [
    ["/home", "visitor-home"],
    ["/continue", "visitor-continue"],
    ["/signup?email=new.person%40example.com", "visitor-signup"],
    ["/forgot-password", "visitor-forgot-password"],
    ["/reset-password?token=demo", "visitor-reset-password"],
    ["/classes", "visitor-classes"],
    ["/no-such-page", "visitor-not-found"],
  ];
  for (const [path, name] of pages) it(`${path} looks right at every width`, () => check(session, path, name, heading));
  it("the detail pane looks right at every width", () =>
    check(session, `/classes/detail/${slug}`, "visitor-detail-pane", paneTitle));
});

describe("hosted app pages, signed in", () => {
  let session: Session;
  beforeAll(async () => {
    session = await openSession();
    await signInAs(session, "member@demo.fitkit.dev");
  });
  afterAll(async () => {
    session.assertClean({ allowConsole: /status of 40[34]/ });
    await session.close();
  });

  const pages: [string, string][] = [
    ["/home", "member-home"],
    ["/classes", "member-classes"],
    ["/classes/categories/strength-and-sculpt", "member-category"],
    ["/classes?favorites=true", "member-favorites"],
    ["/classes?from=all_time_stats", "member-all-time-stats"],
    ["/classes/manage-workouts", "member-manage-workouts"],
    ["/workout-history", "member-history"],
    ["/logout", "member-logout"],
  ];
  for (const [path, name] of pages) it(`${path} looks right at every width`, () => check(session, path, name, heading));
  it("the detail pane over home looks right at every width", () =>
    check(session, `/home/detail/${slug}`, "member-detail-pane", paneTitle));
  it("the player looks right at every width", () =>
    check(session, `/classes/video/${slug}`, "member-player", (p) =>
      p.getByRole("button", { name: "Music stations" }).waitFor(),
    ));
});
