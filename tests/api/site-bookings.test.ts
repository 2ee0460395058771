import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { expectError, startTestApp, type TestApp } from "./harness.js";

/**
 * Issue 32 item 1: a member who booked on a studio's own site sees the booking there after a reload. The hosted app
 * hands the site a bookings pass; the site reads the member's upcoming bookings with it, from its own origin only.
 */
const SITE = "http://studio-site.test:8080";
let dev: TestApp;
let production: TestApp;
let member: { token: string };
let classId: string;

beforeAll(async () => {
  dev = await startTestApp();
  production = await startTestApp({ config: { production: true, allowedOrigins: ["https://listed.example"] } });
  member = await dev.signIn("member@demo.fitkit.dev");
  const { items } = (await dev.call("GET", "/studios/class?location=chicago&public=true")).json<{
    items: { id: string; spots_left: number; start_date: string }[];
  }>();
  classId = items.find((c) => c.spots_left > 1 && Date.parse(c.start_date) > Date.now() + 86_400_000)!.id;
  const booked = await dev.call("POST", "/studios/reservation/", { token: member.token, body: { class_id: classId } });
  expect(booked.statusCode, booked.body).toBe(200);
}, 60_000);
afterAll(async () => {
  await dev.close();
  await production.close();
});

const passFor = async (t: TestApp, token: string, origin: string) =>
  t.call("POST", "/studios/site-pass", { token, body: { origin } });
const read = (t: TestApp, pass: string, origin?: string) =>
  t.call("GET", "/studios/site-bookings", {
    headers: { authorization: `Bearer ${pass}`, ...(origin ? { origin } : {}) },
  });

describe("a site's bookings pass", () => {
  it("reads the member's upcoming bookings from the site it was handed to, without call links", async () => {
    const res = await passFor(dev, member.token, SITE);
    expect(res.statusCode, res.body).toBe(200);
    const pass = res.json<{ token: string; expires_at: string }>();
    expect(Date.parse(pass.expires_at) - Date.now()).toBeGreaterThan(6 * 86_400_000);
    const answer = await read(dev, pass.token, SITE);
    expect(answer.statusCode, answer.body).toBe(200);
    const { items } = answer.json<{
      items: { status: string; class_data: { id: string; zoom_link?: string | null } }[];
    }>();
    const mine = items.find((r) => r.class_data.id === classId);
    expect(mine?.status).toBe("pending");
    expect(items.every((r) => !r.class_data.zoom_link)).toBe(true);
    // Any origin may ask (the pass decides): the answer carries CORS for the site, and the preflight passes.
    expect(answer.headers["access-control-allow-origin"]).toBe("*");
    const preflight = await dev.call("OPTIONS", "/studios/site-bookings", {
      headers: {
        origin: SITE,
        "access-control-request-method": "GET",
        "access-control-request-headers": "authorization",
      },
    });
    expect(preflight.statusCode).toBe(204);
    expect(String(preflight.headers["access-control-allow-headers"]).toLowerCase()).toContain("authorization");
  });

  it("is refused from another origin, without an origin, after a sign-out everywhere, and as an access token", async () => {
    const pass = (await passFor(dev, member.token, SITE)).json<{ token: string }>().token;
    expectError(await read(dev, pass, "http://elsewhere.test"), 401);
    expectError(await read(dev, pass), 401);
    expectError(await read(dev, member.token, SITE), 401);
    expectError(await dev.call("GET", "/studios/reservation", { token: pass }), 401);
    expectError(await dev.call("POST", "/studios/reservation/", { token: pass, body: { class_id: classId } }), 401);
    expectError(await read(dev, `${pass.slice(0, -4)}AAAA`, SITE), 401);
    // Sign out everywhere: every pass ends with the member's sessions.
    const other = await dev.signUp();
    const otherPass = (await passFor(dev, other.token, SITE)).json<{ token: string }>().token;
    expect((await read(dev, otherPass, SITE)).statusCode).toBe(200);
    await dev.db.updateTable("users").set({ token_version: 99 }).where("email", "=", other.email).execute();
    await new Promise((r) => setTimeout(r, 5_100)); // the token-version cache's few seconds
    expectError(await read(dev, otherPass, SITE), 401);
  }, 30_000);

  it("in production, goes only to sites in FITKIT_ALLOWED_ORIGINS; a visitor gets none", async () => {
    const token = (await production.signIn("member@demo.fitkit.dev")).token;
    const refused = expectError(await passFor(production, token, "https://unlisted.example"), 403);
    expect(refused.text).toBe("This site may not show members’ bookings: it is not in FITKIT_ALLOWED_ORIGINS.");
    expect((await passFor(production, token, "https://listed.example")).statusCode).toBe(200);
    expectError(await production.call("POST", "/studios/site-pass", { body: { origin: SITE } }), 401);
    expectError(await passFor(production, token, "not a url"), 400);
  });
});
