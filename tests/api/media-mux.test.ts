import { generateKeyPairSync } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { decodeProtectedHeader, importSPKI, jwtVerify } from "jose";
import { startTestApp, type TestApp } from "./harness.js";

// A Mux URL signing key as Mux hands it out: an RSA key, its PEM base64-encoded.
const keys = generateKeyPairSync("rsa", { modulusLength: 2048 });
const privatePem = keys.privateKey.export({ type: "pkcs1", format: "pem" }).toString();
const publicPem = keys.publicKey.export({ type: "spki", format: "pem" }).toString();
const SIGNING_KEY_ID = "muxSigningKey01";
const PLAYBACK_ID = "a4nOgmxGWg6gULfcBbAa00gXyfcwPnAFldF8RdsNyk8M";

let t: TestApp;
let member: string;
let workout: { id: string; video_duration: number };
let unmapped: { id: string };

beforeAll(async () => {
  t = await startTestApp({
    config: {
      media: {
        videoProvider: "mux",
        mux: { signingKeyId: SIGNING_KEY_ID, privateKey: Buffer.from(privatePem).toString("base64") },
        musicProvider: "local",
        uploadMaxBytes: 1_048_576,
        ffmpeg: "ffmpeg",
        ffprobe: "ffprobe",
      },
    },
  });
  member = (await t.signIn()).token;
  const rows = await t.db
    .selectFrom("workouts")
    .select(["id", "video_duration"])
    .where("type", "=", "workout")
    .orderBy("id")
    .limit(2)
    .execute();
  [workout, unmapped] = rows as [typeof workout, typeof unmapped]; // limit(2) of the seeded workouts
  await t.db.insertInto("workout_videos").values({ workout_id: workout.id, mux_playback_id: PLAYBACK_ID }).execute();
});
afterAll(() => t.close());

const publicKey = () => importSPKI(publicPem, "RS256");

/** Verifies a Mux token the way Mux does: RS256 with the signing key's public half, the right audience, not expired. */
async function verify(token: string, audience: string) {
  const header = decodeProtectedHeader(token);
  expect(header).toMatchObject({ alg: "RS256", kid: SIGNING_KEY_ID });
  const { payload } = await jwtVerify(token, await publicKey(), {
    audience,
    subject: PLAYBACK_ID,
    currentDate: t.clock.now(),
  });
  return payload;
}

describe("Mux provider", () => {
  it("answers signed Mux playback whose token verifies against the signing key", async () => {
    const res = await t.call("GET", `/tsapi/content/workout/${workout.id}/video`, { token: member });
    expect(res.statusCode).toBe(200);
    const body = res.json<{ uri: string; expires_at: string; captions: unknown[] }>();
    const url = new URL(body.uri);
    expect(url.origin + url.pathname).toBe(`https://stream.mux.com/${PLAYBACK_ID}.m3u8`);
    const payload = await verify(url.searchParams.get("token")!, "v");
    expect(payload.exp! * 1000).toBe(new Date(body.expires_at).getTime());
    expect(payload.exp! * 1000).toBeGreaterThan(t.clock.now().getTime() + workout.video_duration * 1000);
    expect(body.captions).toEqual([]);
  });

  it("signs a token that a different key does not verify", async () => {
    const res = await t.call("GET", `/tsapi/content/workout/${workout.id}/video`, { token: member });
    const token = new URL(res.json().uri).searchParams.get("token")!;
    const other = generateKeyPairSync("rsa", { modulusLength: 2048 })
      .publicKey.export({ type: "spki", format: "pem" })
      .toString();
    await expect(jwtVerify(token, await importSPKI(other, "RS256"))).rejects.toThrow();
  });

  it("keeps the entitlement rule", async () => {
    const { token } = await t.signIn("unentitled@demo.fitkit.dev");
    expect((await t.call("GET", `/tsapi/content/workout/${workout.id}/video`, { token })).statusCode).toBe(403);
  });

  it("answers a signed preview and redirects images to a Mux thumbnail carrying its options in the token", async () => {
    const preview = await t.call("GET", `/tsapi/content/workout/${workout.id}/previewVideo`);
    expect(preview.statusCode).toBe(200);
    await verify(new URL(preview.json().uri).searchParams.get("token")!, "v");

    const image = await t.call(
      "GET",
      `/tsapi/v2/workout/${workout.id}/video/image?width=320&height=180&fit_mode=smartcrop&time=12.5`,
    );
    expect(image.statusCode).toBe(302);
    const location = new URL(image.headers.location as string);
    expect(location.origin + location.pathname).toBe(`https://image.mux.com/${PLAYBACK_ID}/thumbnail.jpg`);
    const payload = await verify(location.searchParams.get("token")!, "t");
    expect(payload).toMatchObject({ width: 320, height: 180, fit_mode: "smartcrop", time: 12.5 });
  });

  it("answers 404 for a workout that has no Mux playback id", async () => {
    expect((await t.call("GET", `/tsapi/content/workout/${unmapped.id}/video`, { token: member })).statusCode).toBe(
      404,
    );
    expect((await t.call("GET", `/tsapi/content/workout/${unmapped.id}/previewVideo`)).statusCode).toBe(404);
    expect((await t.call("GET", `/tsapi/v2/workout/${unmapped.id}/video/image`)).statusCode).toBe(404);
  });

  it("refuses a playback id that is not one", async () => {
    await expect(
      t.db.insertInto("workout_videos").values({ workout_id: unmapped.id, mux_playback_id: "../x" }).execute(),
    ).rejects.toThrow();
  });
});
