import { resolve } from "node:path";
import { loadMediaSettings, type MediaSettings } from "./media/settings.js";
import { loadStorageSettings, type MediaStorageSettings } from "./media/storage/settings.js";
import { loadBillingSettings, type BillingSettings } from "./billing/settings.js";
import { StartupError } from "./errors.js";
import type { Backoff } from "./auth/rate-limiter.js";

/** Everything the server reads from its environment, parsed once at start. */
export interface ServerConfig {
  port: number;
  /** Interface to listen on: loopback unless HOST opens it to the network. */
  host: string;
  /** Public origin of the hosted app, used in emailed links and as the first allowed CORS origin. */
  publicUrl: string;
  environment: string;
  production: boolean;
  /** PGlite data directory for the embedded default; ignored when databaseUrl is set. */
  dataDir: string;
  databaseUrl?: string;
  /** Extra origins (sites that embed widgets) allowed to call member endpoints. */
  allowedOrigins: string[];
  jwtPrivateKey?: string;
  smtpUrl?: string;
  mailFrom: string;
  /**
   * The /dev/mail outbox viewer (loopback callers only): on in the embedded default, FITKIT_DEV_MAIL decides otherwise.
   */
  devMail: boolean;
  /**
   * Seed the demo members, their subscriptions and activity (published password): on outside production, FITKIT_DEMO
   * decides.
   */
  demo: boolean;
  bodyLimit: number;
  /** Which proxies may name the client address in X-Forwarded-For (Fastify's trustProxy); nothing by default. */
  trustProxy: false | number | string[];
  logLevel: string;
  rateLimits: RateLimitConfig;
  /** Where rate limits are counted across processes; unset keeps them in this process's memory. */
  redisUrl?: string;
  /** How often each process offers to run the renewals job (one process runs it at a time). */
  renewalsIntervalMs: number;
  /** Prefix of every Redis key, so deployments (and test runs) sharing one Redis stay apart. */
  redisPrefix: string;
  /** Video and music providers (media/settings.ts). */
  media: MediaSettings;
  /**
   * Where uploads, renditions and posters are kept: DATA_DIR/media, or the S3-compatible bucket FITKIT_S3_BUCKET
   * names (media/storage/settings.ts).
   */
  mediaStorage: MediaStorageSettings;
  /** Payment provider for subscriptions (billing/settings.ts). */
  billing: BillingSettings;
  /**
   * An external store where visitors start a membership (FITKIT_STORE_URL, reported in /config.json). Unset: visitors
   * join in the app (sign-up, then /account/membership/join).
   */
  storeUrl?: string;
  /**
   * When the search index is first built: "at-start" (a server: /health reports ready once it exists) or
   * "on-first-use" (the first search builds it; the API tests' servers, most of which never search).
   */
  searchIndexBuild: "at-start" | "on-first-use";
  /**
   * Live spot-count streams (GET /studios/live-classes/stream) one process holds open at most; past it the route
   * answers 503 with Retry-After and the schedules refresh every 30 s instead (FITKIT_LIVE_STREAMS_MAX).
   */
  liveStreamsMax: number;
  /**
   * Live spot-count streams one client address (an IPv6 /64) may hold open in a process; past it the route answers
   * 429 (FITKIT_LIVE_STREAMS_PER_ADDRESS).
   */
  liveStreamsPerAddress: number;
  /** How often an idle stream sends a comment so proxies keep it open (FITKIT_LIVE_STREAM_HEARTBEAT_MS). */
  liveStreamHeartbeatMs: number;
  /**
   * The bearer token `GET /metrics` asks for (FITKIT_METRICS_TOKEN), then answered from anywhere; unset, it answers
   * requests from this machine only.
   */
  metricsToken?: string;
  /** Memory for finished public schedule answers per process, in bytes (FITKIT_SCHEDULE_CACHE_MB; 0: none kept). */
  scheduleCacheBytes: number;
}

export interface RateLimitConfig {
  /** Sign-in attempts per client address per window, whatever the account. */
  signInPerAddress: number;
  /** Password guesses on one account from one address: slows that address down, hard. */
  signInAccountPerAddress: Backoff;
  /** Password guesses on one account from every address together: a short delay, so the owner is never locked out. */
  signInAccount: Backoff;
  checkEmailPerAddress: number;
  forgotPerAccount: number;
  forgotPerAddress: number;
  /** Reset-link redemptions per client address: tokens are unguessable, but each try is a database lookup. */
  resetPerAddress: number;
  windowMs: number;
}

