/**
 * A readable name for the device a login comes from, from its User-Agent header: "Chrome on macOS", "Safari on
 * iPhone", "Firefox on Windows". Browsers are told apart by the tokens each adds in front of the ones it copies
 * (Edge and Opera say Chrome too, Chrome says Safari), so the order below matters. A client that is no browser is
 * named by its first product token ("okhttp", "curl"); no header at all answers null.
 */
const BROWSERS: [RegExp, string][] = [
  [/\bEdg(e|A|iOS)?\//, "Edge"],
  [/\b(OPR|Opera)\//, "Opera"],
  [/\bSamsungBrowser\//, "Samsung Internet"],
  [/\b(Firefox|FxiOS)\//, "Firefox"],
  [/\b(HeadlessChrome|Chrome|CriOS|Chromium)\//, "Chrome"],
  [/\bVersion\/[\d.]+.*\bSafari\//, "Safari"],
];

const SYSTEMS: [RegExp, string][] = [
  [/\biPhone\b/, "iPhone"],
  [/\biPad\b/, "iPad"],
  [/\bAndroid\b/, "Android"],
  [/\bCrOS\b/, "ChromeOS"],
  [/\bWindows\b/, "Windows"],
  [/\b(Macintosh|Mac OS X)\b/, "macOS"],
  [/\bLinux\b/, "Linux"],
];

/** Longest name kept: a User-Agent is the client's to choose, and the console shows it in a table cell. */
const MAX_LENGTH = 60;

export function deviceName(userAgent: string | undefined | null): string | null {
  const ua = (userAgent ?? "").trim();
  if (!ua) return null;
  const browser = BROWSERS.find(([pattern]) => pattern.test(ua))?.[1];
  const system = SYSTEMS.find(([pattern]) => pattern.test(ua))?.[1];
  if (browser && system) return `${browser} on ${system}`;
  if (browser || system) return (browser ?? system)!;
  // Not a browser: its first product token, without version ("okhttp/4.12" → "okhttp").
  const product = /^[^\s/;()]+/.exec(ua)?.[0] ?? "";
  // Printable characters only: the name is shown as text.
  const clean = product.replace(/[^\x20-\x7e]/g, "").slice(0, MAX_LENGTH);
  return clean || null;
}
