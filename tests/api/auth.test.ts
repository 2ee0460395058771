import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SignJWT, generateKeyPair } from "jose";
import { expectError, startTestApp, testRedisUrl, type TestApp } from "./harness.js";
import { hashToken } from "../../host/server/auth/refresh-token.js";
import { defaultRateLimits, loadConfig, type RateLimitConfig } from "../../host/server/config.js";
import { DEMO_PASSWORD } from "../../host/server/db/seed/members.js";

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

/** The tokens of every reset mail sent to an address, newest first. */
async function resetLinksFor(email: string): Promise<string[]> {
  const res = await t.call("GET", "/dev/mail.json");
  const mails = res
    .json<{ items: { to_address: string; text_body: string }[] }>()
    .items.filter((m) => m.to_address === email);
  return mails
    .map((m) => m.text_body.match(/reset-password\?token=([\w-]+)/)?.[1])
    .filter((token): token is string => !!token);
}

async function resetLinkFor(email: string): Promise<string> {
  const [token] = await resetLinksFor(email);
  if (!token) throw new Error(`no reset mail for ${email}`);
  return token;
}

describe("sign-up", () => {
  it("creates an account and answers the sign-in shape", async () => {
    const res = await t.call("POST", "/api/auth/sign-up/email", {
      body: {
        email: "  New.Person@Example.COM ",
        password: "abcdef",
        given_name: "New",
        family_name: "Person",
        opt_in: true,
        waiver_accepted: true,
      },
    });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ success: true, user: { email: "new.person@example.com" } });
    expect(body.token.split(".")).toHaveLength(3);
    expect(body.refreshToken.length).toBeGreaterThan(20);
    expect(new Date(body.user.createdAt).toString()).not.toBe("Invalid Date");
    const claims = await t.call("GET", "/user/v1/attribute/claims", { token: body.token });
    expect(claims.json()).toMatchObject({
      given_name: "New",
      family_name: "Person",
      email: "new.person@example.com",
      entitlements: "[]",
      is_trial: false,
    });
  });

  it("refuses a second account for the same email, whatever its case", async () => {
    const res = await t.call("POST", "/api/auth/sign-up/email", {
      body: {
        email: "MEMBER@demo.fitkit.dev",
        password: "abcdef",
        given_name: "A",
        family_name: "B",
        waiver_accepted: true,
      },
    });
    expectError(res, 400);
  });

  it.each([
    [{ password: "abcdef", given_name: "A", family_name: "B", waiver_accepted: true }, "email should not be empty"],
    [
      { email: "x@example.com", password: "abc", given_name: "A", family_name: "B", waiver_accepted: true },
      "password must be longer than or equal to 6 characters",
    ],
    [
      { email: "not-an-email", password: "abcdef", given_name: "A", family_name: "B", waiver_accepted: true },
      "email must be an email",
    ],
    [
      { email: "x@example.com", password: 123456, given_name: "A", family_name: "B", waiver_accepted: true },
      "password must be a string",
    ],
    [
      { email: "x@example.com", password: "abcdef", given_name: "A", family_name: "B", waiver_accepted: false },
      "waiver_accepted must be equal to true",
    ],
    [
      {
        email: "x@example.com",
        password: "abcdef",
        given_name: "A",
        family_name: "B",
        waiver_accepted: true,
        admin: true,
      },
      "property admin should not exist",
    ],
    [
      { email: "x@example.com", password: "abcdef", given_name: "", family_name: "B", waiver_accepted: true },
      "given_name should not be empty",
    ],
  ])("rejects %j with a message naming the field", async (body, message) => {
    const res = await t.call("POST", "/api/auth/sign-up/email", { body });
    const err = expectError(res, 400);
    expect([err.message].flat()).toContain(message);
    const count = await t.db
      .selectFrom("users")
      .select(t.db.fn.countAll().as("n"))
      .where("email", "=", "x@example.com")
      .executeTakeFirstOrThrow();
    expect(Number(count.n)).toBe(0);
  });

  it("rejects names of only blanks without writing a user", async () => {
    const res = await t.call("POST", "/api/auth/sign-up/email", {
      body: {
        email: "blank@example.com",
        password: "abcdef",
        given_name: "  ",
        family_name: "B",
        waiver_accepted: true,
      },
    });
    expectError(res, 400);
    expect(
      await t.db.selectFrom("users").select("id").where("email", "=", "blank@example.com").executeTakeFirst(),
    ).toBeUndefined();
  });

  it("answers 400, not 500, for text the database cannot store, and writes nothing", async () => {
    const res = await t.call("POST", "/api/auth/sign-up/email", {
      body: {
        email: "nul@example.com",
        password: "abcdef",
        given_name: "A\u0000B",
        family_name: "B",
        waiver_accepted: true,
      },
    });
    expectError(res, 400);
    expect(
      await t.db.selectFrom("users").select("id").where("email", "=", "nul@example.com").executeTakeFirst(),
    ).toBeUndefined();
  });

  it("lists every problem at once", async () => {
    const res = await t.call("POST", "/api/auth/sign-up/email", { body: { email: 5, extra: 1 } });
    const err = expectError(res, 400);
    expect(Array.isArray(err.message)).toBe(true);
    expect((err.message as string[]).length).toBeGreaterThanOrEqual(4);
  });
});

