import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApp, databaseKind, type TestApp } from "./harness.js";
import { migrate } from "../../host/server/db/migrate.js";
import { seed, seedSteps } from "../../host/server/db/seed/index.js";
import { DEMO_MEMBERS } from "../../host/server/db/seed/members.js";
import { DEMO_STAFF } from "../../host/server/db/seed/studio-staff.js";
import { DEMO_OPERATORS } from "../../host/server/db/seed/operators.js";

let t: TestApp;
beforeAll(async () => {
  // As a real server starts: the index builds at start, which the readiness test below watches.
  t = await startTestApp({ config: { allowedOrigins: ["https://studio.example"], searchIndexBuild: "at-start" } });
});
afterAll(() => t.close());

describe("platform", () => {
  it("reports database and readiness at /health, ready once the search index is built", async () => {
    // The index builds in the background at start: until then the server answers but reports 503 "unavailable".
    let res = await t.call("GET", "/health");
    for (let i = 0; i < 200 && res.statusCode === 503; i++) {
      expect(res.json()).toMatchObject({
        status: "unavailable",
        database: "up",
        ready: false,
        checks: { searchIndex: false },
      });
      await new Promise((r) => setTimeout(r, 50));
      res = await t.call("GET", "/health");
    }
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      status: "ok",
      database: "up",
      ready: true,
      databaseKind,
      checks: { searchIndex: true },
    });
  });

  it("answers unknown routes with the contract's 404 body", async () => {
    const res = await t.call("GET", "/v2/nothing-here");
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({
      statusCode: 404,
      message: "Cannot GET /v2/nothing-here",
      error: "Not Found",
      code: "not_found",
    });
  });

  it("tags every answer with a request id and security headers", async () => {
    const res = await t.call("GET", "/health", { headers: { "x-request-id": "abc-123" } });
    expect(res.headers["x-request-id"]).toBe("abc-123");
    expect(res.headers["x-content-type-options"]).toBe("nosniff");
    expect(res.headers["content-security-policy"]).toContain("default-src 'self'");
    expect((await t.call("GET", "/health")).headers["x-request-id"]).toMatch(/^[0-9a-f-]{36}$/);
  });

  it("sends a script only the headers that apply to a subresource", async () => {
    const script = await t.call("GET", "/widgets/esm/live-schedule.js?v=1");
    expect(script.headers["x-content-type-options"]).toBe("nosniff");
    expect(script.headers["cross-origin-resource-policy"]).toBe("cross-origin");
    expect(script.headers["content-security-policy"]).toBeUndefined();
    expect(script.headers["x-frame-options"]).toBeUndefined();
    // A page keeps every document header.
    expect((await t.call("GET", "/examples/studio-site.html")).headers["content-security-policy"]).toContain(
      "frame-ancestors 'self'",
    );
  });

  it("allows member calls only from allow-listed origins and public reads from any", async () => {
    const allowed = await t.call("OPTIONS", "/user/v1/attribute/claims", {
      headers: { origin: "https://studio.example", "access-control-request-method": "GET" },
    });
    expect(allowed.headers["access-control-allow-origin"]).toBe("https://studio.example");
    const denied = await t.call("OPTIONS", "/user/v1/attribute/claims", {
      headers: { origin: "https://evil.example", "access-control-request-method": "GET" },
    });
    expect(denied.headers["access-control-allow-origin"]).toBeUndefined();
    const pub = await t.call("GET", "/health", { headers: { origin: "https://anyone.example" } });
    expect(pub.headers["access-control-allow-origin"]).toBe("*");
  });

  it("serves the widget files to any origin, so module scripts and the README's integrity + crossorigin tag load anywhere", async () => {
    for (const file of ["/widgets/fitkit.iife.js", "/widgets/esm/live-schedule.js"]) {
      const res = await t.call("GET", file, { headers: { origin: "https://any-studio.example" } });
      expect(res.statusCode).toBe(200);
      expect(res.headers["access-control-allow-origin"]).toBe("*");
    }
  });

  it("publishes OpenAPI 3.1 for every route", async () => {
    const spec = (await t.call("GET", "/docs/openapi.json")).json();
    expect(spec.openapi).toBe("3.1.0");
    for (const path of [
      "/api/auth/sign-in/email",
      "/api/auth/refresh-token",
      "/user/v1/attribute/claims",
      "/user/v2/sso/deactivate",
    ]) {
      expect(spec.paths).toHaveProperty([path]);
    }
    const page = await t.call("GET", "/docs");
    expect(page.headers["content-type"]).toContain("text/html");
    expect(page.body).toContain("/api/auth/sign-up/email");
  });

  it("re-runs migrations and seed as no-ops on an existing database", async () => {
    expect(await migrate(t.db)).toEqual([]);
    expect(await seed(t.db, { clock: t.clock }, seedSteps({ demo: true }))).toEqual([]);
    const members = await t.db
      .selectFrom("users")
      .select("email")
      .where("email", "like", "%@demo.fitkit.dev")
      .execute();
    // Eight demo members, the two demo studio staff and the three demo company accounts, once each.
    expect(members).toHaveLength(DEMO_MEMBERS.length + DEMO_STAFF.length + DEMO_OPERATORS.length);
    expect(DEMO_MEMBERS.length + DEMO_STAFF.length + DEMO_OPERATORS.length).toBe(13);
  });
});

describe("configuration", () => {
  it("signs access tokens with FITKIT_JWT_PRIVATE_KEY when it is set", async () => {
    const { generateKeyPair, exportPKCS8, exportSPKI, importSPKI, jwtVerify } = await import("jose");
    const pair = await generateKeyPair("EdDSA", { crv: "Ed25519", extractable: true });
    const pem = (await exportPKCS8(pair.privateKey)).replace(/\n/g, "\\n");
    const keyed = await startTestApp({ config: { jwtPrivateKey: pem } });
    try {
      const session = await keyed.signIn();
      const publicKey = await importSPKI(await exportSPKI(pair.publicKey), "EdDSA");
      const { payload } = await jwtVerify(session.token, publicKey, { currentDate: keyed.clock.now() });
      expect(payload.sub).toBe(session.user.id);
    } finally {
      await keyed.close();
    }
  });
});

describe("popup pages", () => {
  it("keep window.opener for the studio-site booking popup, while other pages isolate their browsing context", async () => {
    for (const path of ["/live/book?class=abc", "/continue", "/continue?returnTo=%2Flive%2Fbook"]) {
      const res = await t.call("GET", path, { headers: { accept: "text/html" } });
      expect(res.headers["cross-origin-opener-policy"]).toBe("unsafe-none");
    }
    expect(
      (await t.call("GET", "/home", { headers: { accept: "text/html" } })).headers["cross-origin-opener-policy"],
    ).toBe("same-origin");
    expect(
      (await t.call("GET", "/live/booked-classes", { headers: { accept: "text/html" } })).headers[
        "cross-origin-opener-policy"
      ],
    ).toBe("same-origin");
  });
});
