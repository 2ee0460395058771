import { existsSync, readFileSync } from "node:fs";
import { relative, sep } from "node:path";
import type { FastifyInstance } from "fastify";
import fastifyStatic from "@fastify/static";
import { errorBody, MAX_PARAM_LENGTH, paramTooLongMessage } from "../errors.js";
import { fromRoot } from "../paths.js";

/** API prefixes never answered with the app's HTML, so a wrong API path stays a JSON 404. */
const API_PATH =
  /^\/(api|tsapi|v2|user|stats|studios|calendar|subscriptions|commerce|docs|dev|health|media|widgets|examples)(\/|$)/;

/**
 * Files whose names carry a hash of their content, so a given URL never changes: rollup names the widgets' shared and
 * on-use chunks `shared-[hash].js` and `lazy-[name]-[hash].js` (widgets/rollup.widgets.mjs), and every hosted-app chunk
 * but its entry `[name]-[hash].js` (host/app/rollup.app.mjs), with their source maps.
 */
const CONTENT_HASHED =
  /^\/(?:widgets\/(?:esm|i18n)\/(?:shared|lazy-.+)|assets\/(?!main\.js)[^/]+)-[\w-]{8}\.js(?:\.map)?$/;

/**
 * How long a browser or CDN may keep a static file: a content-hashed one for a year without asking again (a new build
 * names its chunks anew); anything else (entries such as `esm/live-schedule.js`, `fitkit.iife.js`, `sri.json`, the
 * app's `main.js`, pages) is asked about again each time, a 304 while its ETag and Last-Modified still match.
 */
const cacheControlFor = (urlPath: string) =>
  CONTENT_HASHED.test(urlPath) ? "public, max-age=31536000, immutable" : "no-cache";

/**
 * Static hosting: the built widgets at /widgets/, the example embed pages at /examples/, and the hosted app at /,
 * whose client-side routes all answer its index.html.
 */
export async function staticRoutes(app: FastifyInstance) {
  const widgetsDir = fromRoot("dist", "widgets");
  const appDir = fromRoot("dist", "app");
  const examplesDir = fromRoot("examples");

  let decorated = false;
  /** Built folders hold `.br` and `.gz` copies beside each script (scripts/precompress.mjs), sent as they are. */
  const serve = async (root: string, prefix: string, preCompressed: boolean) => {
    if (!existsSync(root)) return;
    await app.register(fastifyStatic, {
      root,
      prefix,
      decorateReply: !decorated,
      index: ["index.html"],
      preCompressed,
      // Scripts, styles and pages are small and fetched whole: no range answers, and no Accept-Ranges on each of them.
      acceptRanges: false,
      cacheControl: false,
      // `path` is the file sent: its compressed copy (`x.js.br`) when one went.
      setHeaders: (res, path) => {
        const file = relative(root, path)
          .split(sep)
          .join("/")
          .replace(/\.(br|gz)$/, "");
        res.setHeader("cache-control", cacheControlFor(prefix + file));
      },
      wildcard: true,
    });
    decorated = true;
  };
  // A file's answer depends on Accept-Encoding whether or not this request got a compressed copy: caches (a browser's,
  // a CDN's) must keep one per encoding. (CORS's `Vary: Origin` is already set by the time this runs.)
  app.addHook("onSend", async (_request, reply, payload) => {
    const vary = reply.getHeader("vary");
    if (!/accept-encoding/i.test(String(vary ?? "")))
      reply.header("vary", vary ? `${vary}, accept-encoding` : "accept-encoding");
    return payload;
  });
  await serve(widgetsDir, "/widgets/", true);
  await serve(examplesDir, "/examples/", false);
  if (existsSync(`${examplesDir}/index.html`)) {
    // @fastify/static's wildcard route does not answer its own prefix with the index, so the folder gets a route of
    // its own (which, trailing slashes being ignored, also hears /examples: sent to /examples/ so relative links work).
    app.get("/examples/", { schema: { hide: true } }, (request, reply) =>
      request.url.split("?")[0]!.endsWith("/")
        ? reply.header("cache-control", "no-cache").sendFile("index.html", examplesDir)
        : reply.redirect("/examples/", 301),
    );
  }
  const indexFile = `${appDir}/index.html`;
  const appIndex = existsSync(indexFile) ? readFileSync(indexFile, "utf8") : undefined;
  if (appIndex) await serve(appDir, "/", true);

  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split("?")[0]!; // a split has a first part
    // The router reports an over-long parameter itself only on some paths (a static sibling such as
    // /subs/quote beside /subs/:id changes its walk): say the same 414 whichever path it is.
    if (path.split("/").some((segment) => segment.length > MAX_PARAM_LENGTH))
      return reply.status(414).send(errorBody(414, paramTooLongMessage));
    const wantsPage =
      request.method === "GET" && (request.headers.accept ?? "").includes("text/html") && !API_PATH.test(path);
    // Popup pages (/live/book, /continue) get their opener policy in app.ts's onSend hook.
    if (appIndex && wantsPage) return reply.type("text/html").header("cache-control", "no-cache").send(appIndex);
    return reply.status(404).send(errorBody(404, `Cannot ${request.method} ${path}`));
  });
}