describe("sign-in", () => {
  it("signs a demo member in with the contract's shape", async () => {
    const res = await t.call("POST", "/api/auth/sign-in/email", {
      body: { email: " Member@Demo.Fitkit.dev ", password: "fitkit-demo" },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ success: true, user: { email: "member@demo.fitkit.dev" } });
    expect(Object.keys(res.json()).sort()).toEqual(["refreshToken", "success", "token", "user"]);
  });

  it("answers one generic 401 for a wrong password and for an unknown email", async () => {
    const wrong = expectError(
      await t.call("POST", "/api/auth/sign-in/email", {
        body: { email: "member@demo.fitkit.dev", password: "nope-nope" },
      }),
      401,
    );
    const unknown = expectError(
      await t.call("POST", "/api/auth/sign-in/email", { body: { email: "nobody@example.com", password: "nope-nope" } }),
      401,
    );
    expect(wrong.message).toBe(unknown.message);
  });

  it.each([
    ["missing password", { email: "member@demo.fitkit.dev" }],
    ["bad email", { email: "member", password: "x" }],
    ["wrong types", { email: ["a"], password: { a: 1 } }],
    ["extra property", { email: "member@demo.fitkit.dev", password: "fitkit-demo", test: 1 }],
  ])("answers 400 for %s", async (_what, body) => {
    expectError(await t.call("POST", "/api/auth/sign-in/email", { body }), 400);
  });

  it("answers 400 for malformed JSON, 415 for another media type, 413 for a huge body", async () => {
    expectError(
      await t.call("POST", "/api/auth/sign-in/email", {
        body: '{"email": ',
        headers: { "content-type": "application/json" },
      }),
      400,
    );
    expectError(
      await t.app.inject({
        method: "POST",
        url: "/api/auth/sign-in/email",
        payload: "<email/>",
        headers: { "content-type": "application/xml" },
      }),
      415,
    );
    expectError(
      await t.app.inject({
        method: "POST",
        url: "/api/auth/sign-in/email",
        payload: "email=a",
        headers: { "content-type": "text/plain" },
      }),
      400,
    );
    const huge = JSON.stringify({ email: "a@example.com", password: "x".repeat(2_000_000) });
    expectError(await t.call("POST", "/api/auth/sign-in/email", { body: huge }), 413);
  });

  it("refuses deactivated accounts", async () => {
    const m = await t.signUp();
    expect((await t.call("POST", "/user/v2/sso/deactivate", { token: m.token })).json()).toEqual({ success: true });
    expectError(
      await t.call("POST", "/api/auth/sign-in/email", { body: { email: m.email, password: m.password } }),
      401,
    );
    expectError(await t.call("GET", "/user/v1/attribute/claims", { token: m.token }), 401);
    expectError(await t.call("POST", "/api/auth/refresh-token", { body: { refreshToken: m.refreshToken } }), 401);
    expect((await t.call("POST", "/api/auth/check-email", { body: { email: m.email } })).json()).toEqual({
      exists: false,
    });
  });
});

