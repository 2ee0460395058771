import { describe, expect, it } from "vitest";
import { loadConfig } from "../../host/server/config.js";
import { StartupError } from "../../host/server/errors.js";

/** What a production deployment sets at the least: a signing key and a payment provider. */
const production = { NODE_ENV: "production", FITKIT_JWT_PRIVATE_KEY: "pem", STRIPE_SECRET_KEY: "sk_live_x" };

describe("server configuration", () => {
  it("keeps the newcomer's default: demo data, sandbox billing, the outbox, this machine only", () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      production: false,
      demo: true,
      devMail: true,
      host: "127.0.0.1",
      port: 8080,
      billing: { provider: "sandbox" },
    });
  });

  it("names an external store only when FITKIT_STORE_URL is set, and refuses one that is not a web address", () => {
    expect(loadConfig({}).storeUrl).toBeUndefined();
    expect(loadConfig({ FITKIT_STORE_URL: "https://shop.example.com/join" }).storeUrl).toBe(
      "https://shop.example.com/join",
    );
    expect(() => loadConfig({ FITKIT_STORE_URL: "shop.example.com" })).toThrow(
      /FITKIT_STORE_URL must be an http\(s\) URL, got shop.example.com/,
    );
  });

  it("bounds live spot-count streams per process (1000 unless FITKIT_LIVE_STREAMS_MAX says), refusing nonsense", () => {
    expect(loadConfig({})).toMatchObject({
      liveStreamsMax: 1000,
      liveStreamsPerAddress: 20,
      liveStreamHeartbeatMs: 15_000,
    });
    expect(loadConfig({ FITKIT_LIVE_STREAMS_PER_ADDRESS: "5" }).liveStreamsPerAddress).toBe(5);
    expect(() => loadConfig({ FITKIT_LIVE_STREAMS_PER_ADDRESS: "0" })).toThrow(StartupError);
    expect(loadConfig({ FITKIT_LIVE_STREAMS_MAX: "250" }).liveStreamsMax).toBe(250);
    for (const bad of ["0", "-3", "lots", "1.5"])
      expect(() => loadConfig({ FITKIT_LIVE_STREAMS_MAX: bad })).toThrow(StartupError);
    expect(() => loadConfig({ FITKIT_LIVE_STREAM_HEARTBEAT_MS: "0" })).toThrow(/FITKIT_LIVE_STREAM_HEARTBEAT_MS/);
  });

  it("asks a bearer token for /metrics only when FITKIT_METRICS_TOKEN is set, and refuses a guessable one", () => {
    expect(loadConfig({}).metricsToken).toBeUndefined();
    expect(loadConfig({ FITKIT_METRICS_TOKEN: "scrape-0123456789abcdef" }).metricsToken).toBe(
      "scrape-0123456789abcdef",
    );
    for (const bad of ["short", "has a space 0123456789", "tab\t0123456789abcdef"])
      expect(() => loadConfig({ FITKIT_METRICS_TOKEN: bad })).toThrow(/FITKIT_METRICS_TOKEN must be at least 16/);
  });

  it("keeps 16 MB of schedule answers unless FITKIT_SCHEDULE_CACHE_MB says (0: none)", () => {
    expect(loadConfig({}).scheduleCacheBytes).toBe(16 * 1_048_576);
    expect(loadConfig({ FITKIT_SCHEDULE_CACHE_MB: "0" }).scheduleCacheBytes).toBe(0);
    expect(loadConfig({ FITKIT_SCHEDULE_CACHE_MB: "0.5" }).scheduleCacheBytes).toBe(524_288);
    for (const bad of ["-1", "lots"]) expect(() => loadConfig({ FITKIT_SCHEDULE_CACHE_MB: bad })).toThrow(StartupError);
  });

  it("serves the network only when HOST says so", () => {
    expect(loadConfig({ HOST: "0.0.0.0" }).host).toBe("0.0.0.0");
  });

  it("emails links to the origin the start-up line prints, unless FITKIT_PUBLIC_URL names another", () => {
    expect(loadConfig({}).publicUrl).toBe("http://127.0.0.1:8080");
    expect(loadConfig({ HOST: "127.0.0.1", PORT: "3000" }).publicUrl).toBe("http://127.0.0.1:3000");
    expect(loadConfig({ HOST: "0.0.0.0" }).publicUrl).toBe("http://localhost:8080");
    expect(loadConfig({ HOST: "::1" }).publicUrl).toBe("http://[::1]:8080");
    expect(loadConfig({ HOST: "192.168.1.20" }).publicUrl).toBe("http://192.168.1.20:8080");
    expect(loadConfig({ HOST: "127.0.0.1", FITKIT_PUBLIC_URL: "https://app.example.com/" }).publicUrl).toBe(
      "https://app.example.com",
    );
  });

  it.each([
    [
      "no signing key",
      { ...production, FITKIT_JWT_PRIVATE_KEY: "" },
      /FITKIT_JWT_PRIVATE_KEY must be set in production/,
    ],
    [
      "no payment provider",
      { ...production, STRIPE_SECRET_KEY: "" },
      /no payment provider in production: set STRIPE_SECRET_KEY, or FITKIT_BILLING_PROVIDER=off/,
    ],
    [
      "stripe named without its key",
      { ...production, STRIPE_SECRET_KEY: "", FITKIT_BILLING_PROVIDER: "stripe" },
      /FITKIT_BILLING_PROVIDER=stripe needs STRIPE_SECRET_KEY/,
    ],
    [
      "an unknown payment provider",
      { ...production, FITKIT_BILLING_PROVIDER: "paypal" },
      /FITKIT_BILLING_PROVIDER must be stripe, off or sandbox, got paypal/,
    ],
    [
      "a demo switch that is neither 1 nor 0",
      { ...production, FITKIT_DEMO: "yes" },
      /FITKIT_DEMO must be 1 or 0, got yes/,
    ],
    [
      "an outbox switch that is neither 1 nor 0",
      { ...production, FITKIT_DEV_MAIL: "true" },
      /FITKIT_DEV_MAIL must be 1 or 0, got true/,
    ],
    [
      "half a Mux key",
      { ...production, MUX_SIGNING_KEY_ID: "kid" },
      /MUX_SIGNING_KEY_ID and MUX_SIGNING_PRIVATE_KEY must be set together/,
    ],
    ["a port that is not one", { ...production, PORT: "http" }, /PORT must be a port number, got http/],
  ])("refuses production with %s, in one line", (_what, env, reason) => {
    let thrown: unknown;
    try {
      loadConfig(env);
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(StartupError);
    expect((thrown as Error).message).toMatch(reason);
    expect((thrown as Error).message).not.toContain("\n");
  });

  it("starts production with Stripe and nothing of the demo: no demo members, no outbox, no sandbox", () => {
    const config = loadConfig(production);
    expect(config).toMatchObject({ production: true, demo: false, devMail: false, billing: { provider: "stripe" } });
  });

  it("lets production run without billing, when that is said explicitly", () => {
    expect(loadConfig({ ...production, STRIPE_SECRET_KEY: "", FITKIT_BILLING_PROVIDER: "off" }).billing.provider).toBe(
      "off",
    );
  });

  it("takes the sandbox, the demo members and the outbox in production only when each is asked for", () => {
    const staging = loadConfig({
      ...production,
      STRIPE_SECRET_KEY: "",
      FITKIT_BILLING_PROVIDER: "sandbox",
      FITKIT_DEMO: "1",
      FITKIT_DEV_MAIL: "1",
    });
    expect(staging).toMatchObject({ demo: true, devMail: true, billing: { provider: "sandbox" } });
  });

  it("lets a developer switch the demo data and the outbox off", () => {
    expect(loadConfig({ FITKIT_DEMO: "0", FITKIT_DEV_MAIL: "0" })).toMatchObject({ demo: false, devMail: false });
  });
  describe("video storage (FITKIT_S3_*)", () => {
    const keys = { AWS_ACCESS_KEY_ID: "AKIAEXAMPLE", AWS_SECRET_ACCESS_KEY: "secret" };
    const minio = { FITKIT_S3_BUCKET: "fitkit-media", FITKIT_S3_ENDPOINT: "https://minio.example.com:9000", ...keys };

    it("keeps video in the data folder unless FITKIT_S3_BUCKET names a bucket", () => {
      expect(loadConfig({}).mediaStorage).toEqual({ kind: "data-folder" });
      expect(loadConfig(minio).mediaStorage).toEqual({
        kind: "s3",
        bucket: "fitkit-media",
        endpoint: "https://minio.example.com:9000",
        region: "us-east-1",
        forcePathStyle: true,
        credentials: { accessKeyId: "AKIAEXAMPLE", secretAccessKey: "secret" },
      });
    });

    it("uses Amazon S3 itself with the SDK's region and credential chain, virtual-hosted", () => {
      expect(loadConfig({ FITKIT_S3_BUCKET: "fitkit-media", AWS_REGION: "eu-west-1" }).mediaStorage).toEqual({
        kind: "s3",
        bucket: "fitkit-media",
        region: "eu-west-1",
        forcePathStyle: false,
      });
      expect(
        loadConfig({ ...minio, FITKIT_S3_REGION: "auto", FITKIT_S3_FORCE_PATH_STYLE: "0", AWS_SESSION_TOKEN: "t" })
          .mediaStorage,
      ).toMatchObject({ region: "auto", forcePathStyle: false, credentials: { sessionToken: "t" } });
      expect(
        loadConfig({ FITKIT_S3_BUCKET: "b-1", AWS_ENDPOINT_URL: "http://127.0.0.1:9000", ...keys }).mediaStorage,
      ).toMatchObject({ endpoint: "http://127.0.0.1:9000", forcePathStyle: true });
    });

    it("refuses incomplete or unsafe settings at start, naming the fix", () => {
      const refusals: [Record<string, string>, RegExp][] = [
        [{ FITKIT_S3_ENDPOINT: "https://s3.example.com" }, /FITKIT_S3_ENDPOINT is set but FITKIT_S3_BUCKET is not/],
        [{ ...minio, FITKIT_S3_BUCKET: "Fitkit_Media" }, /FITKIT_S3_BUCKET must be a bucket name/],
        [{ FITKIT_S3_BUCKET: "fitkit-media" }, /needs the bucket's region: set AWS_REGION/],
        [{ ...minio, FITKIT_S3_ENDPOINT: "minio:9000" }, /FITKIT_S3_ENDPOINT must be the http\(s\) origin/],
        [{ ...minio, FITKIT_S3_ENDPOINT: "https://key:secret@minio.example.com" }, /must not carry credentials/],
        [{ ...minio, FITKIT_S3_ENDPOINT: "https://minio.example.com/fitkit" }, /must be an origin only/],
        [{ ...minio, AWS_SECRET_ACCESS_KEY: "" }, /AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY must be set together/],
        [
          { FITKIT_S3_BUCKET: "fitkit-media", FITKIT_S3_ENDPOINT: "https://minio.example.com" },
          /needs the service's keys/,
        ],
        [{ ...minio, FITKIT_S3_FORCE_PATH_STYLE: "yes" }, /FITKIT_S3_FORCE_PATH_STYLE must be 1 or 0/],
        [{ ...minio, FITKIT_S3_REGION: "EU West" }, /FITKIT_S3_REGION must be a region name/],
        [
          { ...production, ...minio, FITKIT_S3_ENDPOINT: "http://minio.internal:9000" },
          /FITKIT_S3_ENDPOINT must use https in production/,
        ],
      ];
      for (const [env, message] of refusals) {
        expect(() => loadConfig(env)).toThrow(StartupError);
        expect(() => loadConfig(env)).toThrow(message);
      }
      // A service on this machine may be plain http, in production too; and outside production anywhere.
      expect(
        loadConfig({ ...production, ...minio, FITKIT_S3_ENDPOINT: "http://127.0.0.1:9000" }).mediaStorage,
      ).toMatchObject({
        endpoint: "http://127.0.0.1:9000",
      });
      expect(loadConfig({ ...minio, FITKIT_S3_ENDPOINT: "http://minio.internal:9000" }).mediaStorage).toMatchObject({
        endpoint: "http://minio.internal:9000",
      });
    });
  });
});
