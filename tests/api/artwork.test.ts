import { afterAll, beforeAll, describe, expect, it } from "vitest";
import sharp from "sharp";
import { expectError, startTestApp, type TestApp } from "./harness.js";
import { demoArtwork } from "../../host/server/db/seed/catalogue-artwork.js";

/**
 * The demo catalogue's pictures are drawn for what they show: each class type, series and trainer has artwork of its
 * own, with no words baked in, served where the catalogue points.
 */
let t: TestApp;
/** One library class of each of two class types. */
let cardio: string;
let meditation: string;

beforeAll(async () => {
  t = await startTestApp();
  const first = async (category: string) =>
    (
      await t.db
        .selectFrom("workout_category_links")
        .select("workout_id")
        .where("category_id", "=", `cat_${category}`)
        .orderBy("workout_id")
        .executeTakeFirstOrThrow()
    ).workout_id;
  cardio = await first("cardio-burn");
  meditation = await first("meditation");
});
afterAll(() => t.close());

const get = async (url: string) => {
  const res = await t.call("GET", url);
  expect(res.statusCode, url).toBe(200);
  return res;
};
const metadata = async (body: Buffer) => {
  const meta = await sharp(body).metadata();
  return [meta.format, meta.width, meta.height];
};

describe("class stills", () => {
  it("draws two class types differently, as JPEGs of the asked size", async () => {
    const a = await get(`/tsapi/v2/workout/${cardio}/video/image?width=480&height=270&fit_mode=crop`);
    const b = await get(`/tsapi/v2/workout/${meditation}/video/image?width=480&height=270&fit_mode=crop`);
    expect(a.headers["content-type"]).toBe("image/jpeg");
    expect(await metadata(a.rawPayload)).toEqual(["jpeg", 480, 270]);
    expect(await metadata(b.rawPayload)).toEqual(["jpeg", 480, 270]);
    expect(a.rawPayload.equals(b.rawPayload)).toBe(false);
  });

  it("gives each class type its own colours, not one gradient for all", async () => {
    const mean = async (id: string) => {
      const { channels } = await sharp((await get(`/tsapi/v2/workout/${id}/video/image?width=64`)).rawPayload).stats();
      return channels.slice(0, 3).map((c) => c.mean);
    };
    const [red, indigo] = [await mean(cardio), await mean(meditation)];
    // Cardio Burn is drawn hot (red over blue), Meditation at night (blue over red).
    expect(red[0]).toBeGreaterThan(red[2]!);
    expect(indigo[2]).toBeGreaterThan(indigo[0]!);
  });

  it("has no text in its source", async () => {
    for (const id of [cardio, meditation]) {
      const svg = (await get(`/media/art/workouts/${id}.svg`)).body;
      expect(svg).toMatch(/^<svg [^>]*width="960" height="540"/);
      expect(svg).not.toMatch(/<text|<tspan|<textPath|font-family/i);
    }
  });
});

describe("series covers", () => {
  const seriesList = async () =>
    await t.db.selectFrom("series").select(["slug", "image_url"]).orderBy("slug").execute();

  it("points every series at a cover of its own", async () => {
    const series = await seriesList();
    const covers = await Promise.all(series.map(async (s) => (await get(s.image_url)).rawPayload));
    for (const cover of covers) expect(await metadata(cover)).toEqual(["jpeg", 960, 540]);
    expect(new Set(covers.map((c) => c.toString("base64"))).size).toBe(series.length);
    const stored: unknown = (
      await t.db.selectFrom("series_overview").select("featured_banner").executeTakeFirstOrThrow()
    ).featured_banner;
    const banner = (typeof stored === "string" ? JSON.parse(stored) : stored) as {
      image_url: string;
      seriesSlug: string;
    };
    expect(banner.image_url).toBe(series.find((s) => s.slug === banner.seriesSlug)!.image_url);
  });

  it("draws a wide banner for a wide box instead of cropping, in the asked format, without text", async () => {
    const slug = "phase-and-function-PHF0921";
    expect(
      await metadata((await get(`/media/art/series/${slug}.jpg?width=1280&height=560&fit_mode=crop`)).rawPayload),
    ).toEqual(["jpeg", 1280, 560]);
    expect(await metadata((await get(`/media/art/series/${slug}.webp?width=400`)).rawPayload)).toEqual([
      "webp",
      400,
      225,
    ]);
    const svg = (await get(`/media/art/series/${slug}.svg?width=1280&height=560&fit_mode=crop`)).body;
    expect(svg).toMatch(/width="1280" height="560"/);
    expect(svg).not.toMatch(/<text|<tspan|font-family/i);
  });
});

