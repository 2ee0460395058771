import { randomUUID } from "node:crypto";
import Fastify, {
  LogController,
  type FastifyError,
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
} from "fastify";
import { compactStream, isStaticAsset, wantsCompactLogs } from "./logging.js";
import cors from "@fastify/cors";
import helmet from "helmet";
import swagger from "@fastify/swagger";
import { contractSchemas } from "./contract-schemas.js";
import { completeOperation } from "./openapi-operations.js";
import type { Clock } from "./clock.js";
import { systemClock } from "./clock.js";
import type { ServerConfig } from "./config.js";
import type { AppContext } from "./context.js";
import type { DatabaseHandle } from "./db/index.js";
import { errorBody, HttpError, MAX_PARAM_LENGTH, oneOrList, paramTooLongMessage } from "./errors.js";
import { describeValidationError, fieldProblems, validatorCompiler } from "./validation.js";
import { registerRequestBodies } from "./request-bodies.js";
import { loadAuthKeys } from "./auth/keys.js";
import { verifyAccessToken } from "./auth/access-token.js";
import { createRateLimiter } from "./auth/create-rate-limiter.js";
import { TokenVersions } from "./auth/token-versions.js";
import { AuthService } from "./services/auth.js";
import { createMailer, type Mailer } from "./services/mail.js";
import { subscriptionEntitlements, type EntitlementResolver } from "./services/entitlements.js";
import { createMembership } from "./services/membership.js";
import { createBillingProvider } from "./billing/index.js";
import { registerRoutes } from "./routes/index.js";
import { registerCompression } from "./compression.js";
import { jobLock } from "./jobs/job-lock.js";
import { jobsPlugin, type JobsOptions } from "./jobs/plugin.js";
import { servicesPlugin } from "./services/plugin.js";
import { answerCaching } from "./http-cache.js";
import { Metrics, observeRequests } from "./metrics.js";
import { createMediaStorage } from "./media/storage/index.js";

