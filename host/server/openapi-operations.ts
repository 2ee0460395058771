import type { SwaggerTransform } from "@fastify/swagger";
import { errorSchema, memberSecurity } from "./schemas.js";

/**
 * What client generators and API linters need of every operation, filled in centrally so that every route has it
 * without repeating it: a stable `operationId`, the client errors it can answer (in the shared error shape) and its
 * security requirement. A route's own schema wins where it says any of these itself.
 */

/** Path segments that carry no meaning of their own in an operation's name (API prefixes and versions). */
const NOISE_SEGMENTS = new Set(["api", "tsapi", "v1", "v2"]);

const capitalize = (word: string) => word.charAt(0).toUpperCase() + word.slice(1);

/**
 * `GET /tsapi/workouts/:slug` → `getWorkoutsBySlug`, `POST /api/auth/sign-up/email` → `postAuthSignUpEmail`: the
 * method, then each meaningful path segment, path parameters as `By<Name>`. Readable, and unchanged as long as the
 * method and path are; a route can name itself instead with `schema.operationId`.
 */
export function operationIdFor(method: string, url: string): string {
  const words = url
    .split("/")
    .filter((segment) => segment && !NOISE_SEGMENTS.has(segment))
    .flatMap((segment) => {
      const param = /^:(\w+)/.exec(segment);
      if (param) return [`By${capitalize(param[1]!)}`];
      return segment
        .split(/[^A-Za-z0-9]+/)
        .filter(Boolean)
        .map(capitalize);
    });
  return method.toLowerCase() + words.join("");
}

/** Anyone may call it: no credentials. */
const publicSecurity: Record<string, string[]>[] = [];
/** A bearer token is read when sent (and refused when invalid); without one the answer is the public one. */
const optionalMemberSecurity: Record<string, string[]>[] = [{}, ...memberSecurity];

interface RouteSchema {
  hide?: boolean;
  operationId?: string;
  security?: Record<string, string[]>[];
  body?: unknown;
  querystring?: unknown;
  params?: unknown;
  headers?: unknown;
  response?: Record<string, unknown>;
}

/** The server's two token hooks, recognised by identity among a route's onRequest hooks. */
interface MemberHooks {
  requireMember: unknown;
  optionalMember: unknown;
}

/**
 * The @fastify/swagger `transform`: a copy of each route's schema with the operation's id, security and client
 * errors added (the route's own schema, which validates and serialises, is left as it is).
 * - security: the schema's own; else bearer when the route's onRequest requires a member, bearer-or-none when it
 *   reads one optionally, else none (`security: []`).
 * - 400 when the route takes input (body, query, path or headers, all validated), 401 when it reads a token, 404
 *   when a path parameter names something that may not exist.
 */
export function completeOperation(hooks: MemberHooks): SwaggerTransform {
  return ({ schema, url, route }) => {
    // Routes without a schema reach here with none, whatever the type says.
    const own = schema as RouteSchema | undefined;
    if (!own || own.hide) return { schema, url };
    const onRequest: unknown[] = [route.onRequest ?? []].flat();
    const security =
      own.security ??
      (onRequest.includes(hooks.requireMember)
        ? memberSecurity
        : onRequest.includes(hooks.optionalMember)
          ? optionalMemberSecurity
          : publicSecurity);
    const readsToken = security.some((requirement) => "bearer" in requirement);
    const clientErrors = [
      ...(own.body || own.querystring || own.params || own.headers ? ["400"] : []),
      ...(readsToken ? ["401"] : []),
      ...(own.params ? ["404"] : []),
    ];
    const method = [route.method].flat()[0]!;
    return {
      url,
      schema: {
        ...own,
        operationId: own.operationId ?? operationIdFor(method, url),
        security,
        response: {
          // Without a response schema the route answers JSON of no declared shape, as @fastify/swagger would say.
          ...(own.response ? {} : { 200: { description: "Default Response" } }),
          ...Object.fromEntries(clientErrors.map((status) => [status, errorSchema])),
          ...own.response,
        },
      },
    };
  };
}
