import { afterAll, beforeAll, describe, expect, it } from "vitest";
import sharp from "sharp";
import { expectError, startTestApp, type TestApp } from "./harness.js";

let t: TestApp;
let member: string;
/** A regular workout whose length is not a whole number of 4-second segments, a walk, and an entry without video. */
let workout: { id: string; name: string; video_duration: number };
let walk: { id: string; video_duration: number };
let noVideo: { id: string };

beforeAll(async () => {
  t = await startTestApp();
  member = (await t.signIn()).token;
  const rows = await t.db
    .selectFrom("workouts")
    .select(["id", "name", "type", "video_duration"])
    .orderBy("id")
    .execute();
  workout = rows.find((w) => w.type === "workout" && w.video_duration % 12 !== 0 && w.video_duration % 4 !== 0)!;
  walk = rows.find((w) => w.type === "walk" && w.video_duration > 0)!;
  // The demo catalogue gives every entry a video (even rest days have a guided reset); add one without.
  noVideo = { id: "media-test-no-video" };
  await t.db
    .insertInto("workouts")
    .values({
      id: noVideo.id,
      slug: "media-test-no-video",
      name: "Rest Day",
      type: "rest",
      duration: 0,
      video_duration: 0,
      start_date: new Date(),
    })
    .execute();
});
afterAll(() => t.close());

/** The path and query of an absolute URL the server answered, to request it through inject. */
const local = (uri: string) => {
  const url = new URL(uri);
  return url.pathname + url.search;
};

async function playback(id = workout.id, token = member) {
  const res = await t.call("GET", `/tsapi/content/workout/${id}/video`, { token });
  expect(res.statusCode).toBe(200);
  return res.json<{ uri: string; expires_at: string; captions: { lang: string; uri: string }[] }>();
}

function parsePlaylist(text: string) {
  const lines = text.trim().split("\n");
  const segments: { duration: number; length: number; offset: number; uri: string }[] = [];
  for (let i = 0; i < lines.length; i++) {
    if (!lines[i]!.startsWith("#EXTINF:")) continue;
    const [length, offset] = lines[i + 1]!.replace("#EXT-X-BYTERANGE:", "").split("@").map(Number) as [number, number];
    segments.push({ duration: Number.parseFloat(lines[i]!.slice(8)), length, offset, uri: lines[i + 2]! });
  }
  return { lines, segments, discontinuities: lines.filter((l) => l === "#EXT-X-DISCONTINUITY").length };
}