/** Script and stylesheet files (their path, before any query): answered with the subresource headers. */
const SUBRESOURCE = /^[^?#]+\.(?:m?js|css|map)(?:[?#]|$)/;
export interface BuildOptions {
  config: ServerConfig;
  database: DatabaseHandle;
  clock?: Clock;
  mailer?: Mailer;
  entitlements?: EntitlementResolver;
  logger?: boolean;
  /** Background jobs started when the app is ready: the schedule top-up unless turned off, renewals when asked. */
  jobs?: Omit<JobsOptions, "ctx">;
  /** Close the database when the app closes, after everything that uses it (the server's own; tests close theirs). */
  closeDatabase?: boolean;
}

/** Hosted-app pages a widget on another site opens as a popup (the booking hand-off and its sign-in step). */
const POPUP_PAGES = /^\/(live\/book|continue)\/?(\?|$)/;

/**
 * Paths any origin may read: public content the widgets show on third-party sites, and the widget files themselves
 * (module scripts and `integrity` + `crossorigin` script tags are CORS requests, blocked without the header).
 */
const PUBLIC_CORS =
  /^\/(tsapi\/|config\.json$|studios\/class(\?|$)|studios\/live-classes\/stream(\?|$)|subscriptions\/v1\/products|health$|media\/|widgets\/)/;

/** Read with a bookings pass from the site it names, so any origin may ask (the pass decides, not CORS). */
const SITE_BOOKINGS = /^\/studios\/site-bookings(\?|$)/;

const trustHops = (hops: number) => (_address: string, hop: number) => hop < hops;

export async function buildApp(options: BuildOptions): Promise<FastifyInstance> {
  const { config, database } = options;
  const clock = options.clock ?? systemClock;
  const db = database.db;

  const app = Fastify({
    // Development at a terminal: compact lines (logging.ts); production and piped output: pino's JSON lines.
    logger:
      options.logger === false
        ? false
        : wantsCompactLogs(config.production, process.stdout.isTTY)
          ? { level: config.logLevel, stream: compactStream() }
          : { level: config.logLevel },
    logController: new LogController({ disableRequestLogging: true }),
    bodyLimit: config.bodyLimit,
    // The contract writes some paths with a trailing slash (`/studios/reservation/`) and clients send either form.
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: MAX_PARAM_LENGTH },
    // Trusting every X-Forwarded-For would let each client pick its address and dodge per-address rate limits.
    // A hop count trusts that many proxies nearest the server (Fastify's own reading of a number, which its types
    // omit).
    trustProxy: typeof config.trustProxy === "number" ? trustHops(config.trustProxy) : config.trustProxy,
    genReqId: (req) => {
      const given = req.headers["x-request-id"];
      return typeof given === "string" && /^[\w.-]{1,128}$/.test(given) ? given : randomUUID();
    },
    ajv: { customOptions: { coerceTypes: false, removeAdditional: false, allErrors: true } },
    // Errors the router meets before any route (bad percent-escapes, over-long path parameters) would otherwise be
    // answered by Fastify itself with an extra `code` and a reason phrase that does not match the status.
    frameworkErrors: (error, _request, reply) => {
      const status = error.statusCode ?? 400;
      const message =
        error.code === "FST_ERR_MAX_PARAM_LENGTH" ? paramTooLongMessage : "The URL is not validly percent-encoded";
      (reply as FastifyReply).status(status).send(errorBody(status, status >= 500 ? "Internal Server Error" : message));
    },
  });
  registerRequestBodies(app);
  app.setValidatorCompiler(validatorCompiler);
  app.setSchemaErrorFormatter((errors, dataVar) => {
    const messages = errors.map((e) => describeValidationError(e, dataVar));
    const err = new HttpError(400, oneOrList(messages));
    return err;
  });

  // A bucket that cannot be used refuses the start, before any other work: not at the first upload or play.
  const mediaStorage = createMediaStorage(config.mediaStorage, config.dataDir);
  await mediaStorage.ready();
  const closers: (() => Promise<void> | void)[] = [];
  const keys = await loadAuthKeys(db, config.jwtPrivateKey);
  const mailer =
    options.mailer ??
    createMailer(database, {
      smtpUrl: config.smtpUrl,
      from: config.mailFrom,
      onError: (err) => app.log.error({ err }, "mail delivery failed"),
    });
  const tokenVersions = new TokenVersions(db);
  const metrics = new Metrics(database);
  const ctx: AppContext = {
    config,
    database,
    db,
    clock,
    keys,
    mailer,
    tokenVersions,
    rateLimiter: await createRateLimiter(config, clock, app.log),
    entitlements: options.entitlements ?? subscriptionEntitlements(clock),
    billing: createBillingProvider({ settings: config.billing, clock, publicUrl: config.publicUrl }),
    jobLock: metrics.countJobs(jobLock(database)),
    metrics,
    mediaStorage,
    readiness: new Map(),
    onClose: (fn) => closers.push(fn),
    auth: undefined as unknown as AuthService,
  };
  const membership = createMembership({ db, clock, mailer, billing: ctx.billing, publicUrl: config.publicUrl });
  ctx.auth = new AuthService({
    db,
    clock,
    keys,
    mailer,
    tokenVersions,
    publicUrl: config.publicUrl,
    onDeactivated: (userId) => membership.subscriptions.cancelAllForDeactivation(userId),
  });
  ctx.onClose(() => ctx.rateLimiter.close());
  ctx.onClose(() => mailer.close());
  app.decorate("ctx", ctx);
  // Fastify runs onClose hooks newest first, so this one, added before any other, runs last: listeners and jobs
  // give their pooled connections back before the pool ends (a LISTEN client still checked out would keep
  // pool.end() waiting forever).
  app.addHook("onClose", async () => {
    for (const close of closers.reverse()) await close();
    if (options.closeDatabase) await database.close();
  });

  // One log line per request, with its id; static files (assets, widget bundles, media) at debug level.
  app.addHook("onResponse", async (request, reply) => {
    request.log[isStaticAsset(request.url) ? "debug" : "info"](
      {
        reqId: request.id,
        method: request.method,
        url: request.url,
        statusCode: reply.statusCode,
        ms: Math.round(reply.elapsedTime),
      },
      "request",
    );
  });
  observeRequests(app, metrics);
  // Before any other onSend hook (compression): validators are taken from the bytes as the route wrote them.
  answerCaching(app);
  app.addHook("onSend", async (request, reply) => {
    // A script or stylesheet file is logged with its id but does not carry it: every byte of a page's scripts counts.
    if (!SUBRESOURCE.test(request.url)) reply.header("x-request-id", request.id);
    // Studio sites open these pages in a popup and wait for a postMessage back: the page must keep window.opener,
    // which the default same-origin opener policy would sever for a cross-origin opener.
    if (POPUP_PAGES.test(request.url)) reply.header("cross-origin-opener-policy", "unsafe-none");
  });

  async function readMember(request: FastifyRequest, required: boolean) {
    const header = request.headers.authorization;
    if (!header) {
      if (required) throw new HttpError(401, "Unauthorized");
      return;
    }
    const match = /^Bearer ([\w-]+\.[\w-]+\.[\w-]+)$/.exec(header);
    const token = match?.[1];
    const claims = token ? await verifyAccessToken(keys, clock, token) : undefined;
    if (!claims || !(await tokenVersions.isCurrent(claims.sub, claims.ver))) throw new HttpError(401, "Unauthorized");
    request.member = { id: claims.sub, email: claims.email };
  }
  app.decorate("requireMember", async (request: FastifyRequest) => readMember(request, true));
  app.decorate("optionalMember", async (request: FastifyRequest) => readMember(request, false));

  app.setErrorHandler((error: FastifyError | HttpError, request, reply) => {
    if (error instanceof HttpError)
      return reply
        .status(error.statusCode)
        .headers(error.headers)
        .send(errorBody(error.statusCode, error.messages, error.code, error.values));
    const status = error.statusCode;
    if (status && status >= 400 && status < 500) {
      if (error.validation) {
        const errors = error.validation as never[];
        const message = errors.map((v) => describeValidationError(v, error.validationContext));
        const values = fieldProblems(errors, error.validationContext);
        return reply.status(status).send(errorBody(status, oneOrList(message), "validation", values));
      }
      return reply.status(status).send(errorBody(status, error.message));
    }
    // PostgreSQL "data exception" (SQLSTATE class 22: NUL bytes, impossible dates, out-of-range numbers) means the
    // input could not be stored: the client's fault, answered as such, with nothing written.
    const sqlState = (error as { code?: unknown }).code;
    if (typeof sqlState === "string" && /^22[0-9A-Z]{3}$/.test(sqlState)) {
      request.log.warn({ reqId: request.id, sqlState }, "input rejected by the database");
      return reply
        .status(400)
        .send(errorBody(400, "The request contains a value that cannot be stored.", "unstorable_value"));
    }
    request.log.error({ err: error, reqId: request.id }, "unhandled error");
    return reply.status(500).send(errorBody(500, "Internal Server Error"));
  });

  // Security headers: built once from the fixed options (building them parses the whole policy), then written on
  // every response, as @fastify/helmet would write them but without rebuilding them per request.
  const securityHeaders = helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", "data:", "blob:"],
        mediaSrc: ["'self'", "blob:"],
        // The console PUTs a video to a Mux Direct Upload URL when Mux's API is configured.
        connectSrc: ["'self'", ...(config.media.muxApi ? [config.media.muxApi.uploadOrigin] : [])],
        fontSrc: ["'self'", "data:"],
        frameSrc: ["'self'"],
        frameAncestors: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
      },
    },
    crossOriginResourcePolicy: { policy: "cross-origin" },
    crossOriginEmbedderPolicy: false,
  });
  // A script or a stylesheet is never a document: a policy for documents (CSP, framing, opener, referrer) does nothing
  // on it, and on a studio page of seven small scripts those headers were a sixth of the JavaScript on the wire. They
  // keep what applies to a subresource: nosniff and the cross-origin resource policy.
  const subresourceHeaders = helmet({
    contentSecurityPolicy: false,
    crossOriginOpenerPolicy: false,
    crossOriginEmbedderPolicy: false,
    crossOriginResourcePolicy: { policy: "cross-origin" },
    // Browsers take HSTS from the documents, which carry it.
    strictTransportSecurity: false,
    originAgentCluster: false,
    referrerPolicy: false,
    xDnsPrefetchControl: false,
    xDownloadOptions: false,
    xFrameOptions: false,
    xPermittedCrossDomainPolicies: false,
    xXssProtection: false,
  });
  app.addHook("onRequest", (request, reply, done) =>
    (SUBRESOURCE.test(request.url) ? subresourceHeaders : securityHeaders)(request.raw, reply.raw, (error) =>
      done(error as Error | undefined),
    ),
  );

  const allowed = new Set([new URL(config.publicUrl).origin, ...config.allowedOrigins.map((o) => new URL(o).origin)]);
  // The three answers a request can get, built once: its own (allowed) origin echoed, any origin, or no CORS.
  const corsOptions = (origin: string | false) => ({
    origin,
    methods: ["GET", "POST", "PUT", "DELETE", "OPTIONS"],
    allowedHeaders: ["Authorization", "Content-Type", "x-device", "x-request-id"],
    exposedHeaders: ["x-request-id"],
    maxAge: 600,
  });
  const corsForAllowed = new Map([...allowed].map((origin) => [origin, corsOptions(origin)]));
  const corsForAny = corsOptions("*");
  const corsClosed = corsOptions(false);
  await registerCompression(app);
  await app.register(cors, {
    hook: "onRequest",
    delegator: (request, callback) => {
      const origin = request.headers.origin;
      if (!origin) return callback(null, corsClosed);
      const isPublic =
        (PUBLIC_CORS.test(request.url) &&
          (request.method === "GET" || request.url.startsWith("/tsapi/workouts/search"))) ||
        // A site's schedule reads its member's bookings with a pass bound to the site's origin (routes/site-bookings).
        (SITE_BOOKINGS.test(request.url) && (request.method === "GET" || request.method === "OPTIONS"));
      callback(null, corsForAllowed.get(origin) ?? (isPublic ? corsForAny : corsClosed));
    },
  });

  // Shapes every route shares, named in the OpenAPI document's components (their $id is their name there).
  for (const schema of contractSchemas) app.addSchema(schema);
  await app.register(swagger, {
    refResolver: {
      buildLocalReference: (json, _base, _fragment, i) => (typeof json.$id === "string" ? json.$id : `def-${i}`),
    },
    openapi: {
      openapi: "3.1.0",
      info: {
        title: "fitkit API",
        version: "1",
        description: "The fitkit member and content API.",
        license: { name: "Proprietary", identifier: "LicenseRef-Proprietary" },
      },
      servers: [{ url: config.publicUrl, description: "This server (FITKIT_PUBLIC_URL)" }],
      components: { securitySchemes: { bearer: { type: "http", scheme: "bearer", bearerFormat: "JWT" } } },
    },
    transform: completeOperation({ requireMember: app.requireMember, optionalMember: app.optionalMember }),
  });

  await app.register(servicesPlugin, { ctx });
  await app.register(jobsPlugin, { ...options.jobs, ctx });
  await registerRoutes(app, ctx);
  return app;
}
