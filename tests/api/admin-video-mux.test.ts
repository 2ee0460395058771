import { createHmac } from "node:crypto";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadMediaSettings } from "../../host/server/media/settings.js";
import { expectError, startTestApp, type TestApp } from "./harness.js";

/**
 * Video through Mux's API: the console's Direct Upload URL comes from Mux (here a stand-in of its API on this machine,
 * checking the access token), and `POST /webhooks/mux` takes video.asset.ready only when its mux-signature holds,
 * once per event id, mapping the workout to its signed playback id and the video's duration.
 */
const TOKEN_ID = "test-token-id";
const TOKEN_SECRET = "test-token-secret";
const WEBHOOK_SECRET = "whsec-test-0123456789";

let t: TestApp;
let muxApi: Server;
let editor: string;
let support: string;
let member: string;
let workoutId: string;
/** The Direct Upload requests the stand-in received. */
const received: { authorization?: string; body: Record<string, unknown> }[] = [];

beforeAll(async () => {
  muxApi = createServer((req, res) => {
    let body = "";
    req.on("data", (chunk: Buffer) => (body += chunk.toString()));
    req.on("end", () => {
      if (req.method !== "POST" || req.url !== "/video/v1/uploads") {
        res.writeHead(404, { "content-type": "application/json" }).end('{"error":{"type":"not_found"}}');
        return;
      }
      received.push({ authorization: req.headers.authorization, body: JSON.parse(body) as Record<string, unknown> });
      const data = {
        id: `upl${received.length}`,
        url: `https://storage.mux.test/upload/${received.length}`,
        status: "waiting",
        timeout: 3600,
        cors_origin: (JSON.parse(body) as { cors_origin: string }).cors_origin,
      };
      res.writeHead(201, { "content-type": "application/json" }).end(JSON.stringify({ data }));
    });
  });
  await new Promise<void>((resolve) => muxApi.listen(0, "127.0.0.1", resolve));
  const { port } = muxApi.address() as AddressInfo;
  t = await startTestApp({
    config: {
      media: loadMediaSettings({
        MUX_TOKEN_ID: TOKEN_ID,
        MUX_TOKEN_SECRET: TOKEN_SECRET,
        MUX_WEBHOOK_SECRET: WEBHOOK_SECRET,
        MUX_API_URL: `http://127.0.0.1:${port}`,
      }),
    },
  });
  editor = (await t.signIn("editor@demo.fitkit.dev")).token;
  support = (await t.signIn("support@demo.fitkit.dev")).token;
  member = (await t.signIn("member@demo.fitkit.dev")).token;
  workoutId = (await t.db.selectFrom("workouts").select("id").orderBy("id").executeTakeFirstOrThrow()).id;
});
afterAll(async () => {
  await t.close();
  await new Promise((resolve) => muxApi.close(resolve));
});

/** Mux's signature: `t={unix seconds},v1={HMAC-SHA256 of "{t}.{body}" with the endpoint's secret}`. */
const sign = (body: string, secret = WEBHOOK_SECRET, at = Math.floor(Date.now() / 1000)) =>
  `t=${at},v1=${createHmac("sha256", secret).update(`${at}.${body}`).digest("hex")}`;

const assetReady = (eventId: string, playbackId: string, duration = 1234.5) =>
  JSON.stringify({
    type: "video.asset.ready",
    id: eventId,
    object: { type: "asset", id: "asset1" },
    data: {
      id: "asset1",
      status: "ready",
      duration,
      passthrough: workoutId,
      playback_ids: [{ id: playbackId, policy: "signed" }],
    },
  });

const deliver = (body: string, signature?: string) =>
  t.app.inject({
    method: "POST",
    url: "/webhooks/mux",
    payload: body,
    headers: { "content-type": "application/json", ...(signature ? { "mux-signature": signature } : {}) },
  });

