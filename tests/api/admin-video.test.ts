import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { request as httpRequest } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TestClock } from "../../host/server/clock.js";
import { loadMediaSettings } from "../../host/server/media/settings.js";
import { expectError, startTestApp, type TestApp } from "./harness.js";

/**
 * Video in the operator console: resumable tus uploads at /admin/v1/uploads (admins and editors), refused when they
 * are not video, empty, truncated or too large; the local provider's transcoding job (HLS ladder, duration, retry);
 * the member's signed playback of the result; WebVTT captions checked line by line.
 */
const API = "/admin/v1";
const MAX_BYTES = 2 * 1_048_576;

let t: TestApp;
let base: string;
let dir: string;
let clip: Buffer;
let admin: string;
let editor: string;
let support: string;
let member: string;
let workoutId: string;
/** The workout's drawn still before it had a video. */
let drawnStill: Buffer;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), "fitkit-video-test-"));
  // A real 10-second clip (640×360 test pattern with a tone), made the way an editor's camera file would arrive.
  execFileSync("ffmpeg", [
    ...["-hide_banner", "-loglevel", "error", "-f", "lavfi", "-i", "testsrc=duration=10:size=640x360:rate=25"],
    ...["-f", "lavfi", "-i", "sine=duration=10", "-shortest", "-c:v", "libx264", "-preset", "ultrafast"],
    ...["-pix_fmt", "yuv420p", "-c:a", "aac", join(dir, "clip.mp4")],
  ]);
  clip = readFileSync(join(dir, "clip.mp4"));
  t = await startTestApp({
    clock: new TestClock(),
    config: {
      dataDir: join(dir, "data"),
      media: { ...loadMediaSettings({}), uploadMaxBytes: MAX_BYTES },
    },
  });
  base = await t.app.listen({ port: 0, host: "127.0.0.1" });
  admin = (await t.signIn("admin@demo.fitkit.dev")).token;
  editor = (await t.signIn("editor@demo.fitkit.dev")).token;
  support = (await t.signIn("support@demo.fitkit.dev")).token;
  member = (await t.signIn("member@demo.fitkit.dev")).token;
  workoutId = (
    await t.db.selectFrom("workouts").select("id").where("type", "=", "workout").orderBy("id").executeTakeFirstOrThrow()
  ).id;
  drawnStill = (await t.call("GET", `/tsapi/v2/workout/${workoutId}/video/image?width=320`)).rawPayload;
}, 120_000);
afterAll(async () => {
  await t.close();
  rmSync(dir, { recursive: true, force: true });
});

const b64 = (s: string) => Buffer.from(s).toString("base64");

/** A tus request over real HTTP (the protocol streams bodies: inject would not show an interrupted PATCH). */
async function tus(
  method: string,
  path: string,
  options: { token?: string; headers?: Record<string, string>; body?: Buffer } = {},
) {
  const res = await fetch(`${base}${path}`, {
    method,
    headers: {
      "tus-resumable": "1.0.0",
      ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
      ...options.headers,
    },
    ...(options.body ? { body: new Uint8Array(options.body) } : {}),
  });
  const text = await res.text();
  return {
    statusCode: res.status,
    headers: res.headers,
    body: text,
    json: () => JSON.parse(text) as unknown,
  };
}

async function create(size: number, token = editor, workout = workoutId) {
  return tus("POST", `${API}/uploads`, {
    token,
    headers: {
      "upload-length": String(size),
      "upload-metadata": `workoutId ${b64(workout)},filename ${b64("class.mp4")}`,
    },
  });
}

const patch = (location: string, offset: number, body: Buffer, token = editor) =>
  tus("PATCH", location, {
    token,
    headers: { "upload-offset": String(offset), "content-type": "application/offset+octet-stream" },
    body,
  });

/** Sends `body` as a PATCH but cuts the connection halfway through, as a dropped network would. */
function interruptedPatch(location: string, body: Buffer, sendBytes: number): Promise<void> {
  return new Promise((resolve) => {
    const req = httpRequest(`${base}${location}`, {
      method: "PATCH",
      headers: {
        "tus-resumable": "1.0.0",
        authorization: `Bearer ${editor}`,
        "upload-offset": "0",
        "content-type": "application/offset+octet-stream",
        "content-length": String(body.length),
      },
    });
    req.on("error", () => resolve());
    req.on("close", () => resolve());
    req.write(body.subarray(0, sendBytes), () => setTimeout(() => req.destroy(), 300));
  });
}