describe.each([
  ["memory", undefined],
  ["Redis", testRedisUrl],
])("rate limits counted in %s", (_store, redisUrl) => {
  // app.inject connects from 127.0.0.1, trusted here as the proxy, so each test can speak from several addresses.
  const behindProxy = (rateLimits: Partial<RateLimitConfig>) =>
    startTestApp({
      config: { redisUrl, trustProxy: ["127.0.0.1"], rateLimits: { ...defaultRateLimits, ...rateLimits } },
    });
  const signInFrom = (app: TestApp, address: string, password: string) =>
    app.call("POST", "/api/auth/sign-in/email", {
      body: { email: "vip@demo.fitkit.dev", password },
      headers: { "x-forwarded-for": address },
    });
  const retryAfter = (res: { statusCode: number; headers: Record<string, unknown>; body: string; json(): unknown }) => {
    expectError(res, 429);
    return Number(res.headers["retry-after"]);
  };

  it("answers 429 with Retry-After once a window's requests are used, and lets them through when it passes", async () => {
    const limited = await startTestApp({
      config: {
        redisUrl,
        rateLimits: {
          ...defaultRateLimits,
          checkEmailPerAddress: 2,
          forgotPerAccount: 2,
          resetPerAddress: 2,
          windowMs: 60_000,
        },
      },
    });
    try {
      const check = () => limited.call("POST", "/api/auth/check-email", { body: { email: "vip@demo.fitkit.dev" } });
      expect((await check()).statusCode).toBe(200);
      limited.clock.advance(20_000);
      expect((await check()).statusCode).toBe(200);
      expect(retryAfter(await check())).toBe(40);
      limited.clock.advance(40_000);
      expect((await check()).statusCode).toBe(200);

      const forgot = () =>
        limited.call("POST", "/api/auth/forgot-password", { body: { email: "vip@demo.fitkit.dev" } });
      expect((await forgot()).statusCode).toBe(200);
      expect((await forgot()).statusCode).toBe(200);
      expect(retryAfter(await forgot())).toBe(60);

      // Guessing reset tokens is throttled per address like sign-in, whether the guess is right or not.
      const reset = () =>
        limited.call("POST", "/api/auth/reset-password", { body: { token: "guessed-token", password: "after-reset" } });
      expectError(await reset(), 400);
      expectError(await reset(), 400);
      expect(retryAfter(await reset())).toBe(60);
      limited.clock.advance(61_000);
      expectError(await reset(), 400);
    } finally {
      await limited.close();
    }
  });

  it("slows wrong passwords from one address with a growing Retry-After, while the owner elsewhere signs in at once", async () => {
    const limited = await behindProxy({
      signInAccountPerAddress: { free: 3, baseMs: 1000, maxMs: 8000, forgetMs: 3_600_000 },
    });
    try {
      for (let i = 0; i < 3; i++) expect((await signInFrom(limited, "203.0.113.66", "wrong-one")).statusCode).toBe(401);
      const waits: number[] = [];
      for (let i = 0; i < 5; i++) {
        const wait = retryAfter(await signInFrom(limited, "203.0.113.66", "wrong-one"));
        waits.push(wait);
        limited.clock.advance(wait * 1000);
        expect((await signInFrom(limited, "203.0.113.66", "wrong-one")).statusCode).toBe(401);
      }
      expect(waits).toEqual([1, 2, 4, 8, 8]);
      // Even the right password waits its turn from the attacking address…
      expect(retryAfter(await signInFrom(limited, "203.0.113.66", DEMO_PASSWORD))).toBe(8);
      // …but the owner, from their own address, is not locked out.
      expect((await signInFrom(limited, "198.51.100.7", DEMO_PASSWORD)).statusCode).toBe(200);
    } finally {
      await limited.close();
    }
  });

  it("throttles an account guessed at from many addresses only for seconds, and a sign-in clears it", async () => {
    const limited = await behindProxy({ signInAccount: { free: 4, baseMs: 1000, maxMs: 4000, forgetMs: 3_600_000 } });
    try {
      for (let i = 1; i <= 4; i++)
        expect((await signInFrom(limited, `203.0.113.${i}`, "wrong-one")).statusCode).toBe(401);
      expect(retryAfter(await signInFrom(limited, "203.0.113.5", "wrong-one"))).toBe(1);
      for (const wait of [1, 2, 4]) {
        limited.clock.advance(wait * 1000);
        expect((await signInFrom(limited, "203.0.113.6", "wrong-one")).statusCode).toBe(401);
      }
      // The delay stops growing at 4 s: the owner waits that long at most.
      expect(retryAfter(await signInFrom(limited, "198.51.100.7", DEMO_PASSWORD))).toBe(4);
      limited.clock.advance(4000);
      expect((await signInFrom(limited, "198.51.100.7", DEMO_PASSWORD)).statusCode).toBe(200);
      expect((await signInFrom(limited, "203.0.113.7", "wrong-one")).statusCode).toBe(401);
    } finally {
      await limited.close();
    }
  });

  it("throttles a signed-in member's password checks (changing it, deleting the account) as sign-in, on its counters", async () => {
    const limited = await behindProxy({
      signInAccountPerAddress: { free: 3, baseMs: 1000, maxMs: 8000, forgetMs: 3_600_000 },
    });
    try {
      const m = await limited.signUp();
      const headers = { "x-forwarded-for": "203.0.113.66" };
      const change = (currentPassword: string, token = m.token) =>
        limited.call("POST", "/api/auth/change-password", {
          token,
          headers,
          body: { currentPassword, newPassword: "brand-new-pass" },
        });
      const deleteAccount = (password: string) =>
        limited.call("POST", "/user/v1/deletion", { token: m.token, headers, body: { password } });
      const signIn = (password: string) =>
        limited.call("POST", "/api/auth/sign-in/email", { headers, body: { email: m.email, password } });

      // A stolen access token buys no more guesses than the sign-in form: all three routes share the count.
      expectError(await change("wrong-one"), 400);
      expectError(await deleteAccount("wrong-two"), 400);
      expectError(await signIn("wrong-three"), 401);
      expect(retryAfter(await change("wrong-four"))).toBe(1);
      expect(retryAfter(await deleteAccount(m.password))).toBe(1);
      limited.clock.advance(1000);
      expectError(await change("wrong-five"), 400);
      expect(retryAfter(await change(m.password))).toBe(2);
      limited.clock.advance(2000);
      // The right password, once its turn comes, changes it and forgets the count.
      const changed = await change(m.password);
      expect(changed.statusCode, changed.body).toBe(200);
      const fresh = changed.json<{ token: string }>().token;
      for (let i = 0; i < 3; i++) expectError(await change("wrong-again", fresh), 400);
      expectError(await change("wrong-again", fresh), 429);
    } finally {
      await limited.close();
    }
  });

  it("counts parallel guesses before their answers, so a burst gets no more than the free attempts", async () => {
    const limited = await behindProxy({
      signInAccountPerAddress: { free: 3, baseMs: 1000, maxMs: 8000, forgetMs: 3_600_000 },
    });
    try {
      const answers = await Promise.all(
        Array.from({ length: 10 }, () => signInFrom(limited, "203.0.113.66", "wrong-one")),
      );
      expect(answers.map((a) => a.statusCode).sort()).toEqual([401, 401, 401, 429, 429, 429, 429, 429, 429, 429]);
    } finally {
      await limited.close();
    }
  });
});