describe("trainer portraits", () => {
  it("gives every trainer a different portrait, a square PNG with no text", async () => {
    const trainers = await t.db.selectFrom("trainers").select(["slug", "image_url"]).orderBy("slug").execute();
    expect(trainers.length).toBeGreaterThan(10);
    const portraits = await Promise.all(trainers.map(async (tr) => (await get(tr.image_url)).rawPayload));
    for (const p of portraits) expect(await metadata(p)).toEqual(["png", 160, 160]);
    expect(new Set(portraits.map((p) => p.toString("base64"))).size).toBe(trainers.length);
    for (const tr of trainers.slice(0, 3))
      expect((await get(`/media/art/trainers/${tr.slug}.svg`)).body).not.toMatch(/<text|<tspan|font-family/i);
  });

  it("answers the workout's trainer avatar the catalogue gives", async () => {
    const w = (await get("/tsapi/workouts/25-min-mat-full-body-stretch-OFF0923-S24")).json<{
      trainers: { slug: string; image_url: string }[];
    }>();
    expect(w.trainers[0]!.image_url).toBe(`/media/art/trainers/${w.trainers[0]!.slug}.png?width=160&height=160`);
    expect((await get(w.trainers[0]!.image_url)).headers["content-type"]).toBe("image/png");
  });
});

describe("art requests", () => {
  it("answers a repeat from its cache with the same validator, and 304 when the client has it", async () => {
    const url = "/media/art/series/strength-builder-STB0522.jpg?width=320";
    const [first, second] = [await get(url), await get(url)];
    expect(second.rawPayload.equals(first.rawPayload)).toBe(true);
    expect((await t.call("GET", url, { headers: { "if-none-match": first.headers.etag as string } })).statusCode).toBe(
      304,
    );
  });

  it.each([
    ["/media/art/series/no-such-series.jpg", 404],
    ["/media/art/trainers/nobody.png", 404],
    ["/media/art/workouts/no-such-workout.jpg", 404],
    ["/media/art/posters/anything.jpg", 400],
    ["/media/art/series/phase-and-function-PHF0921.gif", 400],
    ["/media/art/series/phase-and-function-PHF0921.jpg?width=5000", 400],
    ["/media/art/series/phase-and-function-PHF0921.jpg?colour=red", 400],
  ])("refuses %s with %i", async (url, status) => {
    expectError(await t.call("GET", url), status);
  });
});

describe("example pages", () => {
  it("serves the examples index at /examples/ and /examples", async () => {
    for (const url of ["/examples/", "/examples/index.html"]) {
      const res = await t.call("GET", url, { headers: { accept: "text/html" } });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers["content-type"]).toMatch(/^text\/html/);
      expect(res.body).toContain("fitkit widget examples");
    }
    const bare = await t.call("GET", "/examples", { headers: { accept: "text/html" } });
    expect(bare.statusCode).toBe(301);
    expect(bare.headers.location).toBe("/examples/");
  });
});

describe("databases seeded before the artwork", () => {
  it("move series, banner and trainer pictures off class posters, and keep an image an operator set", async () => {
    const banner = async () => {
      const stored: unknown = (
        await t.db.selectFrom("series_overview").select("featured_banner").executeTakeFirstOrThrow()
      ).featured_banner;
      return (typeof stored === "string" ? JSON.parse(stored) : stored) as { image_url: string; seriesSlug: string };
    };
    const before = await banner();
    await t.db
      .updateTable("trainers")
      .set({ image_url: "/tsapi/v2/workout/wk_0001/video/image?width=160&height=160" })
      .where("slug", "=", "mia-chen")
      .execute();
    await t.db
      .updateTable("trainers")
      .set({ image_url: "https://cdn.example/ava.jpg" })
      .where("slug", "=", "ava-brooks")
      .execute();
    await t.db
      .updateTable("series")
      .set({ image_url: "/tsapi/v2/workout/wk_0002/video/image" })
      .where("slug", "=", "cardio-ignite-CRD0722")
      .execute();
    await t.db
      .updateTable("series_overview")
      .set({ featured_banner: JSON.stringify({ ...before, image_url: "/tsapi/v2/workout/wk_0003/video/image" }) })
      .execute();

    await demoArtwork.run(t.db, { clock: t.clock });
    const image = async (table: "trainers" | "series", slug: string) =>
      (await t.db.selectFrom(table).select("image_url").where("slug", "=", slug).executeTakeFirstOrThrow()).image_url;
    expect(await image("trainers", "mia-chen")).toBe("/media/art/trainers/mia-chen.png?width=160&height=160");
    expect(await image("trainers", "ava-brooks")).toBe("https://cdn.example/ava.jpg");
    expect(await image("series", "cardio-ignite-CRD0722")).toBe("/media/art/series/cardio-ignite-CRD0722.jpg");
    expect(await banner()).toEqual(before);
    await t.db
      .updateTable("trainers")
      .set({ image_url: "/media/art/trainers/ava-brooks.png?width=160&height=160" })
      .where("slug", "=", "ava-brooks")
      .execute();
  });
});