describe("signed playback", () => {
  it("answers an entitled member an HLS playlist, its expiry and English captions", async () => {
    const body = await playback();
    expect(body.uri).toMatch(new RegExp(`^http://[^/]+/media/w/${workout.id}/\\d+\\.[\\w-]{43}/index\\.m3u8$`));
    expect(new Date(body.expires_at).getTime()).toBeGreaterThan(t.clock.now().getTime() + 3600_000);
    expect(body.captions).toEqual([{ lang: "en", uri: body.uri.replace("index.m3u8", "captions-en.vtt") }]);
  });

  it("asks for sign-in without a token and refuses members without an entitlement", async () => {
    expectError(await t.call("GET", `/tsapi/content/workout/${workout.id}/video`), 401);
    for (const email of ["unentitled@demo.fitkit.dev", "lapsed@demo.fitkit.dev", "paused@demo.fitkit.dev"]) {
      const { token } = await t.signIn(email);
      const err = expectError(await t.call("GET", `/tsapi/content/workout/${workout.id}/video`, { token }), 403);
      expect(err.message).toBe("An active membership is required to watch this class.");
    }
    const fresh = await t.signUp();
    expectError(await t.call("GET", `/tsapi/content/workout/${workout.id}/video`, { token: fresh.token }), 403);
  });

  it("answers 404 for an unknown workout and for one without video", async () => {
    expectError(await t.call("GET", "/tsapi/content/workout/no-such-workout/video", { token: member }), 404);
    expectError(await t.call("GET", `/tsapi/content/workout/${noVideo.id}/video`, { token: member }), 404);
  });

  it("plays the workout at its catalogued length by repeating the shipped clip", async () => {
    for (const w of [workout, walk]) {
      const res = await t.call("GET", local((await playback(w.id)).uri));
      expect(res.statusCode).toBe(200);
      expect(res.headers["content-type"]).toBe("application/vnd.apple.mpegurl");
      const { lines, segments, discontinuities } = parsePlaylist(res.body);
      expect(lines[0]).toBe("#EXTM3U");
      expect(lines.at(-1)).toBe("#EXT-X-ENDLIST");
      expect(lines).toContain("#EXT-X-PLAYLIST-TYPE:VOD");
      const total = segments.reduce((sum, s) => sum + s.duration, 0);
      expect(total).toBeCloseTo(w.video_duration, 6);
      expect(Math.max(...segments.map((s) => s.duration))).toBeLessThanOrEqual(4);
      expect(new Set(segments.map((s) => s.uri))).toEqual(new Set(["clip.ts"]));
      expect(discontinuities).toBe(Math.ceil(w.video_duration / 12) - 1);
    }
  });

  it("serves the segments the playlist names as byte ranges of one MPEG-TS file", async () => {
    const { uri } = await playback();
    const { segments } = parsePlaylist((await t.call("GET", local(uri))).body);
    const clip = local(uri).replace("index.m3u8", "clip.ts");
    for (const segment of [segments[0]!, segments[1]!, segments.at(-1)!]) {
      const res = await t.call("GET", clip, {
        headers: { range: `bytes=${segment.offset}-${segment.offset + segment.length - 1}` },
      });
      expect(res.statusCode).toBe(206);
      expect(res.headers["content-type"]).toBe("video/mp2t");
      expect(res.headers["content-range"]).toMatch(
        new RegExp(`^bytes ${segment.offset}-${segment.offset + segment.length - 1}/\\d+$`),
      );
      expect(res.rawPayload.length).toBe(segment.length);
      // Every piece starts on an MPEG-TS packet (sync byte 0x47) carrying the stream tables.
      expect(res.rawPayload[0]).toBe(0x47);
    }
  });

  it("captions the whole workout, opening with its name", async () => {
    const { captions } = await playback();
    const res = await t.call("GET", local(captions[0]!.uri));
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toBe("text/vtt; charset=utf-8");
    expect(res.body.startsWith("WEBVTT\n")).toBe(true);
    expect(res.body).toContain(`Welcome to ${workout.name.replace(/&/g, "&amp;")}`);
    const ends = [...res.body.matchAll(/--> (\d\d):(\d\d):(\d\d)\.(\d{3})/g)].map(
      ([, h, m, s, ms]) => +h! * 3600 + +m! * 60 + +s! + +ms! / 1000,
    );
    expect(ends.at(-1)).toBe(workout.video_duration);
    expect(ends.length).toBeGreaterThan(workout.video_duration / 10);
  });

  it("refuses a tampered, misplaced or expired signature with 403", async () => {
    const { uri, expires_at } = await playback();
    const path = local(uri);
    const match = /\/(\d+)\.([\w-]+)\/index/.exec(path)!;
    const [exp, sig] = [match[1]!, match[2]!]; // both groups are required
    const flipped = sig.slice(0, 10) + (sig[10] === "A" ? "B" : "A") + sig.slice(11);
    expect(expectError(await t.call("GET", path.replace(sig, flipped)), 403).message).toBe(
      "This media link is not valid",
    );
    expectError(await t.call("GET", path.replace(`${exp}.`, `${Number(exp) + 3600}.`)), 403);
    expectError(await t.call("GET", path.replace(`/w/${workout.id}/`, `/w/${walk.id}/`)), 403);
    expectError(await t.call("GET", path.replace(/\/\d+\.[\w-]+\//, "/garbage/")), 403);
    const later = new Date(expires_at).getTime() - t.clock.now().getTime();
    t.clock.advance(later);
    try {
      expect(expectError(await t.call("GET", path), 403).message).toBe("This media link has expired");
      expect(expectError(await t.call("GET", path.replace("index.m3u8", "clip.ts")), 403).message).toBe(
        "This media link has expired",
      );
    } finally {
      t.clock.advance(-later);
    }
    expect((await t.call("GET", path)).statusCode).toBe(200);
  });

  it("never serves a file outside the workout's own", async () => {
    const path = local((await playback()).uri);
    for (const name of [
      "..%2F..%2F..%2Fpackage.json",
      "%2e%2e",
      "segments.json",
      "clip.mpegts",
      "clip.mp4",
      "index.m3u8%00.ts",
    ]) {
      const res = await t.call("GET", path.replace("index.m3u8", name));
      expect(res.statusCode).toBeGreaterThanOrEqual(400);
      expect(res.statusCode).toBeLessThan(500);
      expect(res.body).not.toContain('"name": "fitkit"');
    }
    const traversal = await t.call("GET", "/media/w/..%2F..%2F..%2F/x/package.json");
    expect(traversal.statusCode).toBeGreaterThanOrEqual(400);
    expect(traversal.statusCode).toBeLessThan(500);
  });
});

describe("links handed out", () => {
  it("come from the configured public URL, whatever Host or X-Forwarded-Host the request claims", async () => {
    const forged = { host: "evil.example", "x-forwarded-host": "evil.example", "x-forwarded-proto": "https" };
    const video = await t.call("GET", `/tsapi/content/workout/${workout.id}/video`, { token: member, headers: forged });
    expect(video.statusCode).toBe(200);
    const { uri, captions } = video.json<{ uri: string; captions: { uri: string }[] }>();
    const preview = (
      await t.call("GET", `/tsapi/content/workout/${workout.id}/previewVideo`, { headers: forged })
    ).json<{ uri: string }>();
    for (const link of [uri, preview.uri, ...captions.map((c) => c.uri)])
      expect(new URL(link).origin).toBe(t.config.publicUrl);
  });
});

describe("byte ranges", () => {
  let clip: string;
  let size: number;
  beforeAll(async () => {
    clip = local((await playback()).uri).replace("index.m3u8", "clip.ts");
    const whole = await t.call("GET", clip);
    size = whole.rawPayload.length;
    expect(whole.statusCode).toBe(200);
    expect(whole.headers["accept-ranges"]).toBe("bytes");
    expect(Number(whole.headers["content-length"])).toBe(size);
  });

  it.each([
    ["bytes=0-99", 0, 99],
    ["bytes=100-", 100, -1],
    ["bytes=-500", -500, -1],
    ["bytes=10-99999999", 10, -1],
  ])("answers %s with 206 and the matching Content-Range", async (range, from, to) => {
    const start = from < 0 ? size + from : from;
    const end = to < 0 ? size - 1 : to;
    const res = await t.call("GET", clip, { headers: { range } });
    expect(res.statusCode).toBe(206);
    expect(res.headers["content-range"]).toBe(`bytes ${start}-${end}/${size}`);
    expect(Number(res.headers["content-length"])).toBe(end - start + 1);
    const whole = (await t.call("GET", clip)).rawPayload;
    expect(res.rawPayload.equals(whole.subarray(start, end + 1))).toBe(true);
  });

  it.each(["bytes=999999999-", "bytes=50-10", "bytes=-0", "bytes=abc", "bytes=-", "bytes=5-x"])(
    "refuses %s with 416",
    async (range) => {
      const res = await t.call("GET", clip, { headers: { range } });
      expectError(res, 416);
      expect(res.headers["content-range"]).toBe(`bytes */${size}`);
    },
  );

  it("answers other units and multiple ranges with the whole file", async () => {
    expect((await t.call("GET", clip, { headers: { range: "items=0-1" } })).statusCode).toBe(200);
    expect((await t.call("GET", clip, { headers: { range: "bytes=0-1,5-9" } })).statusCode).toBe(200);
  });

  it("answers HEAD without a body, 304 for a known validator, and the whole file for a stale If-Range", async () => {
    const head = await t.call("HEAD", clip);
    expect(head.statusCode).toBe(200);
    expect(Number(head.headers["content-length"])).toBe(size);
    expect(head.rawPayload.length).toBe(0);
    const etag = head.headers.etag as string;
    expect((await t.call("GET", clip, { headers: { "if-none-match": etag } })).statusCode).toBe(304);
    expect((await t.call("GET", clip, { headers: { range: "bytes=0-9", "if-range": etag } })).statusCode).toBe(206);
    expect((await t.call("GET", clip, { headers: { range: "bytes=0-9", "if-range": '"stale"' } })).statusCode).toBe(
      200,
    );
  });
});

describe("previews", () => {
  it("answers anyone a public MP4 that plays with byte ranges", async () => {
    const res = await t.call("GET", `/tsapi/content/workout/${workout.id}/previewVideo`);
    expect(res.statusCode).toBe(200);
    const { uri } = res.json<{ uri: string }>();
    expect(uri).toMatch(/^http:\/\/[^/]+\/media\/clips\/[a-z]+\.mp4$/);
    const clip = await t.call("GET", local(uri));
    expect(clip.statusCode).toBe(200);
    expect(clip.headers["content-type"]).toBe("video/mp4");
    expect(clip.rawPayload.subarray(4, 8).toString("latin1")).toBe("ftyp");
    const part = await t.call("GET", local(uri), { headers: { range: "bytes=0-1023" } });
    expect(part.statusCode).toBe(206);
    expect(part.rawPayload.length).toBe(1024);
  });

  it("gives a workout the same preview every time and walks the walking clip", async () => {
    const first = await t.call("GET", `/tsapi/content/workout/${workout.id}/previewVideo`);
    const again = await t.call("GET", `/tsapi/content/workout/${workout.id}/previewVideo`);
    expect(first.json()).toEqual(again.json());
    expect((await t.call("GET", `/tsapi/content/workout/${walk.id}/previewVideo`)).json().uri).toMatch(
      /\/stride\.mp4$/,
    );
  });

  it("answers 404 for unknown workouts, workouts without video and clips that are not shipped", async () => {
    expectError(await t.call("GET", "/tsapi/content/workout/nope/previewVideo"), 404);
    expectError(await t.call("GET", `/tsapi/content/workout/${noVideo.id}/previewVideo`), 404);
    expectError(await t.call("GET", "/media/clips/nothing.mp4"), 404);
    expectError(await t.call("GET", "/media/clips/..%2F..%2Fpackage.json"), 400);
    expectError(await t.call("GET", "/media/clips/flow.mpegts"), 400);
  });

  it("answers unknown content fields of the generic shape with 404", async () => {
    expectError(await t.call("GET", `/tsapi/content/workout/${workout.id}/transcript`), 404);
    expectError(await t.call("GET", `/tsapi/content/series/${workout.id}/video`), 404);
  });
});

describe("poster images", () => {
  const image = (query = "", id = workout.id) => t.call("GET", `/tsapi/v2/workout/${id}/video/image${query}`);
  const sizeOf = async (body: Buffer) => {
    const meta = await sharp(body).metadata();
    return [meta.format, meta.width, meta.height];
  };

  it("answers the shipped poster as a JPEG by default", async () => {
    const res = await image();
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toBe("image/jpeg");
    expect(res.headers["cache-control"]).toContain("max-age");
    expect(await sizeOf(res.rawPayload)).toEqual(["jpeg", 960, 540]);
  });

  it.each([
    ["?width=320", [320, 180]],
    ["?height=90", [160, 90]],
    ["?width=320&height=180", [320, 180]],
    ["?width=100&height=100", [100, 56]],
    ["?width=100&height=100&fit_mode=preserve", [100, 56]],
    ["?width=100&height=100&fit_mode=crop", [100, 100]],
    ["?width=100&height=100&fit_mode=smartcrop", [100, 100]],
    ["?width=100&height=100&fit_mode=pad", [100, 100]],
    ["?width=100&height=100&fit_mode=stretch", [100, 100]],
    ["?width=1920&height=1080", [1920, 1080]],
  ])("resizes %s to %j", async (query, [width, height]) => {
    const res = await image(query);
    expect(res.statusCode).toBe(200);
    expect(await sizeOf(res.rawPayload)).toEqual(["jpeg", width, height]);
  });

  it("takes the still nearest before the requested time of the looping video", async () => {
    const at = async (time: number) => (await image(`?width=64&time=${time}`)).rawPayload;
    expect((await at(0)).equals(await at(3.9))).toBe(true);
    expect((await at(0)).equals(await at(4))).toBe(false);
    expect((await at(4)).equals(await at(16))).toBe(true);
  });

  it("answers a repeated request from its cache with the same validator, and 304 when the client has it", async () => {
    const first = await image("?width=200&height=120&fit_mode=crop");
    const second = await image("?width=200&height=120&fit_mode=crop");
    expect(second.headers.etag).toBe(first.headers.etag);
    expect(second.rawPayload.equals(first.rawPayload)).toBe(true);
    const cached = await t.call(
      "GET",
      `/tsapi/v2/workout/${workout.id}/video/image?width=200&height=120&fit_mode=crop`,
      {
        headers: { "if-none-match": first.headers.etag as string },
      },
    );
    expect(cached.statusCode).toBe(304);
  });

  it.each([
    "?width=0",
    "?width=-10",
    "?width=abc",
    "?width=12.5",
    "?width=5000",
    "?height=0",
    "?height=99999",
    "?fit_mode=zoom",
    "?time=-1",
    "?time=soon",
  ])("refuses %s with 400", async (query) => {
    expectError(await image(query), 400);
  });

  it("answers 404 for an unknown workout", async () => {
    expectError(await image("?width=100", "no-such-workout"), 404);
  });

  it("serves the poster URL the catalogue gives each workout", async () => {
    const res = await t.call("GET", `/tsapi/workouts/?ids=${workout.id}`);
    if (res.statusCode !== 200) return; // the catalogue read calls are another area's; covered there
    const poster = res.json<{ items: { video: { poster_url: string } }[] }>().items[0]!.video.poster_url;
    expect((await t.call("GET", poster.startsWith("http") ? local(poster) : poster)).headers["content-type"]).toBe(
      "image/jpeg",
    );
  });
});

describe("embedding", () => {
  it("lets any site show previews and posters (public CORS on /media and /tsapi reads)", async () => {
    const headers = { origin: "https://studio.example" };
    const poster = await t.call("GET", `/tsapi/v2/workout/${workout.id}/video/image?width=64`, { headers });
    expect(poster.headers["access-control-allow-origin"]).toBe("*");
    const { uri } = (await t.call("GET", `/tsapi/content/workout/${workout.id}/previewVideo`, { headers })).json<{
      uri: string;
    }>();
    expect((await t.call("GET", local(uri), { headers })).headers["access-control-allow-origin"]).toBe("*");
  });
});

describe("OpenAPI", () => {
  it("documents the media calls", async () => {
    const doc = (await t.call("GET", "/docs/openapi.json")).json<{ paths: Record<string, unknown> }>();
    for (const path of [
      "/tsapi/content/workout/{id}/video",
      "/tsapi/content/workout/{id}/previewVideo",
      "/tsapi/v2/workout/{id}/video/image",
      "/media/w/{id}/{token}/{file}",
      "/media/clips/{file}",
    ]) {
      expect(doc.paths[path]).toBeDefined();
    }
  });
});
