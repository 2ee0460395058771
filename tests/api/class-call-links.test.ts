import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { expectError, startTestApp, type TestApp } from "./harness.js";
import { API, firstTrainer, ok, oneOff, OWNER, T0 } from "./studio-admin-fixtures.js";
import { TestClock } from "../../host/server/clock.js";

/** Issue 33 defect 9: a video-call link is a web address; `format: "uri"` alone let `javascript:` through. */
let dev: TestApp;
let production: TestApp;
let trainer: { id: string };
const template = (trainerId: string, url: string) => ({
  weekdays: [3],
  start_time: "06:15",
  duration: 45,
  class_type: "Early Flow",
  trainer_id: trainerId,
  capacity: 8,
  room: "Studio C",
  video_call_url: url,
});

beforeAll(async () => {
  dev = await startTestApp({ clock: new TestClock(T0) });
  production = await startTestApp({ clock: new TestClock(T0), config: { production: true } });
  trainer = await firstTrainer(dev);
}, 60_000);
afterAll(async () => {
  await dev.close();
  await production.close();
});

describe("the video-call link staff give a class", () => {
  it("refuses javascript:, data: and other schemes where classes and weekly classes are created or edited", async () => {
    const owner = (await dev.signIn(OWNER)).token;
    for (const url of ["javascript:alert(document.domain)", "data:text/html;base64,PHNjcmlwdD4=", "ftp://x.test/a"]) {
      const one = expectError(
        await dev.call("POST", `${API}/locations/live/classes`, {
          token: owner,
          body: oneOff(trainer.id, { video_call_url: url }),
        }),
        400,
      );
      expect(one.text).toBe("video_call_url must be an https:// (or, outside production, http://) address");
      expectError(
        await dev.call("POST", `${API}/locations/live/templates`, { token: owner, body: template(trainer.id, url) }),
        400,
      );
    }
    const { items } = await ok<{ items: { id: string }[] }>(
      dev.call("GET", `${API}/locations/live/templates`, { token: owner }),
    );
    expectError(
      await dev.call("PATCH", `${API}/templates/${items[0]!.id}`, {
        token: owner,
        body: { video_call_url: "javascript:alert(1)" },
      }),
      400,
    );
  });

  it("takes https everywhere and http only outside production", async () => {
    const owner = (await dev.signIn(OWNER)).token;
    await ok(
      dev.call("POST", `${API}/locations/live/classes`, {
        token: owner,
        body: oneOff(trainer.id, { video_call_url: "https://rooms.example.test/pulse" }),
      }),
    );
    await ok(
      dev.call("POST", `${API}/locations/live/classes`, {
        token: owner,
        body: oneOff(trainer.id, { room: "Studio D", video_call_url: "http://localhost:9000/pulse" }),
      }),
    );
    const prodOwner = (await production.signIn(OWNER)).token;
    const refused = expectError(
      await production.call("POST", `${API}/locations/live/classes`, {
        token: prodOwner,
        body: oneOff(trainer.id, { video_call_url: "http://rooms.example.test/pulse" }),
      }),
      400,
    );
    expect(refused.text).toBe("video_call_url must be an https:// address");
  });
});
