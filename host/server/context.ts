import type { FastifyReply, FastifyRequest } from "fastify";
import type { Clock } from "./clock.js";
import type { ServerConfig } from "./config.js";
import type { Db, DatabaseHandle } from "./db/index.js";
import type { AuthKeys } from "./auth/keys.js";
import type { RateLimiter } from "./auth/rate-limiter.js";
import type { TokenVersions } from "./auth/token-versions.js";
import type { BillingProvider } from "./billing/provider.js";
import type { AuthService } from "./services/auth.js";
import type { EntitlementResolver } from "./services/entitlements.js";
import type { Mailer } from "./services/mail.js";
import type { JobLock } from "./jobs/job-lock.js";
import type { Metrics } from "./metrics.js";
import type { MediaStorage } from "./media/storage/index.js";

/** Everything a route plugin needs, built once per server and passed down explicitly. */
export interface AppContext {
  config: ServerConfig;
  database: DatabaseHandle;
  db: Db;
  clock: Clock;
  keys: AuthKeys;
  auth: AuthService;
  mailer: Mailer;
  tokenVersions: TokenVersions;
  rateLimiter: RateLimiter;
  entitlements: EntitlementResolver;
  /** The payment provider subscriptions are billed through (sandbox by default). */
  billing: BillingProvider;
  /** Keeps a background job to one run at a time across every process on the database. */
  jobLock: JobLock;
  /** Where uploads, renditions and posters are kept: the data folder or an S3-compatible bucket. */
  mediaStorage: MediaStorage;
  /** The server's Prometheus metrics (GET /metrics). */
  metrics: Metrics;
  /** Named readiness checks reported by /health (the search index adds one). */
  readiness: Map<string, () => boolean>;
  /** Work to run when the server closes (timers, listeners). */
  onClose: (fn: () => Promise<void> | void) => void;
}

export interface Member {
  id: string;
  email: string;
}

declare module "fastify" {
  interface FastifyRequest {
    /** Set by the requireMember / optionalMember hooks. */
    member?: Member;
  }
  interface FastifyInstance {
    ctx: AppContext;
    /** onRequest hook: 401 unless a valid, current bearer token is sent. */
    requireMember: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
    /** onRequest hook: reads a bearer token when one is sent, 401 only when a sent token is invalid. */
    optionalMember: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
  }
}

/** The member behind a request guarded by requireMember. */
export function memberOf(request: FastifyRequest): Member {
  if (!request.member) throw new Error("route is missing the requireMember hook");
  return request.member;
}

/** The options every route plugin is registered with (besides its prefix). */
export interface RouteOptions {
  ctx: AppContext;
}
