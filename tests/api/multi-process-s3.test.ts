/**
 * One catalogue's video served by two real server processes, as on two machines: one PostgreSQL database, one
 * S3-compatible bucket (a local stand-in of the S3 API), and a data folder of each process's own. A video uploaded
 * through one process is resumable from the other, transcoded, and played through the other. A bucket that cannot be
 * used refuses the start. Runs in the api:postgres project only (PGlite serves one process).
 */
import { execFileSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { connectPostgres } from "../../host/server/db/index.js";
import { DEMO_PASSWORD } from "../../host/server/db/seed/members.js";
import { clonePostgresTemplate } from "./harness.js";
import { startS3Double, type S3Double } from "./s3-double.js";
import { START_TIMEOUT_MS, startServerProcess, stopServerProcess, type ServerProcess } from "./server-process.js";

const BUCKET = "fitkit-catalogue";
const API = "/admin/v1";

let s3: S3Double;
let dir: string;
let clip: Buffer;
let drop: () => Promise<void>;
let databaseUrl: string;
let a: ServerProcess | undefined;
let b: ServerProcess | undefined;
let urlA: string;
let urlB: string;

const s3Env = () => ({
  FITKIT_S3_BUCKET: BUCKET,
  FITKIT_S3_ENDPOINT: s3.url,
  AWS_ACCESS_KEY_ID: s3.accessKeyId,
  AWS_SECRET_ACCESS_KEY: s3.secretAccessKey,
});

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), "fitkit-two-s3-"));
  execFileSync("ffmpeg", [
    ...["-hide_banner", "-loglevel", "error", "-f", "lavfi", "-i", "testsrc=duration=10:size=640x360:rate=25"],
    ...["-f", "lavfi", "-i", "sine=duration=10", "-shortest", "-c:v", "libx264", "-preset", "ultrafast"],
    ...["-pix_fmt", "yuv420p", "-c:a", "aac", join(dir, "clip.mp4")],
  ]);
  clip = readFileSync(join(dir, "clip.mp4"));
  s3 = await startS3Double();
  s3.createBucket(BUCKET);
  const clone = await clonePostgresTemplate();
  drop = clone.drop;
  databaseUrl = clone.url;
  const env = (name: string) => ({ DATABASE_URL: databaseUrl, DATA_DIR: join(dir, name), ...s3Env() });
  a = startServerProcess(env("a"));
  b = startServerProcess(env("b"));
  [urlA, urlB] = await Promise.all([a.ready, b.ready]);
}, START_TIMEOUT_MS * 2);

afterAll(async () => {
  await Promise.all([stopServerProcess(a), stopServerProcess(b)]);
  await drop();
  await s3.close();
  rmSync(dir, { recursive: true, force: true });
});

async function call(
  origin: string,
  method: string,
  path: string,
  options: { token?: string; headers?: Record<string, string>; body?: Buffer | object } = {},
) {
  const json = options.body !== undefined && !Buffer.isBuffer(options.body);
  const res = await fetch(origin + path, {
    method,
    headers: {
      ...(json ? { "content-type": "application/json" } : {}),
      ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
      ...options.headers,
    },
    ...(options.body === undefined
      ? {}
      : { body: Buffer.isBuffer(options.body) ? new Uint8Array(options.body) : JSON.stringify(options.body) }),
  });
  const bytes = Buffer.from(await res.arrayBuffer());
  return { status: res.status, headers: res.headers, bytes, text: bytes.toString() };
}

const signIn = async (origin: string, email: string) =>
  JSON.parse((await call(origin, "POST", "/api/auth/sign-in/email", { body: { email, password: DEMO_PASSWORD } })).text)
    .token as string;