export const defaultRateLimits: RateLimitConfig = {
  signInPerAddress: 50,
  signInAccountPerAddress: { free: 5, baseMs: 1000, maxMs: 15 * 60_000, forgetMs: 60 * 60_000 },
  signInAccount: { free: 10, baseMs: 1000, maxMs: 30_000, forgetMs: 60 * 60_000 },
  checkEmailPerAddress: 30,
  forgotPerAccount: 5,
  forgotPerAddress: 20,
  resetPerAddress: 20,
  windowMs: 15 * 60_000,
};

/**
 * Live streams per process: a change is written to every stream in one pass, about 0.33 ms per stream on a busy
 * 2-core machine (the live-streams bench), so 1,000 keep a change within a second of every page there; memory is
 * about 12 KB a stream. The sizing: docs/operations.md, "Live streams".
 */
const DEFAULT_LIVE_STREAMS_MAX = 1000;
/**
 * Open schedule pages one address may follow live: a household, or a studio's lobby screens and the members on its
 * Wi-Fi behind one public address; past it those pages refresh every 30 s. One client cannot take the process's
 * whole bound (a stream that stops reading is dropped besides, see routes/live-stream.ts).
 */
const DEFAULT_LIVE_STREAMS_PER_ADDRESS = 20;

function list(value: string | undefined): string[] {
  return (value ?? "")
    .split(",")
    .map((s) => s.trim())
    .filter(Boolean);
}

/** An on/off switch: `1` or `0`, unset for the default; anything else is refused rather than guessed. */
function flag(env: NodeJS.ProcessEnv, name: string, fallback: boolean): boolean {
  const value = env[name];
  if (value === undefined || value === "") return fallback;
  if (value === "1" || value === "0") return value === "1";
  throw new StartupError(`${name} must be 1 or 0, got ${value}`);
}

/**
 * The origin a browser on this machine opens for a server listening on `host`: the address itself, or localhost for
 * every interface. The start-up line prints it and, without FITKIT_PUBLIC_URL, emailed links use it, so a reset link
 * opens the origin the member is signed in on.
 */
export function listeningOrigin(host: string, port: number): string {
  if (host === "0.0.0.0" || host === "::") return `http://localhost:${port}`;
  return `http://${host.includes(":") ? `[${host}]` : host}:${port}`;
}

/**
 * Reads and checks the environment. Every refusal is a StartupError whose message is the one line the operator
 * sees: in production that means a signing key, a payment provider (or billing explicitly off), and no demo members
 * or outbox unless explicitly asked for.
 */

/** FITKIT_TRUST_PROXY: a hop count ("1") or the proxies' addresses and CIDRs ("10.0.0.2,10.1.0.0/16"). */
function trustProxy(value: string | undefined): false | number | string[] {
  const given = value?.trim();
  if (!given) return false;
  return /^\d+$/.test(given) ? Number(given) : list(given);
}

/** FITKIT_STORE_URL: an absolute http(s) URL, or unset for the in-app funnel. */
function storeUrl(value: string | undefined): string | undefined {
  const given = value?.trim();
  if (!given) return undefined;
  let url: URL | undefined;
  try {
    url = new URL(given);
  } catch {
    url = undefined;
  }
  if (!url || !/^https?:$/.test(url.protocol))
    throw new StartupError(`FITKIT_STORE_URL must be an http(s) URL, got ${given}`);
  return url.href;
}

function positiveMs(name: string, value: string | undefined, fallback: number): number {
  if (value === undefined || value === "") return fallback;
  const ms = Number(value);
  if (!Number.isInteger(ms) || ms < 1)
    throw new StartupError(`${name} must be a whole number of milliseconds, got ${value}`);
  return ms;
}

/** FITKIT_METRICS_TOKEN: long enough not to be guessed, and nothing a header would mangle. */
function metricsToken(value: string | undefined): string | undefined {
  if (value === undefined || value === "") return undefined;
  if (!/^[\x21-\x7e]{16,}$/.test(value))
    throw new StartupError("FITKIT_METRICS_TOKEN must be at least 16 printable characters without spaces");
  return value;
}