describe("client address behind proxies", () => {
  const limits = { ...defaultRateLimits, checkEmailPerAddress: 2 };
  const checkFrom = (app: TestApp, forwardedFor: string) =>
    app.call("POST", "/api/auth/check-email", {
      body: { email: "vip@demo.fitkit.dev" },
      headers: { "x-forwarded-for": forwardedFor },
    });

  it("ignores X-Forwarded-For by default, so a new forged address per request still hits 429", async () => {
    const app = await startTestApp({ config: { rateLimits: limits } });
    try {
      expect((await checkFrom(app, "203.0.113.1")).statusCode).toBe(200);
      expect((await checkFrom(app, "203.0.113.2")).statusCode).toBe(200);
      expectError(await checkFrom(app, "203.0.113.3"), 429);
    } finally {
      await app.close();
    }
  });

  it("uses the forwarded address when FITKIT_TRUST_PROXY names the proxy", async () => {
    // app.inject connects from 127.0.0.1: that is the proxy here.
    const app = await startTestApp({
      config: { rateLimits: limits, trustProxy: loadConfig({ FITKIT_TRUST_PROXY: "127.0.0.1" }).trustProxy },
    });
    try {
      expect((await checkFrom(app, "203.0.113.1")).statusCode).toBe(200);
      expect((await checkFrom(app, "203.0.113.2")).statusCode).toBe(200);
      expect((await checkFrom(app, "203.0.113.2")).statusCode).toBe(200);
      expectError(await checkFrom(app, "203.0.113.2"), 429);
      expect((await checkFrom(app, "203.0.113.1")).statusCode).toBe(200);
    } finally {
      await app.close();
    }
  });

  it("with a hop count, trusts only the address the nearest proxy appended, not what the client forged before it", async () => {
    const app = await startTestApp({
      config: { rateLimits: limits, trustProxy: loadConfig({ FITKIT_TRUST_PROXY: "1" }).trustProxy },
    });
    try {
      expect((await checkFrom(app, "10.9.9.1, 203.0.113.7")).statusCode).toBe(200);
      expect((await checkFrom(app, "10.9.9.2, 203.0.113.7")).statusCode).toBe(200);
      expectError(await checkFrom(app, "10.9.9.3, 203.0.113.7"), 429);
      expect((await checkFrom(app, "10.9.9.3, 203.0.113.8")).statusCode).toBe(200);
    } finally {
      await app.close();
    }
  });
});