describe("two processes, one bucket", () => {
  it("an upload through one process, seen and resumable from the other, plays through the other", async () => {
    const editor = await signIn(urlA, "editor@demo.fitkit.dev");
    const member = await signIn(urlB, "member@demo.fitkit.dev");
    const database = connectPostgres(databaseUrl, 1);
    const workout = await database.db
      .selectFrom("workouts")
      .select("id")
      .where("type", "=", "workout")
      .orderBy("id")
      .executeTakeFirstOrThrow()
      .then((row) => row.id)
      .finally(() => database.close());
    const tus = { "tus-resumable": "1.0.0" };
    const created = await call(urlA, "POST", `${API}/uploads`, {
      token: editor,
      headers: {
        ...tus,
        "upload-length": String(clip.length),
        "upload-metadata": `workoutId ${Buffer.from(workout).toString("base64")}`,
      },
    });
    expect(created.status, created.text).toBe(201);
    const location = created.headers.get("location")!;
    const id = location.split("/").at(-1)!;
    const half = Math.floor(clip.length / 2);
    const octets = { ...tus, "content-type": "application/offset+octet-stream" };
    const first = await call(urlA, "PATCH", location, {
      token: editor,
      headers: { ...octets, "upload-offset": "0" },
      body: clip.subarray(0, half),
    });
    expect(first.status, first.text).toBe(204);
    // The other process knows where the upload stands: its state is in the bucket, not in A's memory or folder.
    const seen = await call(urlB, "HEAD", location, { token: editor, headers: tus });
    expect(seen.status).toBe(200);
    expect(Number(seen.headers.get("upload-offset"))).toBe(half);
    const rest = await call(urlA, "PATCH", location, {
      token: editor,
      headers: { ...octets, "upload-offset": String(half) },
      body: clip.subarray(half),
    });
    expect(rest.status, rest.text).toBe(204);

    // Transcoded by whichever process claims it; B reports it ready.
    type Asset = { status: string; renditions: number[] } | null;
    let asset: Asset = null;
    for (const until = Date.now() + 120_000; Date.now() < until;) {
      const state = await call(urlB, "GET", `${API}/workouts/${workout}/video`, { token: editor });
      asset = (JSON.parse(state.text) as { asset: Asset }).asset;
      if (asset?.status === "ready" || asset?.status === "failed") break;
      await new Promise((r) => setTimeout(r, 500));
    }
    expect(asset).toMatchObject({ status: "ready", renditions: [360] });

    const playback = await call(urlB, "GET", `/tsapi/content/workout/${workout}/video`, { token: member });
    expect(playback.status, playback.text).toBe(200);
    const path = new URL((JSON.parse(playback.text) as { uri: string }).uri).pathname;
    const master = await call(urlB, "GET", path);
    expect(master.text).toContain("360/index.m3u8");
    const rendition = await call(urlB, "GET", path.replace(/index\.m3u8$/, "360/index.m3u8"));
    const segments = rendition.text.split("\n").filter((line) => line.endsWith(".ts"));
    expect(segments).toEqual(["seg000.ts", "seg001.ts"]);
    for (const segment of segments) {
      const played = await call(urlB, "GET", path.replace(/index\.m3u8$/, `360/${segment}`));
      expect(played.status).toBe(200);
      expect(played.bytes.equals(s3.object(BUCKET, `videos/${id}/360/${segment}`)!)).toBe(true);
    }
    // The same signed link plays through the first process too.
    const again = await call(urlA, "GET", path.replace(/index\.m3u8$/, "360/seg000.ts"), {
      headers: { range: "bytes=0-187" },
    });
    expect(again.status).toBe(206);
    expect(again.bytes[0]).toBe(0x47);
    // Neither process kept video in its own folder.
    expect(existsSync(join(dir, "a", "media"))).toBe(false);
    expect(existsSync(join(dir, "b", "media"))).toBe(false);
    // The upload goes just after the asset is marked ready: only the ladder stays in the bucket.
    const onlyLadder = () => s3.keys(BUCKET).every((key) => key.startsWith(`videos/${id}/`));
    for (const until = Date.now() + 10_000; !onlyLadder() && Date.now() < until;)
      await new Promise((r) => setTimeout(r, 200));
    expect(s3.keys(BUCKET).filter((key) => !key.startsWith(`videos/${id}/`))).toEqual([]);
  });

  it(
    "refuses to start on a bucket that does not exist, naming it",
    async () => {
      const refused = startServerProcess({
        DATABASE_URL: databaseUrl,
        DATA_DIR: join(dir, "c"),
        ...s3Env(),
        FITKIT_S3_BUCKET: "no-such-bucket",
      });
      try {
        expect(await refused.exited).toBe(1);
        expect(refused.stderr()).toMatch(
          /fitkit: FITKIT_S3_BUCKET s3:\/\/no-such-bucket at http:\/\/127\.0\.0\.1:\d+ cannot be used: it does not exist/,
        );
      } finally {
        await stopServerProcess(refused);
      }
    },
    START_TIMEOUT_MS,
  );
});
