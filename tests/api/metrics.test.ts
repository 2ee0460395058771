/**
 * GET /metrics (issue 28): Prometheus' text format with the server's series, answered to this machine only, or to
 * whoever bears FITKIT_METRICS_TOKEN when it is set. "This machine" is the outbox's rule (/dev/mail): a visitor through
 * a reverse proxy on this machine is not.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { expectError, startTestApp, type TestApp } from "./harness.js";
import { openStream } from "./sse-client.js";

/** A stream the server saw close is counted out well within this. */
const SETTLES_WITHIN_MS = 10_000;

const scrape = (t: TestApp, remoteAddress = "127.0.0.1", headers: Record<string, string> = {}) =>
  t.app.inject({ method: "GET", url: "/metrics", remoteAddress, headers });

/** The value of one series in a scrape (`name{labels} value`), or undefined when it is not there. */
function sample(text: string, series: string): number | undefined {
  const line = text.split("\n").find((l) => l.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

async function eventually(check: () => Promise<boolean>, ms: number) {
  const until = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > until) throw new Error(`not reached within ${ms} ms`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

describe("GET /metrics on this machine", () => {
  let t: TestApp;
  let origin: string;
  beforeAll(async () => {
    t = await startTestApp();
    origin = await t.app.listen({ port: 0, host: "127.0.0.1" });
  });
  afterAll(() => t.close());

  it("answers every series in Prometheus' text format", async () => {
    await t.app.scheduleTopUp.run();
    for (let i = 0; i < 2; i++) expect((await t.call("GET", "/studios/class?public=true")).statusCode).toBe(200);
    expect((await t.call("GET", "/tsapi/workouts/wk_0001")).statusCode).toBe(200);
    expect((await t.call("GET", "/tsapi/no-such-route")).statusCode).toBe(404);

    const res = await scrape(t);
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(res.headers["cache-control"]).toBe("no-store");
    const text = res.body;
    // Durations by route pattern and status, never by raw URL.
    expect(
      sample(text, 'fitkit_http_request_duration_seconds_count{method="GET",route="/studios/class",status_code="200"}'),
    ).toBe(2);
    expect(
      sample(
        text,
        'fitkit_http_request_duration_seconds_count{method="GET",route="/tsapi/workouts/:slug",status_code="200"}',
      ),
    ).toBe(1);
    expect(text).toContain('route="unmatched",status_code="404"');
    expect(text).not.toContain("wk_0001");
    // The schedule's answer cache: the first visitor read the schedule, the second got the kept answer.
    expect(sample(text, 'fitkit_answer_cache_lookups_total{cache="schedule",result="miss"}')).toBe(1);
    expect(sample(text, 'fitkit_answer_cache_lookups_total{cache="schedule",result="hit"}')).toBe(1);
    expect(sample(text, 'fitkit_job_runs_total{job="schedule-top-up",outcome="ok"}')).toBeGreaterThanOrEqual(1);
    expect(sample(text, 'fitkit_job_duration_seconds_count{job="schedule-top-up"}')).toBeGreaterThanOrEqual(1);
    expect(sample(text, 'fitkit_db_pool_connections{state="total"}')).toBeGreaterThanOrEqual(1);
    expect(sample(text, 'fitkit_db_pool_connections{state="waiting"}')).toBe(0);
    expect(sample(text, "fitkit_db_pool_max")).toBeGreaterThanOrEqual(1);
    expect(sample(text, "fitkit_live_streams_open")).toBe(0);
    for (const processSeries of [
      "process_cpu_user_seconds_total",
      "process_resident_memory_bytes",
      "nodejs_eventloop_lag_seconds",
    ])
      expect(sample(text, processSeries), processSeries).toBeGreaterThanOrEqual(0);
  });

  it("counts the open live streams", async () => {
    const stream = await openStream(`${origin}/studios/live-classes/stream?location=live`);
    try {
      expect(stream.status).toBe(200);
      expect(sample((await scrape(t)).body, "fitkit_live_streams_open")).toBe(1);
    } finally {
      stream.close();
    }
    await eventually(async () => sample((await scrape(t)).body, "fitkit_live_streams_open") === 0, SETTLES_WITHIN_MS);
  });

  it("refuses anyone else, whatever forwarding headers claim", async () => {
    const claims: Record<string, string>[] = [{}, { "x-forwarded-for": "127.0.0.1" }, { "x-real-ip": "127.0.0.1" }];
    for (const headers of claims) {
      const refused = expectError(await scrape(t, "192.168.1.20", headers), 403);
      expect(refused.text).toBe("Metrics are served to this machine only, unless FITKIT_METRICS_TOKEN is set");
    }
  });

  it("refuses a visitor through a reverse proxy on this machine, which connects from loopback", async () => {
    const proxied: Record<string, string>[] = [
      { "x-forwarded-for": "203.0.113.9" },
      { "x-forwarded-for": "127.0.0.1, 203.0.113.9" },
      { "x-real-ip": "203.0.113.9" },
      { forwarded: 'for="[2001:db8::1]:4711";proto=https' },
      { forwarded: "for=_hidden" },
    ];
    for (const headers of proxied) {
      expectError(await scrape(t, "127.0.0.1", headers), 403);
    }
    // A forwarded loopback (a proxy on this machine relaying this machine's own request) is still this machine.
    expect((await scrape(t, "127.0.0.1", { forwarded: "for=127.0.0.1", "x-forwarded-for": "::1" })).statusCode).toBe(
      200,
    );
  });
});

describe("GET /metrics behind a trusted proxy", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ config: { trustProxy: ["127.0.0.1"] } });
  });
  afterAll(() => t.close());

  it("refuses the visitor the proxy names, and answers the proxy's own machine", async () => {
    expectError(await scrape(t, "127.0.0.1", { "x-forwarded-for": "198.51.100.7" }), 403);
    expect((await scrape(t, "127.0.0.1")).statusCode).toBe(200);
  });
});

describe("GET /metrics with FITKIT_METRICS_TOKEN", () => {
  const token = "scrape-0123456789abcdef";
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ config: { metricsToken: token } });
  });
  afterAll(() => t.close());

  it("answers the bearer of the token from anywhere", async () => {
    const res = await scrape(t, "192.168.1.20", { authorization: `Bearer ${token}` });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain("fitkit_http_request_duration_seconds");
    expect(res.headers["cache-control"]).toBe("no-store");
  });

  it("refuses a missing or wrong token, on this machine too", async () => {
    for (const [address, headers] of [
      ["192.168.1.20", {}],
      ["127.0.0.1", {}],
      ["192.168.1.20", { authorization: "Bearer wrong-token-0123456789" }],
      ["192.168.1.20", { authorization: token }],
    ] as const) {
      const refused = expectError(await scrape(t, address, headers), 401);
      expect(refused.text).toBe("Metrics need the bearer token of FITKIT_METRICS_TOKEN");
      expect((await scrape(t, address, headers)).headers["www-authenticate"]).toBe('Bearer realm="fitkit metrics"');
    }
  });
});
