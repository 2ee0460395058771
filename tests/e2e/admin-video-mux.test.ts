import { createHmac } from "node:crypto";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { closeBrowser, keepTokens, signInTokens, withSession } from "./browser.js";
import { visible } from "./app-helpers.js";
import { checkWidths, sees } from "./app-part2-helpers.js";
import { startOwnServer } from "./own-server.js";

/**
 * The console's upload to Mux: on a server whose Mux API is configured (here a stand-in of Mux's API and of its
 * upload storage, on this machine), the workout's video page asks for a Direct Upload URL, PUTs the file there from
 * the browser with its progress, and waits until Mux's signed video.asset.ready webhook maps the workout.
 */
const WEBHOOK_SECRET = "whsec-e2e-0123456789";

let mux: Server;
let muxUrl: string;
let fitkit: Awaited<ReturnType<typeof startOwnServer>>;
/** What the stand-in's upload storage received, by upload id. */
const stored = new Map<string, number>();

beforeAll(async () => {
  let uploads = 0;
  mux = createServer((req, res) => {
    const cors = {
      "access-control-allow-origin": "*",
      "access-control-allow-methods": "PUT",
      "access-control-allow-headers": "content-type",
    };
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      if (req.method === "POST" && req.url === "/video/v1/uploads") {
        uploads++;
        const data = { id: `upl${uploads}`, url: `${muxUrl}/upload/upl${uploads}`, status: "waiting", timeout: 3600 };
        res.writeHead(201, { "content-type": "application/json" }).end(JSON.stringify({ data }));
      } else if (req.url?.startsWith("/upload/") && req.method === "OPTIONS") res.writeHead(204, cors).end();
      else if (req.url?.startsWith("/upload/") && req.method === "PUT") {
        stored.set(req.url.slice("/upload/".length), Buffer.concat(chunks).length);
        res.writeHead(200, cors).end();
      } else res.writeHead(404, { "content-type": "application/json" }).end('{"error":{"type":"not_found"}}');
    });
  });
  await new Promise<void>((resolve) => mux.listen(0, "127.0.0.1", resolve));
  muxUrl = `http://127.0.0.1:${(mux.address() as AddressInfo).port}`;
  fitkit = await startOwnServer({
    env: {
      MUX_TOKEN_ID: "e2e-token-id",
      MUX_TOKEN_SECRET: "e2e-token-secret",
      MUX_WEBHOOK_SECRET: WEBHOOK_SECRET,
      MUX_API_URL: muxUrl,
      MUX_UPLOAD_ORIGIN: muxUrl,
    },
  });
}, 120_000);
afterAll(async () => {
  await closeBrowser();
  await fitkit.close();
  await new Promise((resolve) => mux.close(resolve));
});

/** Mux's signed delivery of video.asset.ready for the workout. */
async function deliverReady(workoutId: string, playbackId: string) {
  const body = JSON.stringify({
    type: "video.asset.ready",
    id: `evt-${playbackId}`,
    object: { type: "asset", id: "asset-e2e" },
    data: {
      id: "asset-e2e",
      status: "ready",
      duration: 600,
      passthrough: workoutId,
      playback_ids: [{ id: playbackId, policy: "signed" }],
    },
  });
  const at = Math.floor(Date.now() / 1000);
  const signature = `t=${at},v1=${createHmac("sha256", WEBHOOK_SECRET).update(`${at}.${body}`).digest("hex")}`;
  const res = await fetch(`${fitkit.url}/webhooks/mux`, {
    method: "POST",
    headers: { "content-type": "application/json", "mux-signature": signature },
    body,
  });
  expect(res.status, await res.clone().text()).toBe(200);
}

describe("video to Mux from the console", () => {
  it("an editor uploads a file to Mux's Direct Upload URL and sees it ready when Mux's webhook comes", () =>
    withSession(async (editor) => {
      const tokens = await signInTokens("editor@demo.fitkit.dev", "fitkit-demo", fitkit.url);
      await keepTokens(editor, tokens, ["Essential"], fitkit.url);
      const listed = (await (
        await fetch(`${fitkit.url}/admin/v1/workouts?limit=1`, { headers: { authorization: `Bearer ${tokens.token}` } })
      ).json()) as { items: { id: string }[] };
      const workoutId = listed.items[0]!.id;

      const page = await editor.open(`${fitkit.url}/admin/workouts/${workoutId}`);
      const section = page.getByRole("region", { name: "Video" });
      const file = { name: "class.mp4", mimeType: "video/mp4", buffer: Buffer.alloc(256 * 1024, 7) };
      await section.getByLabel("Video file (MP4, MOV, WebM or MKV)").setInputFiles(file);
      const send = section.getByRole("button", { name: "Upload video to Mux" });
      await send.focus();
      await send.press("Enter");
      await sees(page, "Mux has the file and is processing it.");
      await visible(section.getByText("Waiting for Mux to say the video is ready…"));
      expect([...stored.values()]).toEqual([file.buffer.length]); // the whole file, once

      await deliverReady(workoutId, "E2eMuxPlayback1");
      await sees(page, "Mux says the video is ready: members play it now (playback id E2eMuxPlayback1).");
      await visible(section.getByText(/^On Mux: playback id E2eMuxPlayback1, ready since /));
      await checkWidths(editor, page, "admin-workout-video-mux");
      editor.assertClean();
    }));
});