describe("refresh tokens", () => {
  it("rotates on every use and the new access token works", async () => {
    const m = await t.signUp();
    const res = await t.call("POST", "/api/auth/refresh-token", { body: { refreshToken: m.refreshToken } });
    expect(res.statusCode).toBe(200);
    const next = res.json();
    expect(Object.keys(next).sort()).toEqual(["refreshToken", "token"]);
    expect(next.refreshToken).not.toBe(m.refreshToken);
    expect((await t.call("GET", "/user/v1/attribute/claims", { token: next.token })).statusCode).toBe(200);
    const stored = await t.db
      .selectFrom("refresh_tokens")
      .select("token_hash")
      .where("user_id", "=", m.user.id)
      .execute();
    expect(stored.map((r) => r.token_hash)).toContain(hashToken(next.refreshToken));
    expect(stored.map((r) => r.token_hash)).not.toContain(next.refreshToken);
  });

  it("answers two tabs refreshing at once with the same successor", async () => {
    const m = await t.signUp();
    const [a, b] = await Promise.all([
      t.call("POST", "/api/auth/refresh-token", { body: { refreshToken: m.refreshToken } }),
      t.call("POST", "/api/auth/refresh-token", { body: { refreshToken: m.refreshToken } }),
    ]);
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    expect(a.json().refreshToken).toBe(b.json().refreshToken);
    expect(
      (await t.call("POST", "/api/auth/refresh-token", { body: { refreshToken: a.json().refreshToken } })).statusCode,
    ).toBe(200);
  });

  it("treats reuse after the grace window as theft and revokes the whole login", async () => {
    const m = await t.signUp();
    const next = (await t.call("POST", "/api/auth/refresh-token", { body: { refreshToken: m.refreshToken } })).json();
    t.clock.advance(60_000);
    expectError(await t.call("POST", "/api/auth/refresh-token", { body: { refreshToken: m.refreshToken } }), 401);
    // The successor the thief or the member holds is dead too.
    expectError(await t.call("POST", "/api/auth/refresh-token", { body: { refreshToken: next.refreshToken } }), 401);
    // Another login of the same member is untouched.
    const other = await t.signIn(m.email, m.password);
    expect(
      (await t.call("POST", "/api/auth/refresh-token", { body: { refreshToken: other.refreshToken } })).statusCode,
    ).toBe(200);
  });

  it("refuses unknown, malformed and signed-out tokens", async () => {
    expectError(await t.call("POST", "/api/auth/refresh-token", { body: { refreshToken: "made-up" } }), 401);
    expectError(await t.call("POST", "/api/auth/refresh-token", { body: { refreshToken: 42 } }), 400);
    expectError(await t.call("POST", "/api/auth/refresh-token", { body: {} }), 400);
    const m = await t.signUp();
    expect((await t.call("POST", "/api/auth/sign-out", { body: { refreshToken: m.refreshToken } })).json()).toEqual({
      success: true,
    });
    expectError(await t.call("POST", "/api/auth/refresh-token", { body: { refreshToken: m.refreshToken } }), 401);
  });
});