/** A size in MB (fractions allowed) as bytes; 0 turns the cache it sizes off. */
function megabytes(name: string, value: string | undefined, fallback: number): number {
  if (value === undefined || value === "") return Math.floor(fallback * 1_048_576);
  const mb = Number(value);
  if (!Number.isFinite(mb) || mb < 0) throw new StartupError(`${name} must be a number of megabytes, got ${value}`);
  return Math.floor(mb * 1_048_576);
}

function positiveInteger(name: string, value: string | undefined, fallback: number): number {
  if (value === undefined || value === "") return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1) throw new StartupError(`${name} must be a whole number above 0, got ${value}`);
  return n;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): ServerConfig {
  const port = Number(env.PORT ?? 8080);
  if (!Number.isInteger(port) || port < 0 || port > 65535)
    throw new StartupError(`PORT must be a port number, got ${env.PORT}`);
  const production = env.NODE_ENV === "production";
  const databaseUrl = env.DATABASE_URL || undefined;
  if (production && !env.FITKIT_JWT_PRIVATE_KEY)
    throw new StartupError("FITKIT_JWT_PRIVATE_KEY must be set in production (an Ed25519 PKCS#8 PEM)");
  const host = env.HOST || "127.0.0.1";
  const publicUrl = (env.FITKIT_PUBLIC_URL ?? listeningOrigin(host, port)).replace(/\/$/, "");
  let media: MediaSettings;
  let mediaStorage: MediaStorageSettings;
  try {
    media = loadMediaSettings(env);
    mediaStorage = loadStorageSettings(env, production);
  } catch (error) {
    throw new StartupError((error as Error).message);
  }
  return {
    port,
    host,
    publicUrl,
    environment: env.FITKIT_ENVIRONMENT ?? (production ? "production" : "dev"),
    production,
    dataDir: resolve(env.DATA_DIR ?? "./data"),
    databaseUrl,
    allowedOrigins: list(env.FITKIT_ALLOWED_ORIGINS),
    jwtPrivateKey: env.FITKIT_JWT_PRIVATE_KEY || undefined,
    smtpUrl: env.SMTP_URL || undefined,
    mailFrom: env.MAIL_FROM ?? "fitkit <no-reply@fitkit.dev>",
    devMail: flag(env, "FITKIT_DEV_MAIL", !databaseUrl && !production),
    demo: flag(env, "FITKIT_DEMO", !production),
    bodyLimit: Number(env.FITKIT_BODY_LIMIT ?? 1_048_576),
    trustProxy: trustProxy(env.FITKIT_TRUST_PROXY),
    logLevel: env.LOG_LEVEL ?? "info",
    rateLimits: defaultRateLimits,
    redisUrl: env.REDIS_URL || undefined,
    redisPrefix: env.FITKIT_REDIS_PREFIX ?? "fitkit:",
    renewalsIntervalMs: positiveMs("FITKIT_RENEWALS_INTERVAL_MS", env.FITKIT_RENEWALS_INTERVAL_MS, 60_000),
    media,
    mediaStorage,
    billing: loadBillingSettings(env, production),
    storeUrl: storeUrl(env.FITKIT_STORE_URL),
    searchIndexBuild: "at-start",
    liveStreamsMax: positiveInteger("FITKIT_LIVE_STREAMS_MAX", env.FITKIT_LIVE_STREAMS_MAX, DEFAULT_LIVE_STREAMS_MAX),
    liveStreamsPerAddress: positiveInteger(
      "FITKIT_LIVE_STREAMS_PER_ADDRESS",
      env.FITKIT_LIVE_STREAMS_PER_ADDRESS,
      DEFAULT_LIVE_STREAMS_PER_ADDRESS,
    ),
    liveStreamHeartbeatMs: positiveMs("FITKIT_LIVE_STREAM_HEARTBEAT_MS", env.FITKIT_LIVE_STREAM_HEARTBEAT_MS, 15_000),
    metricsToken: metricsToken(env.FITKIT_METRICS_TOKEN),
    scheduleCacheBytes: megabytes("FITKIT_SCHEDULE_CACHE_MB", env.FITKIT_SCHEDULE_CACHE_MB, 16),
  };
}
