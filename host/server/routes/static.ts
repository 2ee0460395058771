import { existsSync, readFileSync } from "node:fs";
import type { FastifyInstance } from "fastify";
import fastifyStatic from "@fastify/static";
import { errorBody, MAX_PARAM_LENGTH, paramTooLongMessage } from "../errors.js";
import { fromRoot } from "../paths.js";

/** API prefixes never answered with the app's HTML, so a wrong API path stays a JSON 404. */
const API_PATH =
  /^\/(api|tsapi|v2|user|stats|studios|calendar|subscriptions|commerce|docs|dev|health|media|widgets|examples)(\/|$)/;

/**
 * Static hosting: the built widgets at /widgets/, the example embed pages at /examples/, and the hosted app at /,
 * whose client-side routes all answer its index.html.
 */
export async function staticRoutes(app: FastifyInstance) {
  const widgetsDir = fromRoot("dist", "widgets");
  const appDir = fromRoot("dist", "app");
  const examplesDir = fromRoot("examples");

  let decorated = false;
  const serve = async (root: string, prefix: string) => {
    if (!existsSync(root)) return;
    await app.register(fastifyStatic, {
      root,
      prefix,
      decorateReply: !decorated,
      index: ["index.html"],
      maxAge: prefix === "/" ? 0 : "1h",
      wildcard: true,
    });
    decorated = true;
  };
  await serve(widgetsDir, "/widgets/");
  await serve(examplesDir, "/examples/");
  if (existsSync(`${examplesDir}/index.html`)) {
    // @fastify/static's wildcard route does not answer its own prefix with the index, so the folder gets a route of
    // its own (which, trailing slashes being ignored, also hears /examples: sent to /examples/ so relative links work).
    app.get("/examples/", { schema: { hide: true } }, (request, reply) =>
      request.url.split("?")[0]!.endsWith("/")
        ? reply.header("cache-control", "public, max-age=3600").sendFile("index.html", examplesDir)
        : reply.redirect("/examples/", 301),
    );
  }
  const indexFile = `${appDir}/index.html`;
  const appIndex = existsSync(indexFile) ? readFileSync(indexFile, "utf8") : undefined;
  if (appIndex) await serve(appDir, "/");

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
