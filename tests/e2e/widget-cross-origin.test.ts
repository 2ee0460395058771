import { readFileSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { expectAReservableDay } from "./app-helpers.js";
import { subscribe } from "./app-part2-helpers.js";
import { closeBrowser, withSession } from "./browser.js";
import { startOwnServer, startPageServer } from "./own-server.js";

/**
 * Issue 21 item 1: a studio site that is not in FITKIT_ALLOWED_ORIGINS embeds the schedule straight from the fitkit
 * server, the three ways the README shows. Module scripts and `integrity` + `crossorigin` tags are CORS requests:
 * without `Access-Control-Allow-Origin` on /widgets/ the browser refuses them.
 */
let fitkit: Awaited<ReturnType<typeof startOwnServer>>;
let site: Awaited<ReturnType<typeof startPageServer>>;

const sri = () =>
  (JSON.parse(readFileSync(new URL("../../dist/widgets/sri.json", import.meta.url), "utf8")) as Record<string, string>)[
    "fitkit.iife.js"
  ];
const page = (script: string) =>
  `<!doctype html><html lang="en"><head><meta charset="utf-8"><link rel="icon" href="data:,"><title>A studio's own site</title>` +
  `<script type="application/json" id="fitkit-config">${JSON.stringify({ apiBase: fitkit.url, appUrl: fitkit.url })}</script>${script}</head>` +
  `<body><main><h1>Our schedule</h1><fit-live-schedule location="chicago"></fit-live-schedule></main></body></html>`;

/** Issue 18: an open schedule shows a booking made elsewhere within 2 seconds. */
const SPOTS_FOLLOW_MS = 2_000;

/** A fresh member of the second server, signed up and subscribed through its API (another device booking). */
async function memberToken(): Promise<string> {
  const res = await fetch(`${fitkit.url}/api/auth/sign-up/email`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({
      email: `live-spots-${Date.now().toString(36)}@example.com`,
      password: "secret-pass",
      given_name: "Elsewhere",
      family_name: "Booker",
      waiver_accepted: true,
    }),
  });
  expect(res.status).toBe(200);
  const { token } = (await res.json()) as { token: string };
  await subscribe(token, undefined, fitkit.url);
  return token;
}

beforeAll(async () => {
  fitkit = await startOwnServer();
  site = await startPageServer({
    "/snippet.html": page(
      `<script src="${fitkit.url}/widgets/fitkit.iife.js" integrity="${sri()}" crossorigin="anonymous" defer></script>`,
    ),
    "/module.html": page(`<script type="module" src="${fitkit.url}/widgets/esm/live-schedule.js"></script>`),
    "/plain.html": page(`<script src="${fitkit.url}/widgets/fitkit.iife.js" defer></script>`),
  });
}, 120_000);
afterAll(async () => {
  await closeBrowser();
  await site.close();
  await fitkit.close();
});

describe("embedding the schedule from another origin, not allow-listed", () => {
  for (const [name, path] of [
    ["the README's snippet (integrity + crossorigin)", "/snippet.html"],
    ["an ES module script", "/module.html"],
    ["a plain script tag", "/plain.html"],
  ] as const) {
    it(`${name}: the week renders with its classes, no console or CORS error`, () =>
      withSession(async (session) => {
        const tab = await session.open(`${site.url}${path}`);
        expect(site.url).not.toBe(fitkit.url);
        const schedule = tab.locator("fit-live-schedule");
        await expectAReservableDay(schedule);
        session.assertClean();
      }));
  }

  it("a booking made elsewhere changes the shown spots without a reload, through one stream per page", () =>
    withSession(async (session) => {
      // Answered streams: the server subscribes a stream before its answer's headers leave.
      const streams: number[] = [];
      session.context.on(
        "response",
        (r) => r.url().includes("/studios/live-classes/stream") && streams.push(r.status()),
      );
      const tab = await session.open(`${site.url}/module.html`);
      const schedule = tab.locator("fit-live-schedule");
      await expectAReservableDay(schedule);
      const row = schedule
        .locator('article[part="class"]')
        .filter({ has: tab.getByRole("button", { name: "Reserve", exact: true }) })
        .first();
      const classId = (await row.locator("h4").getAttribute("id"))!.replace(/^class-/, "");
      const spots = row.getByText(/spots? left$/);
      const before = Number(/^(\d+)/.exec((await spots.textContent()) ?? "")?.[1]);
      expect(before).toBeGreaterThan(1);
      // The stream is open (the page loads it after the first render) before the other device books.
      await expect.poll(() => streams).toEqual([200]);
      const token = await memberToken();
      const booked = await fetch(`${fitkit.url}/studios/reservation/`, {
        method: "POST",
        headers: { "content-type": "application/json", authorization: `Bearer ${token}` },
        body: JSON.stringify({ class_id: classId }),
      });
      expect(booked.status).toBe(200);
      await expect
        .poll(() => spots.textContent(), { timeout: SPOTS_FOLLOW_MS })
        .toBe(before - 1 === 1 ? "1 spot left" : `${before - 1} spots left`);
      expect(streams).toEqual([200]);
      session.assertClean();
    }));
});
