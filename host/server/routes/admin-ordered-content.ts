import type { FastifyInstance, FastifyRequest } from "fastify";
import { errorSchema, exactObject, memberSecurity, noBody } from "../schemas.js";
import type { ContentVerb, Direction } from "../services/content-states.js";
import type { Actor, ConsoleArea } from "../services/operator-access.js";
import { typed } from "./typed.js";

const recordId = exactObject({ id: { type: "string", minLength: 1, maxLength: 128 } });
const move = exactObject({ direction: { type: "string", enum: ["up", "down"] } });
const refusals = { 400: errorSchema, 401: errorSchema, 403: errorSchema, 404: errorSchema, 409: errorSchema };
const itemsOf = (item: object) => exactObject({ items: { type: "array", items: item } });

/** What the routes ask of a kind's service: records created as drafts, published, retired and kept in an order. */
interface OrderedContent<F> {
  list(): Promise<unknown[]>;
  get(id: string): Promise<unknown>;
  create(actor: Actor, fields: F): Promise<unknown>;
  update(actor: Actor, id: string, fields: F): Promise<unknown>;
  change(actor: Actor, id: string, verb: ContentVerb): Promise<unknown>;
  move(actor: Actor, id: string, direction: Direction): Promise<unknown[]>;
}

/** One kind of ordered record as the console reaches it. */
export interface OrderedContentKind {
  /** Its collection's path under /admin/v1, without the slash: "trainers" */
  path: string;
  /** What one is called in the summaries: "trainer" */
  what: string;
  /** The body's type is the kind's fields; the `body` schema makes the request exactly those. */
  service: OrderedContent<never>;
  /** The schema of one record as answered */
  answer: object;
  /** The schema of the fields a create or update sends */
  body: object;
  /** A list of its own in place of "every one in every state" (content entries are listed one key at a time) */
  listing?: { summary: string; querystring: object; list: (query: never) => Promise<unknown[]> };
}

/**
 * The same routes for every kind of ordered console record: list, get one, create as a draft last in its list,
 * replace its fields, publish and retire (nothing is deleted), move one place up or down. Writes are in the console
 * `area` (the role check of adminRoutes, inside which the callers are registered, applies) and audited by the services.
 */
export function orderedContentRoutes(
  instance: FastifyInstance,
  kinds: readonly OrderedContentKind[],
  deps: { actor: (request: FastifyRequest) => Actor; area: ConsoleArea },
) {
  const app = typed(instance);
  const { actor } = deps;
  const write = { config: { consoleArea: deps.area } };
  const common = { tags: ["admin"], security: memberSecurity };

  for (const { path, what, service, answer, body, listing } of kinds) {
    app.get(
      `/${path}`,
      {
        schema: {
          ...common,
          summary: listing?.summary ?? `Every ${what} in every state: those in use in their order, then the retired`,
          ...(listing && { querystring: listing.querystring }),
          response: { 200: itemsOf(answer), ...refusals },
        },
      },
      async (request) => ({
        items: await (listing ? listing.list(request.query as never) : service.list()),
      }),
    );
    app.get(
      `/${path}/:id`,
      { schema: { ...common, summary: `One ${what}`, params: recordId, response: { 200: answer, ...refusals } } },
      async (request) => service.get(request.params.id),
    );
    app.post(
      `/${path}`,
      {
        ...write,
        schema: {
          ...common,
          summary: `Create a ${what} as a draft, last in its list (members see it once published)`,
          body,
          response: { 200: answer, ...refusals },
        },
      },
      async (request) => service.create(actor(request), request.body as never),
    );
    app.put(
      `/${path}/:id`,
      {
        ...write,
        schema: {
          ...common,
          summary: `Replace a ${what}'s fields (its state and place stay)`,
          params: recordId,
          body,
          response: { 200: answer, ...refusals },
        },
      },
      async (request) => service.update(actor(request), request.params.id, request.body as never),
    );
    for (const [verb, summary] of [
      ["publish", `Publish a ${what}: members see it (a retired one comes back, last in its list)`],
      ["retire", `Retire a ${what}: members stop seeing it; kept for the record (publish brings it back)`],
    ] as const)
      app.post(
        `/${path}/:id/${verb}`,
        {
          ...write,
          schema: { ...common, summary, params: recordId, body: noBody, response: { 200: answer, ...refusals } },
        },
        async (request) => service.change(actor(request), request.params.id, verb),
      );
    app.post(
      `/${path}/:id/move`,
      {
        ...write,
        schema: {
          ...common,
          summary: `Move a ${what} one place up or down in its list; answers them all in the new order`,
          params: recordId,
          body: move,
          response: { 200: itemsOf(answer), ...refusals },
        },
      },
      async (request) => ({ items: await service.move(actor(request), request.params.id, request.body.direction) }),
    );
  }
}
