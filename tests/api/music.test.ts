import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { expectError, startTestApp, type TestApp } from "./harness.js";

let t: TestApp;
let member: string;

beforeAll(async () => {
  t = await startTestApp();
  member = (await t.signIn()).token;
});
afterAll(() => t.close());

const local = (uri: string) => new URL(uri).pathname;

type Stations = {
  items: {
    id: string;
    name: string;
    tracks: { id: string; title: string; artist: string; duration: number; stream_url: string }[];
  }[];
  total: number;
  expires_at: string;
};

async function stations(token = member): Promise<Stations> {
  const res = await t.call("GET", "/v2/music/stations", { token });
  expect(res.statusCode).toBe(200);
  return res.json();
}

describe("music stations", () => {
  it("lists the five stations, each with a few loops and signed stream URLs", async () => {
    const body = await stations();
    expect(body.items.map((s) => s.name)).toEqual(["Pop", "Electronic", "Hip Hop", "Chill", "Throwback"]);
    expect(body.total).toBe(5);
    expect(new Date(body.expires_at).getTime()).toBeGreaterThan(t.clock.now().getTime() + 3600_000);
    for (const station of body.items) {
      expect(station.tracks.length).toBeGreaterThanOrEqual(3);
      for (const track of station.tracks) {
        expect(track.title).not.toBe("");
        expect(track.duration).toBeGreaterThan(10);
        expect(track.stream_url).toMatch(
          new RegExp(`^http://[^/]+/media/m/${station.id}/\\d+\\.[\\w-]{43}/${track.id}\\.mp3$`),
        );
      }
    }
  });

  it("hands out stream URLs on the configured public URL, never a forged X-Forwarded-Host", async () => {
    const res = await t.call("GET", "/v2/music/stations", {
      token: member,
      headers: { "x-forwarded-host": "evil.example", "x-forwarded-proto": "https" },
    });
    const urls = res.json<Stations>().items.flatMap((s) => s.tracks.map((track) => track.stream_url));
    expect(urls.length).toBeGreaterThan(0);
    for (const url of urls) expect(new URL(url).origin).toBe(t.config.publicUrl);
  });

  it("asks for sign-in without a token and refuses members without an entitlement", async () => {
    expectError(await t.call("GET", "/v2/music/stations"), 401);
    const { token } = await t.signIn("unentitled@demo.fitkit.dev");
    expect(expectError(await t.call("GET", "/v2/music/stations", { token }), 403).message).toBe(
      "An active membership is required to play music.",
    );
  });
});

describe("music streams", () => {
  it("streams a loop as MP3, whole or by byte range", async () => {
    const url = local((await stations()).items[0]!.tracks[0]!.stream_url);
    const whole = await t.call("GET", url);
    expect(whole.statusCode).toBe(200);
    expect(whole.headers["content-type"]).toBe("audio/mpeg");
    expect(whole.headers["accept-ranges"]).toBe("bytes");
    const size = whole.rawPayload.length;
    expect(size).toBeGreaterThan(20_000);
    // An MPEG audio frame starts with 11 set sync bits.
    expect(whole.rawPayload[0]).toBe(0xff);
    expect(whole.rawPayload[1]! & 0xe0).toBe(0xe0);
    const tail = await t.call("GET", url, { headers: { range: "bytes=-4096" } });
    expect(tail.statusCode).toBe(206);
    expect(tail.headers["content-range"]).toBe(`bytes ${size - 4096}-${size - 1}/${size}`);
    expect(tail.rawPayload.equals(whole.rawPayload.subarray(size - 4096))).toBe(true);
    const beyond = await t.call("GET", url, { headers: { range: `bytes=${size}-` } });
    expectError(beyond, 416);
    expect(beyond.headers["content-range"]).toBe(`bytes */${size}`);
  });

  it("streams every listed track", async () => {
    for (const station of (await stations()).items) {
      for (const track of station.tracks) {
        const res = await t.call("HEAD", local(track.stream_url));
        expect(res.statusCode).toBe(200);
        expect(Number(res.headers["content-length"])).toBeGreaterThan(20_000);
      }
    }
  });

  it("refuses a tampered token, another station's token and an expired one with 403", async () => {
    const body = await stations();
    const [pop, electronic] = body.items as [Stations["items"][number], Stations["items"][number]]; // the seeded stations
    const url = local(pop.tracks[0]!.stream_url);
    const token = url.split("/")[4]!;
    const sig = token.split(".")[1]!;
    const flipped = token.replace(sig, sig.slice(0, -1) + (sig.endsWith("A") ? "B" : "A"));
    expect(expectError(await t.call("GET", url.replace(token, flipped)), 403).message).toBe(
      "This media link is not valid",
    );
    // Pop's token does not open Electronic.
    expectError(await t.call("GET", `/media/m/${electronic.id}/${token}/${electronic.tracks[0]!.id}.mp3`), 403);
    const later = new Date(body.expires_at).getTime() - t.clock.now().getTime();
    t.clock.advance(later);
    try {
      expect(expectError(await t.call("GET", url), 403).message).toBe("This media link has expired");
    } finally {
      t.clock.advance(-later);
    }
  });

  it("answers 404 for a track the station does not have and 400 for names that are not track files", async () => {
    const url = local((await stations()).items[0]!.tracks[0]!.stream_url);
    expectError(await t.call("GET", url.replace(/[\w-]+\.mp3$/, "no-such-loop.mp3")), 404);
    for (const name of ["..%2F..%2Fstations.json", "stations.json", "..%2Fchill%2Fslow-tide.mp3", "generate.mjs"]) {
      expectError(await t.call("GET", url.replace(/[\w-]+\.mp3$/, name)), 400);
    }
  });

  it("documents the music calls in OpenAPI", async () => {
    const doc = (await t.call("GET", "/docs/openapi.json")).json<{ paths: Record<string, unknown> }>();
    expect(doc.paths["/v2/music/stations"]).toBeDefined();
    expect(doc.paths["/media/m/{station}/{token}/{file}"]).toBeDefined();
  });
});
