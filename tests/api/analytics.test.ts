import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApp, type TestApp } from "./harness.js";

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

const event = (over: Record<string, unknown> = {}) => ({
  type: "track",
  name: "CTA Clicked",
  anonymous_id: "anon-1",
  category: "Essential",
  properties: { cta_name: "join", source_app: "Web app" },
  occurred_at: new Date(t.clock.now().getTime() - 1000).toISOString(),
  ...over,
});
const post = (events: unknown, token?: string) =>
  t.call("POST", "/v2/analytics/events", { body: { events }, token, headers: { "x-device": "web" } });

function expectBadRequest(res: { statusCode: number; json(): unknown }, fragment: string) {
  expect(res.statusCode).toBe(400);
  const body = res.json() as { statusCode: number; message: string | string[]; error: string };
  expect(body).toMatchObject({ statusCode: 400, error: "Bad Request" });
  expect([body.message].flat().join(" ")).toContain(fragment);
}

describe("POST /v2/analytics/events", () => {
  it("stores a visitor's batch with each event's consent category and the device", async () => {
    const res = await post([
      event({ anonymous_id: "visitor-a" }),
      event({ anonymous_id: "visitor-a", type: "page", name: "Classes", category: "Functional" }),
    ]);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ accepted: 2 });
    const rows = await t.db
      .selectFrom("analytics_events")
      .selectAll()
      .where("anonymous_id", "=", "visitor-a")
      .orderBy("id")
      .execute();
    expect(rows.map((r) => [r.type, r.name, r.category, r.device, r.member_id])).toEqual([
      ["track", "CTA Clicked", "Essential", "web", null],
      ["page", "Classes", "Functional", "web", null],
    ]);
    expect(rows[0]!.properties).toEqual({ cta_name: "join", source_app: "Web app" });
  });

  it("attributes a batch to the member whose token comes with it", async () => {
    const session = await t.signIn();
    const res = await post(
      [event({ anonymous_id: "visitor-b", type: "identify", name: undefined, user_id: session.user.id })],
      session.token,
    );
    expect(res.statusCode).toBe(200);
    const row = await t.db
      .selectFrom("analytics_events")
      .select(["member_id", "user_id", "name"])
      .where("anonymous_id", "=", "visitor-b")
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ member_id: session.user.id, user_id: session.user.id, name: null });
  });

  it("refuses an invalid token instead of storing the batch anonymously", async () => {
    expect((await post([event()], "not-a-token")).statusCode).toBe(401);
  });

  it("rejects unknown categories, types and properties, naming the field", async () => {
    expectBadRequest(await post([event({ category: "Advertising" })]), "category");
    expectBadRequest(await post([event({ type: "alias" })]), "type");
    expectBadRequest(await post([event({ extra: 1 })]), "extra");
    expectBadRequest(await post([event({ occurred_at: "yesterday" })]), "occurred_at");
    expectBadRequest(await post([]), "events");
    expectBadRequest(await post("nope"), "events");
  });

  it("rejects the whole batch when one event is wrong, naming its index", async () => {
    const before = await t.db
      .selectFrom("analytics_events")
      .select((e) => e.fn.countAll<string>().as("n"))
      .executeTakeFirstOrThrow();
    expectBadRequest(await post([event(), event({ name: undefined })]), "events.1.name");
    expectBadRequest(
      await post([event({ occurred_at: new Date(t.clock.now().getTime() + 3 * 86_400_000).toISOString() })]),
      "events.0.occurred_at",
    );
    expectBadRequest(await post([event({ properties: { blob: "x".repeat(9000) } })]), "events.0.properties");
    const after = await t.db
      .selectFrom("analytics_events")
      .select((e) => e.fn.countAll<string>().as("n"))
      .executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
  });

  it("caps a batch at 100 events", async () => {
    expectBadRequest(await post(Array.from({ length: 101 }, () => event())), "events");
    expect((await post(Array.from({ length: 100 }, () => event({ anonymous_id: "bulk" })))).json()).toEqual({
      accepted: 100,
    });
  });
});
