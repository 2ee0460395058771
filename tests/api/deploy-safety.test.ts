import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { databaseKind, expectError, startTestApp, type TestApp } from "./harness.js";
import { adminStatement } from "./server-process.js";
import { systemClock } from "../../host/server/clock.js";
import { loadConfig } from "../../host/server/config.js";
import { seed, seedSteps } from "../../host/server/db/seed/index.js";
import { StartupError } from "../../host/server/errors.js";
import { openDatabase } from "../../host/server/server.js";

/** A first seed of a fresh database (catalogue, schedule), on a shared machine. */
const SEED_TIMEOUT_MS = 120_000;

const card = (client_secret: string, number = "4242 4242 4242 4242") => ({
  client_secret,
  number,
  exp_month: 12,
  exp_year: 2099,
  cvc: "123",
});

describe("the sandbox card form", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  it("saves one card per setup secret: a second use is refused and adds nothing", async () => {
    const { token, user } = await t.signUp();
    const { client_secret } = (await t.call("POST", "/commerce/v1/payment/setup", { token })).json();
    expect(
      (await t.call("POST", "/commerce/v1/sandbox/payment-methods", { body: card(client_secret) })).statusCode,
    ).toBe(200);

    const again = expectError(
      await t.call("POST", "/commerce/v1/sandbox/payment-methods", {
        body: card(client_secret, "5555 5555 5555 4444"),
      }),
      400,
    );
    expect(again.text).toBe("client_secret has already been used: start a new card setup");
    const saved = await t.db.selectFrom("payment_methods").select("last4").where("user_id", "=", user.id).execute();
    expect(saved).toEqual([{ last4: "4242" }]);
  });

  it("keeps the secret usable after a card the form rejects", async () => {
    const { token } = await t.signUp();
    const { client_secret } = (await t.call("POST", "/commerce/v1/payment/setup", { token })).json();
    expectError(
      await t.call("POST", "/commerce/v1/sandbox/payment-methods", {
        body: card(client_secret, "4242 4242 4242 4241"),
      }),
      400,
    );
    expect(
      (await t.call("POST", "/commerce/v1/sandbox/payment-methods", { body: card(client_secret) })).statusCode,
    ).toBe(200);
  });
});

describe("billing off (FITKIT_BILLING_PROVIDER=off)", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ config: { billing: { provider: "off" } } });
  });
  afterAll(() => t.close());

  it("answers every card and purchase route 503 'Billing is not available', and sells nothing", async () => {
    const { token, user } = await t.signUp();
    const routes: [string, string, unknown?][] = [
      ["POST", "/commerce/v1/payment/setup"],
      ["POST", "/commerce/v1/payment/setdefault", { payment_method_id: "pm_x" }],
      ["GET", "/commerce/v1/payment/default"],
      ["POST", "/v2/subscriptions/subs", { sku: "12month_trial7" }],
      ["PUT", "/v2/subscriptions/subs/plan", { subscription_id: "x", sku: "12month_trial7" }],
      ["POST", "/v2/subscriptions/subs/x/reactivate"],
      ["POST", "/v2/subscriptions/subs/x/recharge/unpause"],
    ];
    for (const [method, url, body] of routes) {
      const answer = expectError(await t.call(method, url, { token, body }), 503);
      expect(answer.text, `${method} ${url}`).toBe("Billing is not available");
    }
    expect(
      (await t.call("POST", "/commerce/v1/sandbox/payment-methods", { body: card("seti_x_secret_y") })).statusCode,
    ).toBe(404);
    expect(await t.db.selectFrom("subscriptions").select("id").where("user_id", "=", user.id).execute()).toEqual([]);
  });

  it("still shows the products and asks a visitor to sign in first", async () => {
    expect((await t.call("GET", "/subscriptions/v1/products")).statusCode).toBe(200);
    expectError(await t.call("POST", "/commerce/v1/payment/setup"), 401);
  });
});