async function videoState(token = editor, id = workoutId) {
  const res = await t.call("GET", `${API}/workouts/${id}/video`, { token });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{
    asset: null | {
      id: string;
      status: string;
      progress: number;
      attempts: number;
      error: string | null;
      renditions: number[];
    };
    captions: { lang: string }[];
    mux: { uploads: boolean; playback_id: string | null; ready_at: string | null };
  }>();
}

async function eventually<T>(read: () => Promise<T>, done: (value: T) => boolean, ms = 90_000): Promise<T> {
  const until = Date.now() + ms;
  for (;;) {
    const value = await read();
    if (done(value) || Date.now() > until) return value;
    await new Promise((r) => setTimeout(r, 250));
  }
}

const local = (uri: string) => new URL(uri).pathname;

describe("who may upload", () => {
  it("refuses anonymous callers (401), members (403) and roles outside the catalogue (403)", async () => {
    expectError(await create(clip.length, ""), 401);
    expectError(await create(clip.length, member), 403);
    expectError(await create(clip.length, support), 403);
    const id = "0".repeat(32);
    for (const token of ["", member, support]) {
      const status = token ? 403 : 401;
      expectError(await patch(`${API}/uploads/${id}`, 0, Buffer.from("x"), token), status);
      expectError(await tus("DELETE", `${API}/uploads/${id}`, { token }), status);
      expectError(
        await t.call("PUT", `${API}/workouts/${workoutId}/captions/en`, {
          body: "WEBVTT\n",
          token,
          headers: { "content-type": "text/vtt" },
        }),
        status,
      );
    }
    expect((await tus("HEAD", `${API}/uploads/${id}`, { token: member })).statusCode).toBe(403);
    expectError(await t.call("GET", `${API}/workouts/${workoutId}/video`), 401);
    expectError(await t.call("GET", `${API}/workouts/${workoutId}/video`, { token: member }), 403);
    // Reading the state is for every role.
    expect((await videoState(support)).asset).toBeNull();
  });
});

describe("a refused upload leaves nothing behind", () => {
  it("refuses a file that is not a video by its first bytes, whatever its name, and removes it", async () => {
    const text = Buffer.from("This is a text file named class.mp4, not a video at all.\n".repeat(4));
    const created = await create(text.length);
    expect(created.statusCode, created.body).toBe(201);
    const location = created.headers.get("location")!;
    const refused = expectError(await patch(location, 0, text), 415);
    expect(refused.text).toMatch(/not a video/);
    expect((await tus("HEAD", location, { token: editor })).statusCode).toBe(404);
    expect((await videoState()).asset).toBeNull();
  });

  it("refuses an empty file, a file over the limit, and an upload without its workout or size", async () => {
    expect(expectError(await create(0), 400).text).toMatch(/empty/);
    expect(expectError(await create(MAX_BYTES + 1), 413).text).toMatch(/larger than/);
    expect(expectError(await create(clip.length, editor, "no-such-workout"), 404).text).toMatch(/not found/);
    const noWorkout = await tus("POST", `${API}/uploads`, { token: editor, headers: { "upload-length": "100" } });
    expect(expectError(noWorkout, 400).text).toMatch(/workoutId/);
    const deferred = await tus("POST", `${API}/uploads`, {
      token: editor,
      headers: { "upload-defer-length": "1", "upload-metadata": `workoutId ${b64(workoutId)}` },
    });
    expect(expectError(deferred, 400).text).toMatch(/Upload-Length/);
  });

  it("refuses a truncated video once its last byte is in (ffprobe cannot read it) and removes it", async () => {
    const truncated = clip.subarray(0, Math.floor(clip.length * 0.6));
    const created = await create(truncated.length);
    const location = created.headers.get("location")!;
    expect(expectError(await patch(location, 0, truncated), 422).text).toMatch(/truncated or damaged/);
    expect((await tus("HEAD", location, { token: editor })).statusCode).toBe(404);
    expect(await t.db.selectFrom("video_assets").selectAll().execute()).toEqual([]);
  });
});