describe("Mux Direct Uploads", () => {
  it("asks Mux's API for an upload URL for the workout (signed playback, the workout as passthrough)", async () => {
    const res = await t.call("POST", `/admin/v1/workouts/${workoutId}/mux-upload`, { token: editor, body: {} });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ upload_id: "upl1", url: "https://storage.mux.test/upload/1" });
    expect(received[0]).toEqual({
      authorization: `Basic ${Buffer.from(`${TOKEN_ID}:${TOKEN_SECRET}`).toString("base64")}`,
      body: {
        cors_origin: "http://app.fitkit.test",
        new_asset_settings: { playback_policies: ["signed"], passthrough: workoutId },
      },
    });
  });

  it("lets the console's pages send the file to Mux's upload storage (their connect-src), and nowhere else", async () => {
    const policy = String((await t.app.inject({ method: "GET", url: "/admin" })).headers["content-security-policy"]);
    expect(policy).toContain("connect-src 'self' https://storage.googleapis.com;");
  });

  it("is for admins and editors only, and for workouts that exist", async () => {
    const url = `/admin/v1/workouts/${workoutId}/mux-upload`;
    expectError(await t.call("POST", url, { body: {} }), 401);
    expectError(await t.call("POST", url, { token: member, body: {} }), 403);
    expectError(await t.call("POST", url, { token: support, body: {} }), 403);
    expectError(
      await t.call("POST", "/admin/v1/workouts/no-such-workout/mux-upload", { token: editor, body: {} }),
      404,
    );
    expect(received).toHaveLength(1);
  });
});

describe("Mux's webhook", () => {
  it("refuses a delivery whose signature does not hold, changing nothing", async () => {
    const body = assetReady("evt-forged", "forgedPlayback");
    expect(expectError(await deliver(body), 400).text).toMatch(/mux-signature/);
    expectError(await deliver(body, sign(body, "another-secret")), 400);
    expectError(await deliver(body, sign(body.replace("forgedPlayback", "otherPlayback"))), 400);
    expectError(await deliver(body, sign(body, WEBHOOK_SECRET, Math.floor(Date.now() / 1000) - 3600)), 400);
    expect(await t.db.selectFrom("workout_videos").selectAll().execute()).toEqual([]);
  });

  it("maps the workout to the asset's playback id and duration, once per event id", async () => {
    const state = async () =>
      (await t.call("GET", `/admin/v1/workouts/${workoutId}/video`, { token: support })).json<{
        mux: { uploads: boolean; playback_id: string | null; ready_at: string | null };
      }>().mux;
    // What the console's upload waits on: nothing mapped yet, then the webhook's playback id and when it came.
    expect(await state()).toEqual({ uploads: true, playback_id: null, ready_at: null });
    const body = assetReady("evt-1", "PlaybackAbc123");
    const first = await deliver(body, sign(body));
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toEqual({ received: true, duplicate: false });
    const row = await t.db
      .selectFrom("workout_videos")
      .select("mux_playback_id")
      .where("workout_id", "=", workoutId)
      .executeTakeFirst();
    expect(row).toEqual({ mux_playback_id: "PlaybackAbc123" });
    expect(await state()).toMatchObject({ uploads: true, playback_id: "PlaybackAbc123" });
    expect(Date.parse((await state()).ready_at!)).not.toBeNaN();
    const workout = await t.db
      .selectFrom("workouts")
      .select(["duration", "video_duration"])
      .where("id", "=", workoutId)
      .executeTakeFirstOrThrow();
    expect(workout).toEqual({ duration: 21, video_duration: 1235 });

    // Mux delivers again (no acknowledgement seen): nothing changes, even if the workout moved on meanwhile.
    await t.db.updateTable("workout_videos").set({ mux_playback_id: "ChosenLater" }).execute();
    const again = await deliver(body, sign(body));
    expect(again.json()).toEqual({ received: true, duplicate: true });
    expect(await t.db.selectFrom("workout_videos").select("mux_playback_id").execute()).toEqual([
      { mux_playback_id: "ChosenLater" },
    ]);
    const audit = await t.db
      .selectFrom("audit_log")
      .select(["action", "actor_email"])
      .where("record_id", "=", workoutId)
      .where("action", "=", "video.mux_ready")
      .execute();
    expect(audit).toEqual([{ action: "video.mux_ready", actor_email: "system" }]);
  });
});
