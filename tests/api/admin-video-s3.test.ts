import { execFileSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { request as httpRequest } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TestClock } from "../../host/server/clock.js";
import { loadMediaSettings } from "../../host/server/media/settings.js";
import { loadStorageSettings } from "../../host/server/media/storage/settings.js";
import { expectError, startTestApp, type TestApp } from "./harness.js";
import { startS3Double, type S3Double } from "./s3-double.js";

/**
 * Video kept in an S3-compatible bucket (FITKIT_S3_BUCKET), over HTTP: a tus upload stored as a multipart upload in
 * the bucket (resumed after a dropped connection), transcoded from the bucket back into it, and played from it
 * through the member's signed URLs, byte ranges included. Nothing lands in the data folder; refused uploads leave
 * nothing in the bucket.
 */
const API = "/admin/v1";
const BUCKET = "fitkit-video";
const MIB = 1_048_576;

let s3: S3Double;
let t: TestApp;
let base: string;
let dir: string;
let clip: Buffer;
let editor: string;
let member: string;
let workoutId: string;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), "fitkit-video-s3-test-"));
  // A 10-second clip with noise in every frame (about 12 MB), so the upload spans several multipart parts (S3's parts
  // are 5 MiB at least; @tus/s3-store sends 8 MiB ones).
  const source = "testsrc=duration=10:size=640x360:rate=25,noise=alls=40:allf=t";
  execFileSync("ffmpeg", [
    ...["-hide_banner", "-loglevel", "error", "-f", "lavfi", "-i", source, "-f", "lavfi", "-i", "sine=duration=10"],
    ...["-shortest", "-c:v", "libx264", "-preset", "ultrafast", "-crf", "23"],
    ...["-pix_fmt", "yuv420p", "-c:a", "aac", join(dir, "clip.mp4")],
  ]);
  clip = readFileSync(join(dir, "clip.mp4"));
  s3 = await startS3Double();
  s3.createBucket(BUCKET);
  t = await startTestApp({
    clock: new TestClock(),
    config: {
      dataDir: join(dir, "data"),
      media: { ...loadMediaSettings({}), uploadMaxBytes: 64 * MIB },
      mediaStorage: loadStorageSettings(
        {
          FITKIT_S3_BUCKET: BUCKET,
          FITKIT_S3_ENDPOINT: s3.url,
          AWS_ACCESS_KEY_ID: s3.accessKeyId,
          AWS_SECRET_ACCESS_KEY: s3.secretAccessKey,
        },
        false,
      ),
    },
  });
  base = await t.app.listen({ port: 0, host: "127.0.0.1" });
  editor = (await t.signIn("editor@demo.fitkit.dev")).token;
  member = (await t.signIn("member@demo.fitkit.dev")).token;
  workoutId = (
    await t.db.selectFrom("workouts").select("id").where("type", "=", "workout").orderBy("id").executeTakeFirstOrThrow()
  ).id;
}, 120_000);
afterAll(async () => {
  await t.close();
  await s3.close();
  rmSync(dir, { recursive: true, force: true });
});

const b64 = (s: string) => Buffer.from(s).toString("base64");

async function tus(method: string, path: string, headers: Record<string, string> = {}, body?: Buffer) {
  const res = await fetch(`${base}${path}`, {
    method,
    headers: { "tus-resumable": "1.0.0", authorization: `Bearer ${editor}`, ...headers },
    ...(body ? { body: new Uint8Array(body) } : {}),
  });
  const text = await res.text();
  return { statusCode: res.status, headers: res.headers, body: text, json: () => JSON.parse(text) as unknown };
}

const create = (size: number) =>
  tus("POST", `${API}/uploads`, {
    "upload-length": String(size),
    "upload-metadata": `workoutId ${b64(workoutId)},filename ${b64("class.mp4")}`,
  });

const patch = (location: string, offset: number, body: Buffer) =>
  tus("PATCH", location, { "upload-offset": String(offset), "content-type": "application/offset+octet-stream" }, body);