describe("an upload resumed after a dropped connection, transcoded and played", () => {
  let location: string;

  it("keeps what arrived before the connection dropped and resumes from there", async () => {
    const created = await create(clip.length);
    expect(created.statusCode, created.body).toBe(201);
    location = created.headers.get("location")!;
    expect(location).toMatch(/^\/admin\/v1\/uploads\/[a-f0-9]{32}$/);
    await interruptedPatch(location, clip, Math.floor(clip.length / 2));
    const offset = await eventually(
      async () => Number((await tus("HEAD", location, { token: editor })).headers.get("upload-offset")),
      (n) => n > 0,
      10_000,
    );
    expect(offset).toBeGreaterThan(0);
    expect(offset).toBeLessThan(clip.length);
    const finished = await patch(location, offset, clip.subarray(offset));
    expect(finished.statusCode, finished.body).toBe(204);
    expect(Number(finished.headers.get("upload-offset"))).toBe(clip.length);
  });

  it("transcodes it to the ladder (no rung above the source), with progress, and sets the workout's duration", async () => {
    const state = await eventually(videoState, (s) => s.asset?.status === "ready" || s.asset?.status === "failed");
    expect(state.asset).toMatchObject({ status: "ready", progress: 100, attempts: 1, renditions: [360] });
    const workout = await t.db
      .selectFrom("workouts")
      .select(["video_duration", "duration"])
      .where("id", "=", workoutId)
      .executeTakeFirstOrThrow();
    expect(workout).toEqual({ video_duration: 10, duration: 1 });
    // Editing the workout afterwards keeps the video's length: it comes from the video, not the form.
    const fields = await t.call("GET", `${API}/workouts/${workoutId}`, { token: editor });
    const {
      id: _id,
      status: _s,
      release_at: _r,
      release_zone: _z,
      release_local: _l,
      created_at: _c,
      updated_at: _u,
      ...form
    } = fields.json<Record<string, unknown>>();
    const saved = await t.call("PUT", `${API}/workouts/${workoutId}`, {
      token: editor,
      body: { ...form, slug: "uploaded-video-class", video_minutes: 45 },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({ video_minutes: 1 });
    const audit = await t.call("GET", `${API}/audit?record_type=workout&record_id=${workoutId}`, { token: admin });
    const actions = audit.json<{ items: { action: string; actor_email: string }[] }>().items;
    expect(actions).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ action: "video.upload", actor_email: "editor@demo.fitkit.dev" }),
        expect.objectContaining({ action: "video.ready", actor_email: "system" }),
      ]),
    );
  });

  it("plays for a member through the signed URLs: master playlist, rendition, segments", async () => {
    const answer = await t.call("GET", `/tsapi/content/workout/${workoutId}/video`, { token: member });
    expect(answer.statusCode, answer.body).toBe(200);
    const { uri, captions } = answer.json<{ uri: string; captions: unknown[] }>();
    // An uploaded video has no demo captions: only the ones uploaded for it.
    expect(captions).toEqual([]);
    const master = await t.call("GET", local(uri));
    expect(master.statusCode).toBe(200);
    expect(master.headers["content-type"]).toMatch(/mpegurl/);
    expect(master.body).toContain("360/index.m3u8");
    expect(master.body).toMatch(/RESOLUTION=640x360/);
    const rendition = await t.call("GET", local(uri).replace(/index\.m3u8$/, "360/index.m3u8"));
    expect(rendition.body).toContain("#EXT-X-TARGETDURATION:6");
    const segments = rendition.body.split("\n").filter((line) => line.endsWith(".ts"));
    expect(segments).toEqual(["seg000.ts", "seg001.ts"]);
    const segment = await t.call("GET", local(uri).replace(/index\.m3u8$/, `360/${segments[0]}`));
    expect(segment.statusCode).toBe(200);
    expect(segment.headers["content-type"]).toBe("video/mp2t");
    expect(segment.rawPayload[0]).toBe(0x47); // an MPEG-TS sync byte
    const forged = local(uri).replace(
      /\/(\d+)\.[\w-]+\/index\.m3u8$/,
      "/$1.AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA/360/seg000.ts",
    );
    expectError(await t.call("GET", forged), 403);
    expectError(await t.call("GET", local(uri).replace(/index\.m3u8$/, "720/index.m3u8")), 404);
  });

  it("shows the video's own poster frame as the workout's still", async () => {
    const still = await t.call("GET", `/tsapi/v2/workout/${workoutId}/video/image?width=320`);
    expect(still.statusCode).toBe(200);
    expect(still.headers["content-type"]).toBe("image/jpeg");
    const { width, height } = await sharp(still.rawPayload).metadata();
    // The clip's 16:9 frame at the width asked for (the drawn art of a workout without video is 16:9 too: the bytes
    // differ from the drawing's).
    expect({ width, height }).toEqual({ width: 320, height: 180 });
    expect(still.rawPayload.equals(drawnStill)).toBe(false);
  });
});

