import { resolve } from "node:path";
import envSchema from "env-schema";
import type { FromSchema, JSONSchema } from "json-schema-to-ts";
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
  /** Memory for finished search answers per process, in bytes (FITKIT_SEARCH_CACHE_MB; 0: none kept). */
  searchCacheBytes: number;
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

/**
 * The environment the server reads, as a JSON schema (env-schema: coerced, defaulted, checked). An empty variable
 * counts as unset. `description` completes the one-line refusal: "NAME must be <description>, got <value>".
 * Settings whose default or check depends on another one (production's rules, the media, storage and billing
 * modules) are applied in code after it.
 */
const environmentSchema = {
  type: "object",
  properties: {
    PORT: { type: "integer", minimum: 0, maximum: 65535, default: 8080, description: "a port number" },
    HOST: { type: "string", default: "127.0.0.1" },
    NODE_ENV: { type: "string" },
    FITKIT_ENVIRONMENT: { type: "string" },
    FITKIT_PUBLIC_URL: { type: "string" },
    DATA_DIR: { type: "string", default: "./data" },
    DATABASE_URL: { type: "string" },
    FITKIT_ALLOWED_ORIGINS: { type: "string", default: "" },
    FITKIT_JWT_PRIVATE_KEY: { type: "string" },
    SMTP_URL: { type: "string" },
    MAIL_FROM: { type: "string", default: "fitkit <no-reply@fitkit.dev>" },
    FITKIT_DEV_MAIL: { type: "string", enum: ["1", "0"], description: "1 or 0" },
    FITKIT_DEMO: { type: "string", enum: ["1", "0"], description: "1 or 0" },
    FITKIT_BODY_LIMIT: {
      type: "integer",
      minimum: 1,
      default: 1_048_576,
      description: "a whole number of bytes above 0",
    },
    FITKIT_TRUST_PROXY: { type: "string" },
    LOG_LEVEL: {
      type: "string",
      enum: ["fatal", "error", "warn", "info", "debug", "trace", "silent"],
      default: "info",
      description: "one of fatal, error, warn, info, debug, trace, silent",
    },
    REDIS_URL: { type: "string" },
    FITKIT_REDIS_PREFIX: { type: "string", default: "fitkit:" },
    FITKIT_RENEWALS_INTERVAL_MS: {
      type: "integer",
      minimum: 1,
      default: 60_000,
      description: "a whole number of milliseconds",
    },
    FITKIT_STORE_URL: { type: "string" },
    FITKIT_LIVE_STREAMS_MAX: {
      type: "integer",
      minimum: 1,
      default: DEFAULT_LIVE_STREAMS_MAX,
      description: "a whole number above 0",
    },
    FITKIT_LIVE_STREAMS_PER_ADDRESS: {
      type: "integer",
      minimum: 1,
      default: DEFAULT_LIVE_STREAMS_PER_ADDRESS,
      description: "a whole number above 0",
    },
    FITKIT_LIVE_STREAM_HEARTBEAT_MS: {
      type: "integer",
      minimum: 1,
      default: 15_000,
      description: "a whole number of milliseconds",
    },
    FITKIT_METRICS_TOKEN: {
      type: "string",
      pattern: "^[\\x21-\\x7e]{16,}$",
      description: "at least 16 printable characters without spaces",
    },
    FITKIT_SCHEDULE_CACHE_MB: { type: "number", minimum: 0, default: 16, description: "a number of megabytes" },
    FITKIT_SEARCH_CACHE_MB: { type: "number", minimum: 0, default: 32, description: "a number of megabytes" },
  },
} as const satisfies JSONSchema;

type Environment = FromSchema<typeof environmentSchema>;

/** Secrets: a refusal names them without repeating their value into the log. */
const SECRET = new Set(["FITKIT_JWT_PRIVATE_KEY", "FITKIT_METRICS_TOKEN", "SMTP_URL", "REDIS_URL", "DATABASE_URL"]);

