import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TestClock } from "../../host/server/clock.js";
import { startTestApp, type TestApp } from "./harness.js";

/**
 * Each login records the device it was made on, named from its User-Agent, and a refresh records it again: support
 * reads "Safari on iPhone" and "Chrome on macOS" on the member's page instead of two anonymous rows.
 */
const IPHONE =
  "Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1";
const MAC =
  "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";
const MAC_FIREFOX = "Mozilla/5.0 (Macintosh; Intel Mac OS X 14.7; rv:133.0) Gecko/20100101 Firefox/133.0";
const T0 = new Date("2027-03-01T15:00:00.000Z");

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ clock: new TestClock(T0) });
}, 60_000);
afterAll(() => t.close());

interface Sessions {
  sessions: { device: string | null; signed_in_at: string; live: boolean }[];
}
const devices = async (userId: string) => {
  const support = (await t.signIn("support@demo.fitkit.dev")).token;
  const res = await t.call("GET", `/admin/v1/members/${userId}`, { token: support });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<Sessions>().sessions;
};

describe("devices of a member's logins", () => {
  it("sign-up and sign-in record the device; a refresh records the device it comes from", async () => {
    const email = `devices-${Date.now()}@example.com`;
    const password = "a-good-password";
    const signUp = await t.call("POST", "/api/auth/sign-up/email", {
      body: { email, password, given_name: "Dev", family_name: "Ices", waiver_accepted: true },
      headers: { "user-agent": IPHONE },
    });
    expect(signUp.statusCode, signUp.body).toBe(200);
    const userId = signUp.json<{ user: { id: string } }>().user.id;
    expect((await devices(userId)).map((s) => s.device)).toEqual(["Safari on iPhone"]);

    t.clock.advance(60_000);
    const signIn = await t.call("POST", "/api/auth/sign-in/email", {
      body: { email, password },
      headers: { "user-agent": MAC },
    });
    expect(signIn.statusCode, signIn.body).toBe(200);
    // Newest login first.
    expect((await devices(userId)).map((s) => [s.device, s.live])).toEqual([
      ["Chrome on macOS", true],
      ["Safari on iPhone", true],
    ]);

    // The Mac's login refreshed from Firefox (the token moved with a synced profile): that login now says Firefox.
    t.clock.advance(60_000);
    const refreshed = await t.call("POST", "/api/auth/refresh-token", {
      body: { refreshToken: signIn.json<{ refreshToken: string }>().refreshToken },
      headers: { "user-agent": MAC_FIREFOX },
    });
    expect(refreshed.statusCode, refreshed.body).toBe(200);
    expect((await devices(userId)).map((s) => s.device)).toEqual(["Firefox on macOS", "Safari on iPhone"]);
  });

  it("a client sending no User-Agent is recorded without a device name", async () => {
    const email = `no-agent-${Date.now()}@example.com`;
    const res = await t.call("POST", "/api/auth/sign-up/email", {
      body: { email, password: "a-good-password", given_name: "No", family_name: "Agent", waiver_accepted: true },
      headers: { "user-agent": "" },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect((await devices(res.json<{ user: { id: string } }>().user.id)).map((s) => s.device)).toEqual([null]);
  });
});