describe("captions", () => {
  const put = (body: string | Buffer, lang = "en", token = editor) =>
    t.app.inject({
      method: "PUT",
      url: `${API}/workouts/${workoutId}/captions/${lang}`,
      payload: body,
      headers: { "content-type": "text/vtt", authorization: `Bearer ${token}` },
    });

  it("stores valid WebVTT per language and lists it in the playback answer as a track", async () => {
    const vtt =
      "WEBVTT\n\n1\n00:00:00.500 --> 00:00:03.000\nWelcome, let's warm up.\n\n00:03.500 --> 00:09.900\nBreathe.\n";
    expect((await put(vtt)).statusCode).toBe(200);
    expect((await put(vtt.replace("Breathe.", "Respirez."), "fr-CA")).statusCode).toBe(200);
    expect((await videoState()).captions.map((c) => c.lang)).toEqual(["en", "fr-CA"]);
    // Without Mux's API configured the console uploads here (tus), never to Mux.
    expect((await videoState()).mux).toEqual({ uploads: false, playback_id: null, ready_at: null });
    const policy = String((await t.app.inject({ method: "GET", url: "/admin" })).headers["content-security-policy"]);
    expect(policy).toContain("connect-src 'self';");
    const answer = await t.call("GET", `/tsapi/content/workout/${workoutId}/video`, { token: member });
    const { captions } = answer.json<{ captions: { lang: string; uri: string }[] }>();
    expect(captions.map((c) => c.lang)).toEqual(["en", "fr-CA"]);
    const served = await t.call("GET", local(captions[1]!.uri));
    expect(served.headers["content-type"]).toMatch(/text\/vtt/);
    expect(served.body).toContain("Respirez.");
  });

  it("refuses broken files with a 400 naming the line, and keeps the stored captions", async () => {
    const cases: [string | Buffer, RegExp][] = [
      ["1\n00:00:01.000 --> 00:00:02.000\nHi\n", /Line 1: .*WEBVTT/],
      ["WEBVTT\n\n00:00:03.000 --> 00:00:02.000\nBackwards\n", /Line 3: the cue ends before it starts/],
      [
        "WEBVTT\n\n00:00:05.000 --> 00:00:06.000\nA\n\n00:00:01.000 --> 00:00:02.000\nB\n",
        /Line 6: .*before the cue above/,
      ],
      ["WEBVTT\n\n00:00:01.000 -> 00:00:02.000\nA\n\n00:00:01 --> 00:00:02.000\nB\n", /Line 6: .*not a cue timing/],
      ["WEBVTT\n\n00:00:01.000 --> 00:00:42.000\nToo long\n", /Line 3: the cue ends after the video/],
      [Buffer.from([0x57, 0x45, 0x42, 0x56, 0x54, 0x54, 0x0a, 0xff, 0xfe]), /not UTF-8/],
    ];
    for (const [body, message] of cases) expect(expectError(await put(body), 400).text).toMatch(message);
    const answer = await t.call("GET", `/tsapi/content/workout/${workoutId}/video`, { token: member });
    const en = answer.json<{ captions: { lang: string; uri: string }[] }>().captions[0]!;
    expect((await t.call("GET", local(en.uri))).body).toContain("Welcome, let's warm up.");
  });
});

describe("the transcoding job", () => {
  it("picks up work left in the database (a stopped process's claim too), retries once, then shows the reason", async () => {
    const other = (
      await t.db
        .selectFrom("workouts")
        .select("id")
        .where("id", "<>", workoutId)
        .orderBy("id")
        .executeTakeFirstOrThrow()
    ).id;
    const now = t.clock.now();
    const row = (id: string, status: "queued" | "transcoding", heartbeat: Date | null) => ({
      id,
      workout_id: other,
      status,
      source_key: `uploads/${id}`,
      source_bytes: 1000,
      duration_seconds: 10,
      width: 640,
      height: 360,
      has_audio: false,
      heartbeat_at: heartbeat,
      created_at: now,
      updated_at: now,
    });
    // Neither source is in storage: both attempts fail.
    await t.db
      .insertInto("video_assets")
      .values([
        row("a".repeat(32), "queued", null),
        row("b".repeat(32), "transcoding", new Date(now.getTime() - 120_000)),
      ])
      .execute();
    const failed = await eventually(
      () =>
        t.db
          .selectFrom("video_assets")
          .select(["id", "status", "attempts", "error"])
          .where("workout_id", "=", other)
          .orderBy("id")
          .execute(),
      (rows) => rows.every((r) => r.status === "failed"),
      30_000,
    );
    expect(failed).toEqual([
      { id: "a".repeat(32), status: "failed", attempts: 2, error: "The uploaded file is missing from storage." },
      { id: "b".repeat(32), status: "failed", attempts: 2, error: "The uploaded file is missing from storage." },
    ]);
    expect((await videoState(editor, other)).asset).toMatchObject({ status: "failed", attempts: 2 });
  });
});
