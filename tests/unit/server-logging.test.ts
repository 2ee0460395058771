import { describe, expect, it } from "vitest";
import { Writable } from "node:stream";
import { compactLine, compactStream, isStaticAsset, wantsCompactLogs } from "../../host/server/logging.js";

describe("development logs", () => {
  it("print a request as one short line instead of JSON", () => {
    const json = JSON.stringify({
      level: 30,
      time: Date.UTC(2026, 0, 2, 12, 3, 4),
      pid: 1,
      hostname: "h",
      reqId: "r1",
      method: "GET",
      url: "/tsapi/home_page",
      statusCode: 200,
      ms: 4,
      msg: "request",
    });
    expect(compactLine(json)).toBe("12:03:04 INFO  GET /tsapi/home_page 200 4ms");
  });

  it("keep other fields and an error's stack", () => {
    const json = JSON.stringify({
      level: 50,
      time: 0,
      msg: "renewals failed",
      job: "renewals",
      err: { stack: "Error: boom\n    at x" },
    });
    expect(compactLine(json)).toBe("00:00:00 ERROR renewals failed job=renewals\nError: boom\n    at x");
  });

  it("write whole lines through the stream, however the chunks are cut", async () => {
    let written = "";
    const out = new Writable({ write: (c, _e, done) => ((written += String(c)), done()) });
    const stream = compactStream(out);
    const line = JSON.stringify({ level: 40, time: 0, msg: "slow" });
    await new Promise<void>((r) => stream.write(line.slice(0, 10), () => r()));
    expect(written).toBe("");
    await new Promise<void>((r) => stream.write(`${line.slice(10)}\n`, () => r()));
    expect(written).toBe("00:00:00 WARN  slow\n");
  });

  it("treat the files a page load fetches as static, API calls as not", () => {
    for (const url of ["/assets/app-1.js", "/widgets/esm/referral.js", "/media/posters/a.webp", "/favicon.ico"])
      expect(isStaticAsset(url), url).toBe(true);
    for (const url of ["/config.json", "/tsapi/home_page", "/api/auth/sign-in/email", "/classes"])
      expect(isStaticAsset(url), url).toBe(false);
  });

  it("are compact only outside production at a terminal", () => {
    expect(wantsCompactLogs(false, true)).toBe(true);
    expect(wantsCompactLogs(true, true)).toBe(false);
    expect(wantsCompactLogs(false, false)).toBe(false);
    expect(wantsCompactLogs(false, undefined)).toBe(false);
  });
});