/** The environment, coerced and defaulted, or a StartupError naming the first setting that is wrong. */
function readEnvironment(env: NodeJS.ProcessEnv): Environment {
  const given = Object.fromEntries(
    Object.keys(environmentSchema.properties).flatMap((name) => (env[name] ? [[name, env[name]]] : [])),
  );
  try {
    return envSchema<Environment>({ schema: environmentSchema, data: given, env: false });
  } catch (error) {
    const [first] = (error as { errors?: { instancePath: string }[] }).errors ?? [];
    const name = first?.instancePath.slice(1) as keyof typeof environmentSchema.properties | undefined;
    if (!name || !(name in environmentSchema.properties)) throw error;
    const setting = environmentSchema.properties[name];
    const must = "description" in setting ? setting.description : "valid";
    throw new StartupError(`${name} must be ${must}${SECRET.has(name) ? "" : `, got ${env[name]}`}`);
  }
}

function list(value: string): string[] {
  return value
    .split(",")
    .map((s) => s.trim())
    .filter(Boolean);
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

/** A size in MB (fractions allowed) as bytes; 0 turns the cache it sizes off. */
const megabytes = (mb: number) => Math.floor(mb * 1_048_576);

/**
 * Reads and checks the environment. Every refusal is a StartupError whose message is the one line the operator
 * sees: in production that means a signing key, a payment provider (or billing explicitly off), and no demo members
 * or outbox unless explicitly asked for.
 */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): ServerConfig {
  const e = readEnvironment(env);
  const production = e.NODE_ENV === "production";
  const databaseUrl = e.DATABASE_URL;
  if (production && !e.FITKIT_JWT_PRIVATE_KEY)
    throw new StartupError("FITKIT_JWT_PRIVATE_KEY must be set in production (an Ed25519 PKCS#8 PEM)");
  let media: MediaSettings;
  let mediaStorage: MediaStorageSettings;
  try {
    media = loadMediaSettings(env);
    mediaStorage = loadStorageSettings(env, production);
  } catch (error) {
    throw new StartupError((error as Error).message);
  }
  return {
    port: e.PORT,
    host: e.HOST,
    publicUrl: (e.FITKIT_PUBLIC_URL ?? listeningOrigin(e.HOST, e.PORT)).replace(/\/$/, ""),
    environment: e.FITKIT_ENVIRONMENT ?? (production ? "production" : "dev"),
    production,
    dataDir: resolve(e.DATA_DIR),
    databaseUrl,
    allowedOrigins: list(e.FITKIT_ALLOWED_ORIGINS),
    jwtPrivateKey: e.FITKIT_JWT_PRIVATE_KEY,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    devMail: (e.FITKIT_DEV_MAIL ?? (!databaseUrl && !production ? "1" : "0")) === "1",
    demo: (e.FITKIT_DEMO ?? (production ? "0" : "1")) === "1",
    bodyLimit: e.FITKIT_BODY_LIMIT,
    trustProxy: trustProxy(e.FITKIT_TRUST_PROXY),
    logLevel: e.LOG_LEVEL,
    rateLimits: defaultRateLimits,
    redisUrl: e.REDIS_URL,
    redisPrefix: e.FITKIT_REDIS_PREFIX,
    renewalsIntervalMs: e.FITKIT_RENEWALS_INTERVAL_MS,
    media,
    mediaStorage,
    billing: loadBillingSettings(env, production),
    storeUrl: storeUrl(e.FITKIT_STORE_URL),
    searchIndexBuild: "at-start",
    liveStreamsMax: e.FITKIT_LIVE_STREAMS_MAX,
    liveStreamsPerAddress: e.FITKIT_LIVE_STREAMS_PER_ADDRESS,
    liveStreamHeartbeatMs: e.FITKIT_LIVE_STREAM_HEARTBEAT_MS,
    metricsToken: e.FITKIT_METRICS_TOKEN,
    scheduleCacheBytes: megabytes(e.FITKIT_SCHEDULE_CACHE_MB),
    searchCacheBytes: megabytes(e.FITKIT_SEARCH_CACHE_MB),
  };
}
