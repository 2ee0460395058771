import type { FastifyInstance, FastifyRequest } from "fastify";
import { HttpError } from "./errors.js";

/** Deepest nesting of arrays and objects a JSON body may have: far beyond any call's shape, far below a stack. */
const MAX_JSON_DEPTH = 32;

/**
 * Whether JSON text nests arrays and objects deeper than `limit`, found by one flat scan: code that walks a parsed
 * value recursively (ours, Ajv, the database's jsonb) would exhaust its stack on input like 50,000 `[`.
 */
function nestsDeeperThan(text: string, limit: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c)
        i++; // a backslash escapes the next character, a quote included
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x5b || c === 0x7b) {
      if (++depth > limit) return true;
    } else if (c === 0x5d || c === 0x7d) depth--;
  }
  return false;
}

/** The charset a Content-Type declares, lower-cased, or undefined. */
function declaredCharset(contentType: string | undefined): string | undefined {
  return contentType ? /;\s*charset\s*=\s*"?([^";\s]+)/i.exec(contentType)?.[1]?.toLowerCase() : undefined;
}

const hasBody = (request: FastifyRequest) =>
  request.headers["transfer-encoding"] !== undefined ||
  (request.headers["content-length"] !== undefined && request.headers["content-length"] !== "0");

/**
 * How request bodies are read: every body is decoded as UTF-8, so one declaring another charset is refused (415)
 * before it is read rather than misread; JSON keeps Fastify's prototype-poisoning guard and gets a depth cap (400),
 * and a JSON `null` is refused (400) whatever the route: no route takes one.
 * Register before any route.
 */
export function registerRequestBodies(app: FastifyInstance): void {
  app.addHook("preParsing", async (request) => {
    const charset = declaredCharset(request.headers["content-type"]);
    if (charset && charset !== "utf-8" && charset !== "utf8" && hasBody(request)) {
      throw new HttpError(415, `Unsupported charset "${charset}": send the body as UTF-8`);
    }
  });

  const parseJson = app.getDefaultJsonParser("error", "error");
  app.removeContentTypeParser("application/json");
  app.addContentTypeParser("application/json", { parseAs: "string" }, (request, body, done) => {
    const text = body as string; // parseAs: "string"
    if (nestsDeeperThan(text, MAX_JSON_DEPTH)) {
      done(
        new HttpError(400, `body must not nest arrays and objects more than ${MAX_JSON_DEPTH} levels deep`),
        undefined,
      );
      return;
    }
    // A JSON `null` is no body: a route that takes none is sent nothing (or `{}`), one that takes an object an object.
    if (text.trim() === "null") {
      done(new HttpError(400, "body must be an object, or left out"), undefined);
      return;
    }
    void parseJson(request, text, done); // the callback form: its type is a union with the promise form
  });
}