describe("the outbox", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  const read = (url: string, remoteAddress: string, headers: Record<string, string> = {}) =>
    t.app.inject({ method: "GET", url, remoteAddress, headers });

  it("is read on the machine the server runs on", async () => {
    for (const address of ["127.0.0.1", "::1", "::ffff:127.0.0.1"]) {
      expect((await read("/dev/mail.json", address)).statusCode, address).toBe(200);
    }
    expect((await read("/dev/mail", "127.0.0.1")).headers["content-type"]).toContain("text/html");
  });

  it("is refused to anyone else on the network, whatever forwarding headers say", async () => {
    for (const url of ["/dev/mail", "/dev/mail.json"]) {
      const answer = expectError(
        await read(url, "192.168.1.20", { "x-forwarded-for": "127.0.0.1", "x-real-ip": "127.0.0.1" }),
        403,
      );
      expect(answer.text).toBe("The outbox can only be read on the machine the server runs on");
    }
  });

  // A reverse proxy on the same machine connects from loopback for every visitor: only its headers tell them apart.
  const visitorHeaders: Record<string, string>[] = [
    { "x-forwarded-for": "203.0.113.9" },
    { "x-forwarded-for": "127.0.0.1, 203.0.113.9" },
    { "x-forwarded-for": "203.0.113.9, 127.0.0.1" },
    { "x-real-ip": "203.0.113.9" },
    { forwarded: 'for="[2001:db8::7]:4711";proto=https' },
    { forwarded: "for=unknown" },
  ];

  it("is refused to a visitor behind a reverse proxy on this machine, whose address a forwarding header names", async () => {
    for (const headers of visitorHeaders) {
      expectError(await read("/dev/mail.json", "127.0.0.1", headers), 403);
    }
    expect((await read("/dev/mail.json", "127.0.0.1", { "x-forwarded-for": "127.0.0.1" })).statusCode).toBe(200);
  });

  it("is refused to such a visitor with FITKIT_TRUST_PROXY=loopback too, and read by whoever the proxy says is local", async () => {
    const proxied = await startTestApp({
      config: { trustProxy: loadConfig({ FITKIT_TRUST_PROXY: "loopback" }).trustProxy },
    });
    try {
      const readVia = (headers: Record<string, string>) =>
        proxied.app.inject({ method: "GET", url: "/dev/mail.json", remoteAddress: "127.0.0.1", headers });
      for (const headers of visitorHeaders) expectError(await readVia(headers), 403);
      expect((await readVia({ "x-forwarded-for": "::1" })).statusCode).toBe(200);
    } finally {
      await proxied.close();
    }
  });
});

describe("seeding without the demo (production)", () => {
  const dir = mkdtempSync(join(tmpdir(), "fitkit-seed-"));
  const name = `fitkit_seed_${randomBytes(4).toString("hex")}`;
  const adminUrl = process.env.TEST_DATABASE_URL;
  const admin = (statement: string) => adminStatement(adminUrl, statement);
  const env = () => {
    if (databaseKind === "pglite") return { DATA_DIR: dir, FITKIT_DEMO: "0" };
    const url = new URL(adminUrl!);
    url.pathname = `/${name}`;
    return { DATABASE_URL: url.toString(), FITKIT_DEMO: "0" };
  };
  beforeAll(async () => {
    if (databaseKind === "postgres") await admin(`create database ${name}`);
  });
  afterAll(async () => {
    rmSync(dir, { recursive: true, force: true });
    if (databaseKind === "postgres") await admin(`drop database if exists ${name} with (force)`);
  });

  it(
    "gives the catalogue, schedule and products, and no demo member, subscription, card, booking or promo code; a database with demo members is then refused",
    async () => {
      const config = loadConfig(env());
      const database = await openDatabase(config, systemClock);
      try {
        const count = async (
          table:
            | "users"
            | "subscriptions"
            | "payment_methods"
            | "reservations"
            | "coupons"
            | "studio_memberships"
            | "products"
            | "workouts"
            | "live_classes",
        ) =>
          Number(
            (
              await database.db
                .selectFrom(table)
                .select((eb) => eb.fn.countAll().as("n"))
                .executeTakeFirstOrThrow()
            ).n,
          );
        for (const table of [
          "users",
          "subscriptions",
          "payment_methods",
          "reservations",
          "coupons",
          "studio_memberships",
        ] as const) {
          expect(await count(table), table).toBe(0);
        }
        for (const table of ["products", "workouts", "live_classes"] as const)
          expect(await count(table), table).toBeGreaterThan(0);
        // What an earlier start with the demo leaves behind.
        await seed(database.db, { clock: systemClock }, seedSteps({ demo: true }));
      } finally {
        await database.close();
      }
      const refused = await openDatabase(config, systemClock).catch((error: unknown) => error);
      expect(refused).toBeInstanceOf(StartupError);
      expect((refused as Error).message).toMatch(/^the database holds the demo members .*FITKIT_DEMO=1/);
    },
    SEED_TIMEOUT_MS,
  );
});
