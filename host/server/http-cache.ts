import { createHash } from "node:crypto";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";

/**
 * HTTP caching of API answers (issue 28; docs/operations.md "Caching and a CDN"). Public answers carry a validator
 * and a short Cache-Control and answer `If-None-Match` with 304; an answer to a request carrying a member's token is
 * never stored by anyone.
 */

/** The schedule: counts change with every booking, so every use revalidates (a 304 costs one small query). */
const SCHEDULE_CACHE_CONTROL = "public, no-cache";
/** Catalogue, content and locations change when an editor publishes: a minute late at most. */
const CATALOGUE_CACHE_CONTROL = "public, max-age=60";
/** A member's answer (any request with Authorization): neither the browser nor any shared cache keeps it. */
const MEMBER_CACHE_CONTROL = "private, no-store";

/** Public answers by route pattern (as registered, prefix included) and their Cache-Control. */
const PUBLIC_ANSWERS: { route: RegExp; cacheControl: string; vary: string[] }[] = [
  // A member's token (without public=true) adds their video-call links: caches must key on it.
  { route: /^\/studios\/class$/, cacheControl: SCHEDULE_CACHE_CONTROL, vary: ["authorization"] },
  { route: /^\/tsapi\//, cacheControl: CATALOGUE_CACHE_CONTROL, vary: [] },
  { route: /^\/subscriptions\/v1\/products$/, cacheControl: CATALOGUE_CACHE_CONTROL, vary: [] },
];

/**
 * The validator of an answer's bytes: equal bytes, equal tag, whichever process made them. Weak, because a
 * compressed answer is another representation of the same content (compression keeps the tag).
 */
export function answerTag(body: string | Buffer): string {
  return `W/"${createHash("sha1").update(body).digest("base64url")}"`;
}

/** RFC 9110 If-None-Match, weak comparison: `*`, or any listed tag naming the same opaque value. */
function matchesIfNoneMatch(header: string | undefined, tag: string): boolean {
  if (!header) return false;
  if (header.trim() === "*") return true;
  const opaque = (t: string) => t.trim().replace(/^W\//, "");
  const mine = opaque(tag);
  return header.split(",").some((t) => opaque(t) === mine);
}

/** Adds names to Vary, keeping what another part of the server (compression) already wrote. */
function addVary(reply: FastifyReply, names: string[]) {
  const current = reply.getHeader("vary");
  const listed = (typeof current === "string" ? current : "")
    .split(",")
    .map((v) => v.trim())
    .filter(Boolean);
  if (listed.includes("*")) return;
  const lower = new Set(listed.map((v) => v.toLowerCase()));
  const added = names.filter((n) => !lower.has(n.toLowerCase()));
  if (added.length) reply.header("vary", [...listed, ...added].join(", "));
}

const policyOf = (request: FastifyRequest) => {
  if (request.method !== "GET" && request.method !== "HEAD") return undefined;
  const route = request.routeOptions.url;
  return route === undefined ? undefined : PUBLIC_ANSWERS.find((p) => p.route.test(route));
};

/**
 * The onSend hook: Cache-Control on every API answer that has none yet (static files and the live stream set their
 * own), the validator on public answers and 304 for a client holding them. Registered before compression, so the
 * tag is taken from the uncompressed bytes and a 304 is never compressed.
 */
export function answerCaching(app: FastifyInstance) {
  app.addHook("onSend", async (request, reply, payload) => {
    if (reply.hasHeader("cache-control")) return payload;
    if (request.headers.authorization !== undefined) {
      reply.header("cache-control", MEMBER_CACHE_CONTROL);
      return payload;
    }
    const policy = policyOf(request);
    if (!policy) return payload;
    addVary(reply, [...policy.vary, "accept-encoding"]);
    if (reply.statusCode !== 200 || !(typeof payload === "string" || Buffer.isBuffer(payload))) return payload;
    reply.header("cache-control", policy.cacheControl);
    const existing = reply.getHeader("etag");
    const tag = typeof existing === "string" ? existing : answerTag(payload);
    reply.header("etag", tag);
    const ifNoneMatch = request.headers["if-none-match"];
    if (!matchesIfNoneMatch(ifNoneMatch, tag)) return payload;
    reply.code(304);
    reply.removeHeader("content-type");
    reply.removeHeader("content-length");
    return null;
  });
}
