import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { environmentFromHost } from "../../src/domain/environment.js";
import { expectError, startTestApp, type TestApp } from "./harness.js";

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

describe("/config.json", () => {
  it("answers providers, feature flags and the environment from the host name", async () => {
    const res = await t.call("GET", "/config.json", { headers: { host: "app.staging.fitkit.com" } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      environment: "staging",
      apiBase: t.config.publicUrl,
      video: { provider: "local" },
      music: { provider: "local" },
      auth: expect.any(Object),
      analytics: expect.any(Object),
      features: { referral: true, multiSubscription: false },
    });
    expect((await t.call("GET", "/config.json", { headers: { host: "app.fitkit.com" } })).json().environment).toBe(
      "production",
    );
    expect((await t.call("GET", "/config.json", { headers: { host: "localhost:8080" } })).json().environment).toBe(
      "dev",
    );
  });

  it("answers the configured public URL as apiBase, never a forged X-Forwarded-Host", async () => {
    const res = await t.call("GET", "/config.json", {
      headers: { "x-forwarded-host": "evil.example", "x-forwarded-proto": "https" },
    });
    expect(res.json().apiBase).toBe(t.config.publicUrl);
  });

  it("reports where visitors start a membership and which payment provider takes cards", async () => {
    // Nothing configured: the in-app funnel, the sandbox's test cards.
    expect((await t.call("GET", "/config.json")).json()).toMatchObject({
      store: { url: null },
      billing: { provider: "sandbox" },
    });
    const shop = await startTestApp({
      config: {
        storeUrl: "https://shop.example.com/join",
        billing: { provider: "stripe", stripe: { secretKey: "sk_test_x" } },
      },
    });
    try {
      expect((await shop.call("GET", "/config.json")).json()).toMatchObject({
        store: { url: "https://shop.example.com/join" },
        billing: { provider: "stripe" },
      });
      expect(JSON.stringify((await shop.call("GET", "/config.json")).json())).not.toContain("sk_test_x");
    } finally {
      await shop.close();
    }
  });

  it("reads the environment from the second host label, dev when there is none", () => {
    expect(environmentFromHost("app.qa.fitkit.com", "dev")).toBe("qa");
    expect(environmentFromHost("www.fitkit.com", "dev")).toBe("production");
    expect(environmentFromHost("127.0.0.1:8080", "dev")).toBe("dev");
    expect(environmentFromHost("fitkit.com", "dev")).toBe("dev");
    expect(environmentFromHost("", "dev")).toBe("dev");
  });
});

describe("home page, carousels and banners", () => {
  it("answers the default home page with rows resolved to workouts and series", async () => {
    const home = (await t.call("GET", "/tsapi/home_page?include=4")).json();
    expect(home).toMatchObject({ slug: "home", title: "Home" });
    const newest = home.rows.find((r: { title: string }) => r.title === "New Classes");
    expect(newest.items).toHaveLength(12);
    expect(newest.items.every((w: { type: string }) => w.type === "workout")).toBe(true);
    const series = home.rows.find((r: { kind: string }) => r.kind === "series");
    expect(series.items.length).toBeGreaterThan(0);
    expect((await t.call("GET", "/tsapi/home_page?slug=home")).json().id).toBe(home.id);
    expectError(await t.call("GET", "/tsapi/home_page?slug=nope"), 404);
    expectError(await t.call("GET", "/tsapi/home_page?include=99"), 400);
  });

  it("answers distinct rows when asked, as the home page draws them: no class twice across the carousels and the category and collection rows, each row still full", async () => {
    type Row = { kind: string; title: string; source: { limit?: number }; items: { id: string }[] };
    const workoutRows = (rows: Row[]) => rows.filter((r) => r.kind === "category" || r.kind === "collection");
    const overlapping = workoutRows((await t.call("GET", "/tsapi/home_page")).json().rows);
    const everyId = overlapping.flatMap((r) => r.items.map((w) => w.id));
    // The catalogue's rows overlap (all newest first): without `distinct` the same classes open several rows.
    expect(new Set(everyId).size).toBeLessThan(everyId.length);

    const answer = await t.call("GET", "/tsapi/home_page?distinct=true");
    expect(answer.statusCode).toBe(200);
    const rows = workoutRows(answer.json().rows);
    expect(rows.map((r) => r.title)).toEqual(overlapping.map((r) => r.title));
    const carousels = (await t.call("GET", "/tsapi/carousels")).json().items as Row[];
    const shown = carousels.filter((c) => c.kind === "workouts").flatMap((c) => c.items.map((w) => w.id));
    const rowIds = rows.flatMap((r) => r.items.map((w) => w.id));
    expect(new Set(rowIds).size).toBe(rowIds.length);
    expect(rowIds.filter((id) => shown.includes(id))).toEqual([]);
    for (const row of rows) expect(row.items).toHaveLength(row.source.limit ?? 12);
    expectError(await t.call("GET", "/tsapi/home_page?distinct=perhaps"), 400);
  });

  it("answers carousels with their items", async () => {
    const { items, total } = (await t.call("GET", "/tsapi/carousels")).json();
    expect(total).toBe(items.length);
    for (const c of items) expect(c.items.length).toBeGreaterThan(0);
  });

  it("answers only the banners active now", async () => {
    const { items } = (await t.call("GET", "/tsapi/announcementBanner")).json();
    expect(items.map((b: { id: string }) => b.id)).toEqual(["banner_winter"]);
    t.clock.advance(90 * 86_400_000);
    expect((await t.call("GET", "/tsapi/announcementBanner")).json().items).toEqual([]);
    t.clock.advance(-90 * 86_400_000);
  });
});

describe("dynamic content, pages and assets", () => {
  it("answers keyed content by filter, narrowed by contains", async () => {
    for (const key of ["coachMark", "welcome", "faq", "dynamic"]) {
      const { items } = (await t.call("GET", `/tsapi/dynamic_content?filter=${key}`)).json();
      expect(items.length, key).toBeGreaterThan(0);
      expect(items.every((i: { key: string }) => i.key === key)).toBe(true);
    }
    const faq = (await t.call("GET", "/tsapi/dynamic_content?filter=faq&contains=CHALLENGE")).json().items;
    expect(faq).toHaveLength(3);
    expect(faq[0].value).toMatchObject({ question: expect.any(String), answer: expect.any(String) });
    expectError(await t.call("GET", "/tsapi/dynamic_content?filter=colour"), 400);
  });

  it("answers a page by slug, every page without one, 404 for an unknown slug", async () => {
    const page = (await t.call("GET", "/tsapi/content/page?slug=terms-of-service")).json();
    expect(page).toMatchObject({
      slug: "terms-of-service",
      fields: { slug: "terms-of-service", title: "Terms of Service" },
    });
    const all = (await t.call("GET", "/tsapi/content/page")).json();
    expect(all.items.map((p: { fields: { slug: string } }) => p.fields.slug)).toContain("liability-waiver");
    expectError(await t.call("GET", "/tsapi/content/page?slug=nope"), 404);
  });

  it("answers assets carrying every tag asked for", async () => {
    const onboarding = await t.call("GET", "/tsapi/assets?tags=onboarding");
    expect(onboarding.json().total, onboarding.body).toBe(2);
    expect((await t.call("GET", "/tsapi/assets?tags=hero,live")).json().items.map((a: { id: string }) => a.id)).toEqual(
      ["asset_live_hero"],
    );
    expect((await t.call("GET", "/tsapi/assets?tags=nothing")).json()).toEqual({ items: [], total: 0 });
    expectError(await t.call("GET", "/tsapi/assets?colour=red"), 400);
  });
});