describe("access tokens", () => {
  it("refuses missing, malformed, forged and expired tokens", async () => {
    expectError(await t.call("GET", "/user/v1/attribute/claims"), 401);
    expectError(
      await t.call("GET", "/user/v1/attribute/claims", { headers: { authorization: "Bearer nonsense" } }),
      401,
    );
    expectError(await t.call("GET", "/user/v1/attribute/claims", { headers: { authorization: "Basic abc" } }), 401);
    const m = await t.signUp();
    const { privateKey } = await generateKeyPair("EdDSA", { crv: "Ed25519" });
    const forged = await new SignJWT({ email: m.email, ver: 0 })
      .setProtectedHeader({ alg: "EdDSA" })
      .setSubject(m.user.id)
      .setIssuer("fitkit")
      .setIssuedAt()
      .setExpirationTime("15m")
      .sign(privateKey);
    expectError(await t.call("GET", "/user/v1/attribute/claims", { token: forged }), 401);
    const [h, p] = m.token.split(".");
    expectError(await t.call("GET", "/user/v1/attribute/claims", { token: `${h}.${p}.${"A".repeat(86)}` }), 401);
    t.clock.advance(16 * 60_000);
    expectError(await t.call("GET", "/user/v1/attribute/claims", { token: m.token }), 401);
    t.clock.advance(-16 * 60_000);
  });

  it("answers each member only their own claims", async () => {
    const a = await t.signUp({ given_name: "Ann" });
    const b = await t.signUp({ given_name: "Ben" });
    expect((await t.call("GET", "/user/v1/attribute/claims", { token: a.token })).json().given_name).toBe("Ann");
    expect((await t.call("GET", "/user/v1/attribute/claims", { token: b.token })).json().given_name).toBe("Ben");
  });
});

