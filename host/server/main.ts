import type { FastifyInstance } from "fastify";
import { listeningOrigin, loadConfig, type ServerConfig } from "./config.js";
import { StartupError } from "./errors.js";
import { createServer } from "./server.js";
import { DEMO_MEMBERS, DEMO_PASSWORD } from "./db/seed/members.js";
import { DEMO_STAFF } from "./db/seed/studio-staff.js";
import { DEMO_OPERATORS } from "./db/seed/operators.js";

/**
 * A refused start is one line on stderr and a non-zero exit: the operator's fix is in the message, not a stack.
 * Any other failure (a database that cannot be reached) is one line too, naming what failed; LOG_LEVEL=debug adds
 * the stack.
 */
function refuse(error: unknown): never {
  const message = error instanceof StartupError ? error.message : `could not start: ${oneLine(error)}`;
  process.stderr.write(`fitkit: ${message}\n`);
  if (!(error instanceof StartupError) && process.env.LOG_LEVEL === "debug") console.error(error);
  process.exit(1);
}

function oneLine(error: unknown): string {
  // A connection refused on every address of a host name is an AggregateError with an empty message.
  if (error instanceof AggregateError && !error.message && error.errors.length) return oneLine(error.errors[0]);
  const text = error instanceof Error ? error.message || error.name : String(error);
  const code = (error as { code?: unknown } | null)?.code;
  return `${text.replace(/\s+/g, " ").trim()}${typeof code === "string" && !text.includes(code) ? ` (${code})` : ""}`;
}

let config: ServerConfig;
let app: FastifyInstance;
const started = performance.now();
try {
  config = loadConfig();
  app = await createServer(config);
} catch (error) {
  refuse(error);
}
// Stop handlers go in before the server listens or says it runs: whoever starts it may stop it at once.
/**
 * How long a stop may take before the process gives up on a clean close (a stuck connection must not keep it alive).
 */
const SHUTDOWN_MS = 10_000;
for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.once(signal, () => {
    setTimeout(() => {
      process.stderr.write(`fitkit: shutdown did not finish within ${SHUTDOWN_MS / 1000} s; exiting\n`);
      process.exit(1);
    }, SHUTDOWN_MS).unref();
    app.close().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  });
}

/**
 * What a site embedding the widgets gets (docs/embedding.md): any site may show them and hears of bookings made in the
 * popup; a member's bookings show again on a site that may hold a bookings pass (FITKIT_ALLOWED_ORIGINS, and outside
 * production any site).
 */
function embeddingLine(c: typeof config) {
  if (c.allowedOrigins.length)
    return `  embedding: members' bookings show on ${c.allowedOrigins.join(", ")}${c.production ? "" : " (and, outside production, any site)"}`;
  return c.production
    ? "  embedding: set FITKIT_ALLOWED_ORIGINS to the studio sites embedding the widgets, or members' bookings do not show there"
    : "  embedding: any site may embed the widgets and show members' bookings (production needs FITKIT_ALLOWED_ORIGINS)";
}

const { port } = new URL(await app.listen({ port: config.port, host: config.host }).catch(refuse));
const url = listeningOrigin(config.host, Number(port));

const lines = [
  `fitkit is running at ${url}  (started in ${Math.round(performance.now() - started)} ms)`,
  `  database: ${config.databaseUrl ? "PostgreSQL (DATABASE_URL)" : `embedded PGlite in ${config.dataDir}`}`,
  `  video storage: ${app.ctx.mediaStorage.location}`,
  `  API docs: ${url}/docs${config.devMail ? `   outbox: ${url}/dev/mail (from this machine only)` : ""}`,
  ...(config.host === "127.0.0.1" ? [`  listening on this machine only: set HOST=0.0.0.0 to serve the network`] : []),
  embeddingLine(config),
  ...(config.billing.provider === "off" ? ["  billing: off (nothing can be bought)"] : []),
  ...(config.billing.provider === "sandbox" && config.production
    ? ["  billing: SANDBOX in production (test cards buy memberships)"]
    : []),
  ...(config.demo
    ? [
        `  demo accounts (password "${DEMO_PASSWORD}"):`,
        ...DEMO_MEMBERS.map((m) => `    ${m.email.padEnd(30)} ${m.about}`),
        ...DEMO_STAFF.map((m) => `    ${m.email.padEnd(30)} ${m.about}`),
        ...DEMO_OPERATORS.map((m) => `    ${m.email.padEnd(30)} ${m.about}`),
      ]
    : []),
];
process.stdout.write(`${lines.join("\n")}\n`);
