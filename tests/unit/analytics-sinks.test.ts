// @vitest-environment node
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { collectorSink, segmentSink, type AnalyticsEvent } from "../../src/analytics/index.js";
import { createApiClient } from "../../src/api/index.js";
import { json, startTestServer, type TestServer } from "./core-http-server.js";

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const events: AnalyticsEvent[] = [
  {
    type: "identify",
    anonymous_id: "a1",
    user_id: "u1",
    category: "Functional",
    properties: { email: "x@y.z", source_app: "Web app" },
    occurred_at: "2026-11-22T12:00:00.000Z",
  },
  {
    type: "track",
    name: "CTA Clicked",
    anonymous_id: "a1",
    user_id: "u1",
    category: "Functional",
    properties: { cta_name: "join", source_app: "Web app" },
    occurred_at: "2026-11-22T12:00:01.000Z",
  },
  {
    type: "page",
    name: "Home",
    anonymous_id: "a1",
    category: "Functional",
    properties: { path: "/home", source_app: "Web app" },
    occurred_at: "2026-11-22T12:00:02.000Z",
  },
];

describe("sinks", () => {
  it("posts Segment's batch format with the write key as basic auth", async () => {
    server.on("POST", "/v1/batch", (_, res) => json(res, 200, { success: true }));
    const sink = segmentSink({ writeKey: "wk", endpoint: `${server.url}/v1/batch` });
    expect(sink.category).toBe("Functional");
    await sink.send(events);
    const req = server.seen.at(-1)!;
    expect(req.headers.authorization).toBe(`Basic ${Buffer.from("wk:").toString("base64")}`);
    expect(req.body).toEqual({
      batch: [
        {
          type: "identify",
          anonymousId: "a1",
          userId: "u1",
          traits: { email: "x@y.z", source_app: "Web app" },
          timestamp: "2026-11-22T12:00:00.000Z",
        },
        {
          type: "track",
          event: "CTA Clicked",
          anonymousId: "a1",
          userId: "u1",
          properties: { cta_name: "join", source_app: "Web app" },
          timestamp: "2026-11-22T12:00:01.000Z",
        },
        {
          type: "page",
          name: "Home",
          anonymousId: "a1",
          properties: { path: "/home", source_app: "Web app" },
          timestamp: "2026-11-22T12:00:02.000Z",
        },
      ],
    });
  });

  it("posts to the first-party collector by default, under Essential consent", async () => {
    server.on("POST", "/v2/analytics/events", (req, res) =>
      json(res, 200, { accepted: (req.body as { events: unknown[] }).events.length }),
    );
    const sink = collectorSink(createApiClient({ baseURL: server.url }));
    expect(sink.category).toBe("Essential");
    await expect(sink.send(events)).resolves.toEqual({ accepted: 3 });
    expect(server.seen.at(-1)!.headers.authorization).toBeUndefined();
  });
});