describe("passwords", () => {
  it("changes the password and signs out other sessions at once", async () => {
    const m = await t.signUp();
    const other = await t.signIn(m.email, m.password);
    const res = await t.call("POST", "/api/auth/change-password", {
      token: m.token,
      body: { currentPassword: m.password, newPassword: "brand-new-pass" },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().success).toBe(true);
    expectError(await t.call("GET", "/user/v1/attribute/claims", { token: other.token }), 401);
    expectError(await t.call("POST", "/api/auth/refresh-token", { body: { refreshToken: other.refreshToken } }), 401);
    expect((await t.call("GET", "/user/v1/attribute/claims", { token: res.json().token })).statusCode).toBe(200);
    expectError(
      await t.call("POST", "/api/auth/sign-in/email", { body: { email: m.email, password: m.password } }),
      401,
    );
    await t.signIn(m.email, "brand-new-pass");
  });

  it("refuses a wrong current password, a short new one and an anonymous caller", async () => {
    const m = await t.signUp();
    expectError(
      await t.call("POST", "/api/auth/change-password", {
        token: m.token,
        body: { currentPassword: "wrong-pass", newPassword: "brand-new-pass" },
      }),
      400,
    );
    expectError(
      await t.call("POST", "/api/auth/change-password", {
        token: m.token,
        body: { currentPassword: m.password, newPassword: "short" },
      }),
      400,
    );
    expectError(
      await t.call("POST", "/api/auth/change-password", {
        body: { currentPassword: m.password, newPassword: "brand-new-pass" },
      }),
      401,
    );
    await t.signIn(m.email, m.password);
  });

  it("resets a password through a single-use emailed link", async () => {
    const m = await t.signUp();
    expect(
      (await t.call("POST", "/api/auth/forgot-password", { body: { email: m.email.toUpperCase() } })).json(),
    ).toEqual({ success: true });
    const token = await resetLinkFor(m.email);
    expect(
      (await t.call("POST", "/api/auth/reset-password", { body: { token, password: "after-reset" } })).json(),
    ).toEqual({ success: true });
    await t.signIn(m.email, "after-reset");
    expectError(await t.call("GET", "/user/v1/attribute/claims", { token: m.token }), 401);
    expectError(await t.call("POST", "/api/auth/reset-password", { body: { token, password: "again-again" } }), 400);
  });

  it("voids every other outstanding reset link once one is used, the newer or the older", async () => {
    for (const use of ["newest", "oldest"] as const) {
      const m = await t.signUp();
      for (let i = 0; i < 3; i++) await t.call("POST", "/api/auth/forgot-password", { body: { email: m.email } });
      const links = await resetLinksFor(m.email);
      expect(links).toHaveLength(3);
      const used = use === "newest" ? links[0] : links[2];
      expect(
        (await t.call("POST", "/api/auth/reset-password", { body: { token: used, password: "after-reset" } }))
          .statusCode,
      ).toBe(200);
      for (const other of links.filter((l) => l !== used)) {
        const res = expectError(
          await t.call("POST", "/api/auth/reset-password", { body: { token: other, password: "stolen-pass" } }),
          400,
        );
        expect(res.text).toBe("This password reset link is invalid or has expired.");
      }
      await t.signIn(m.email, "after-reset");
    }
  });

  it("voids outstanding reset links when the member changes the password", async () => {
    const m = await t.signUp();
    await t.call("POST", "/api/auth/forgot-password", { body: { email: m.email } });
    const token = await resetLinkFor(m.email);
    const changed = await t.call("POST", "/api/auth/change-password", {
      token: m.token,
      body: { currentPassword: m.password, newPassword: "brand-new-pass" },
    });
    expect(changed.statusCode).toBe(200);
    expectError(await t.call("POST", "/api/auth/reset-password", { body: { token, password: "stolen-pass" } }), 400);
    await t.signIn(m.email, "brand-new-pass");
    expectError(
      await t.call("POST", "/api/auth/sign-in/email", { body: { email: m.email, password: "stolen-pass" } }),
      401,
    );
  });

  it("emails a link on the configured public URL, whatever X-Forwarded-Host the request claims", async () => {
    const m = await t.signUp();
    await t.call("POST", "/api/auth/forgot-password", {
      body: { email: m.email },
      headers: { "x-forwarded-host": "evil.example" },
    });
    const mail = (await t.call("GET", "/dev/mail.json"))
      .json()
      .items.find((item: { to_address: string }) => item.to_address === m.email);
    expect(mail.text_body).toContain(`${t.config.publicUrl}/reset-password?token=`);
    expect(mail.text_body).not.toContain("evil.example");
  });

  it("answers success for an unknown email without sending anything", async () => {
    const before = (await t.call("GET", "/dev/mail.json")).json().items.length;
    expect(
      (await t.call("POST", "/api/auth/forgot-password", { body: { email: "ghost@example.com" } })).json(),
    ).toEqual({ success: true });
    expect((await t.call("GET", "/dev/mail.json")).json().items.length).toBe(before);
  });

  it("refuses an expired reset link", async () => {
    const m = await t.signUp();
    await t.call("POST", "/api/auth/forgot-password", { body: { email: m.email } });
    const token = await resetLinkFor(m.email);
    t.clock.advance(61 * 60_000);
    expectError(await t.call("POST", "/api/auth/reset-password", { body: { token, password: "after-reset" } }), 400);
    t.clock.advance(-61 * 60_000);
  });
});

describe("check-email", () => {
  it("tells whether an account exists", async () => {
    expect(
      (await t.call("POST", "/api/auth/check-email", { body: { email: "TRIAL@demo.fitkit.dev" } })).json(),
    ).toEqual({ exists: true });
    expect((await t.call("POST", "/api/auth/check-email", { body: { email: "nobody@example.com" } })).json()).toEqual({
      exists: false,
    });
    expectError(await t.call("POST", "/api/auth/check-email", { body: { email: "nope" } }), 400);
  });
});

describe("demo members", () => {
  it.each([
    ["member", { entitlements: '["digital"]', is_trial: false }, []],
    ["trial", { entitlements: '["digital"]', is_trial: true }, []],
    ["vip", { entitlements: '["digital"]', "custom:is_vip": "true" }, []],
    ["paused", { entitlements: "[]", is_paused: "true" }, []],
    ["lapsed", { entitlements: "[]", unentitled_status: "previously_entitled" }, ["is_paused"]],
    ["unentitled", { entitlements: "[]" }, ["unentitled_status", "custom:is_vip", "is_paused"]],
    ["studio", { entitlements: '["digital","studio_unlimited"]' }, []],
  ])("%s has claims that reflect their state", async (who, expected, absent) => {
    const s = await t.signIn(`${who}@demo.fitkit.dev`);
    const claims = (await t.call("GET", "/user/v1/attribute/claims", { token: s.token })).json();
    expect(claims).toMatchObject({ sub: s.user.id, email: `${who}@demo.fitkit.dev`, ...expected });
    for (const key of absent) expect(claims).not.toHaveProperty(key);
  });
});