/** Sends `body` as a PATCH but cuts the connection after `sendBytes`, as a dropped network would. */
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
    req.write(body.subarray(0, sendBytes), () => setTimeout(() => req.destroy(), 500));
  });
}

async function eventually<T>(read: () => Promise<T>, done: (value: T) => boolean, ms = 90_000): Promise<T> {
  const until = Date.now() + ms;
  for (;;) {
    const value = await read();
    if (done(value) || Date.now() > until) return value;
    await new Promise((r) => setTimeout(r, 250));
  }
}

const assetState = async () => {
  const res = await t.call("GET", `${API}/workouts/${workoutId}/video`, { token: editor });
  return res.json<{ asset: null | { id: string; status: string; renditions: number[]; error: string | null } }>().asset;
};
const local = (uri: string) => new URL(uri).pathname;

describe("refused uploads leave nothing in the bucket", () => {
  it("removes a file that is not a video at its first bytes", async () => {
    const text = Buffer.from("Not a video, whatever its name says.\n".repeat(8));
    const created = await create(text.length);
    expect(created.statusCode, created.body).toBe(201);
    const location = created.headers.get("location")!;
    expect(expectError(await patch(location, 0, text), 415).text).toMatch(/not a video/);
    expect((await tus("HEAD", location)).statusCode).toBe(404);
    expect(s3.keys(BUCKET)).toEqual([]);
    expect(s3.openUploads(BUCKET)).toEqual([]);
  });

  it("sniffs a file sent a few bytes at a time from what the bucket holds so far, and removes all of it", async () => {
    const text = Buffer.from("Plain text sent in small pieces, not a video.\n".repeat(4));
    const location = (await create(text.length)).headers.get("location")!;
    const first = await patch(location, 0, text.subarray(0, 5));
    expect(first.statusCode, first.body).toBe(204);
    // Too few bytes to tell yet: kept in the bucket beside the multipart upload, until a whole part arrives.
    expect(s3.keys(BUCKET)).toEqual(expect.arrayContaining([`${location.split("/").at(-1)!}.part`]));
    expect(expectError(await patch(location, 5, text.subarray(5)), 415).text).toMatch(/not a video/);
    expect((await tus("HEAD", location)).statusCode).toBe(404);
    expect(s3.keys(BUCKET)).toEqual([]);
    expect(s3.openUploads(BUCKET)).toEqual([]);
  });

  it("removes a truncated video once its last byte is in", async () => {
    const truncated = clip.subarray(0, Math.floor(clip.length * 0.6));
    const location = (await create(truncated.length)).headers.get("location")!;
    expect(expectError(await patch(location, 0, truncated), 422).text).toMatch(/truncated or damaged/);
    expect((await tus("HEAD", location)).statusCode).toBe(404);
    expect(s3.keys(BUCKET)).toEqual([]);
    expect(await t.db.selectFrom("video_assets").selectAll().execute()).toEqual([]);
  });
});

