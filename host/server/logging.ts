import { Writable } from "node:stream";

/**
 * Development logs for a person at a terminal: one short line per event instead of pino's JSON, with static files
 * (app assets, widget bundles, media) at debug level so a page load does not print a screen of lines. Production,
 * and any output that is not a terminal, keeps pino's JSON lines (for log collectors).
 */

/** Files the browser fetches with every page: logged at debug, not info. */
export const isStaticAsset = (url: string): boolean =>
  /^\/(assets|widgets|media|examples)\//.test(url) ||
  (/\.(js|mjs|css|map|png|jpe?g|webp|avif|svg|ico|woff2?|mp4|webm|vtt|json)(\?|$)/.test(url.split("#")[0]!) &&
    url !== "/config.json");

const LEVELS: Record<number, string> = { 10: "TRACE", 20: "DEBUG", 30: "INFO ", 40: "WARN ", 50: "ERROR", 60: "FATAL" };
const SKIP = new Set(["level", "time", "pid", "hostname", "msg", "reqId", "method", "url", "statusCode", "ms"]);

/** One pino JSON line as a compact line: `12:03:04 INFO  GET /tsapi/home_page 200 4ms`, then any other fields. */
export function compactLine(json: string): string {
  let entry: Record<string, unknown>;
  try {
    entry = JSON.parse(json) as Record<string, unknown>;
  } catch {
    return json;
  }
  const time = new Date(typeof entry.time === "number" ? entry.time : 0).toISOString().slice(11, 19);
  const level = LEVELS[entry.level as number] ?? String(entry.level);
  const request = entry.method ? `${entry.method} ${entry.url} ${entry.statusCode} ${entry.ms}ms` : "";
  const message = entry.msg === "request" && request ? request : [entry.msg, request].filter(Boolean).join(" ");
  const rest = Object.entries(entry).filter(([key]) => !SKIP.has(key));
  const err = entry.err as { stack?: string } | undefined;
  const extra = rest
    .filter(([key]) => key !== "err")
    .map(([key, value]) => `${key}=${typeof value === "string" ? value : JSON.stringify(value)}`);
  return `${time} ${level} ${message}${extra.length ? ` ${extra.join(" ")}` : ""}${err?.stack ? `\n${err.stack}` : ""}`;
}

/** A stream for pino that writes compact lines to `out` (stdout by default). */
export function compactStream(out: NodeJS.WritableStream = process.stdout): Writable {
  let pending = "";
  return new Writable({
    write(chunk, _encoding, done) {
      pending += String(chunk);
      const lines = pending.split("\n");
      pending = lines.pop() ?? "";
      for (const line of lines) if (line.trim()) out.write(`${compactLine(line)}\n`);
      done();
    },
  });
}

/** Pretty when developing at a terminal; JSON in production or when the output is piped to a file or a collector. */
export const wantsCompactLogs = (production: boolean, tty: boolean | undefined) => !production && tty === true;