describe("an upload to the bucket, resumed, transcoded and played from it", () => {
  let location: string;
  let uploadId: string;

  it("keeps the part that arrived before the connection dropped, and resumes from there", async () => {
    expect(clip.length).toBeGreaterThan(8 * MIB);
    const created = await create(clip.length);
    expect(created.statusCode, created.body).toBe(201);
    location = created.headers.get("location")!;
    uploadId = location.split("/").at(-1)!;
    await interruptedPatch(location, clip, 6 * MIB);
    const offset = await eventually(
      async () => Number((await tus("HEAD", location)).headers.get("upload-offset")),
      (n) => n > 0,
      15_000,
    );
    expect(offset).toBeGreaterThanOrEqual(5 * MIB);
    expect(offset).toBeLessThan(clip.length);
    // The bytes so far are a part of a multipart upload in the bucket, not a file on this machine.
    expect(s3.openUploads(BUCKET)).toEqual([{ key: uploadId, parts: 1 }]);
    expect(existsSync(join(dir, "data", "media"))).toBe(false);
    const finished = await patch(location, offset, clip.subarray(offset));
    expect(finished.statusCode, finished.body).toBe(204);
    expect(Number(finished.headers.get("upload-offset"))).toBe(clip.length);
    expect(s3.openUploads(BUCKET)).toEqual([]);
  });

  it("transcodes from the bucket into it, and removes the upload once the renditions are there", async () => {
    const asset = await eventually(assetState, (a) => a?.status === "ready" || a?.status === "failed");
    expect(asset).toMatchObject({ id: uploadId, status: "ready", renditions: [360] });
    // The upload goes once the asset is marked ready (a crash in between keeps the source for the retry).
    const keys = await eventually(
      async () => s3.keys(BUCKET),
      (k) => k.every((key) => key.startsWith(`videos/${uploadId}/`)),
      10_000,
    );
    expect(keys).toEqual(
      expect.arrayContaining([
        `videos/${uploadId}/index.m3u8`,
        `videos/${uploadId}/360/index.m3u8`,
        `videos/${uploadId}/360/seg000.ts`,
        `videos/${uploadId}/360/seg001.ts`,
        `videos/${uploadId}/poster.jpg`,
      ]),
    );
    expect(keys.every((k) => k.startsWith(`videos/${uploadId}/`))).toBe(true);
    expect(existsSync(join(dir, "data", "media"))).toBe(false);
  });

  it("plays for a member from the bucket: playlists, segments and a byte range of one", async () => {
    const answer = await t.call("GET", `/tsapi/content/workout/${workoutId}/video`, { token: member });
    expect(answer.statusCode, answer.body).toBe(200);
    const { uri } = answer.json<{ uri: string }>();
    const master = await t.call("GET", local(uri));
    expect(master.statusCode).toBe(200);
    expect(master.body).toMatch(/RESOLUTION=640x360/);
    const rendition = await t.call("GET", local(uri).replace(/index\.m3u8$/, "360/index.m3u8"));
    expect(rendition.headers["content-type"]).toMatch(/mpegurl/);
    const segments = rendition.body.split("\n").filter((line) => line.endsWith(".ts"));
    expect(segments).toEqual(["seg000.ts", "seg001.ts"]);
    const segmentUrl = local(uri).replace(/index\.m3u8$/, "360/seg001.ts");
    const whole = await t.call("GET", segmentUrl);
    expect(whole.statusCode).toBe(200);
    expect(whole.headers["content-type"]).toBe("video/mp2t");
    expect(whole.rawPayload[0]).toBe(0x47); // an MPEG-TS sync byte
    expect(whole.rawPayload.equals(s3.object(BUCKET, `videos/${uploadId}/360/seg001.ts`)!)).toBe(true);
    const part = await t.call("GET", segmentUrl, { headers: { range: "bytes=188-375" } });
    expect(part.statusCode).toBe(206);
    expect(part.headers["content-range"]).toBe(`bytes 188-375/${whole.rawPayload.length}`);
    expect(part.rawPayload.equals(whole.rawPayload.subarray(188, 376))).toBe(true);
    expect(part.rawPayload[0]).toBe(0x47); // packets are 188 bytes: the second one starts here
    expect(s3.requests.at(-1)).toMatchObject({
      method: "GET",
      key: `videos/${uploadId}/360/seg001.ts`,
      range: "bytes=188-375",
    });
    expectError(await t.call("GET", segmentUrl, { headers: { range: `bytes=${whole.rawPayload.length}-` } }), 416);
  });

  it("shows the video's poster frame, read from the bucket", async () => {
    const still = await t.call("GET", `/tsapi/v2/workout/${workoutId}/video/image?width=320`);
    expect(still.statusCode).toBe(200);
    expect(await sharp(still.rawPayload).metadata()).toMatchObject({ width: 320, height: 180 });
    expect(s3.requests.some((r) => r.method === "GET" && r.key === `videos/${uploadId}/poster.jpg`)).toBe(true);
  });
});
