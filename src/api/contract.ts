// Lookups into the generated contract (contract.gen.ts, from the server's OpenAPI document): what a call sends (its
// URL parameters, query and body) and what it answers, by path and method as the OpenAPI document spells them
// (`{id}` parameters). Types only: `call` (client.ts) is the one runtime function that uses them.
import type { paths } from "./contract.gen.js";

export type ApiPath = keyof paths;
type Method = "get" | "put" | "post" | "delete" | "patch";
/** The methods the contract lists for `P`. */
export type MethodOf<P extends ApiPath> = {
  [M in Method]-?: paths[P][M] extends { responses: unknown } ? M : never;
}[Method];
type Operation<P extends ApiPath, M extends keyof paths[P]> = NonNullable<paths[P][M]>;

/** The JSON body `M P` takes. */
export type RequestBody<P extends ApiPath, M extends keyof paths[P]> =
  Operation<P, M> extends { requestBody?: { content: { "application/json": infer B } } } ? B : never;

/** The JSON body `M P` answers with status `S` (200 unless given). */
export type ResponseBody<P extends ApiPath, M extends keyof paths[P], S extends number = 200> =
  Operation<P, M> extends { responses: { [K in S]: { content: { "application/json": infer R } } } } ? R : never;

/** What a successful `M P` resolves to: its 200 JSON body (a file answer is read with `callFile` instead). */
export type Reply<P extends ApiPath, M extends MethodOf<P>> =
  Operation<P, M> extends { responses: { 200: { content: { "application/json": infer R } } } } ? R : unknown;

type Parameters_<O> = O extends { parameters: infer X } ? X : never;
/** `{id}` parameters: required when the path has any. */
type PathInput<O> = Parameters_<O> extends { path: infer X } ? { params: X } : { params?: never };
/** The query string: required when one of its fields is. */
type QueryInput<O> =
  Parameters_<O> extends { query: infer Q }
    ? { query: Q }
    : [NonNullable<Parameters_<O> extends { query?: infer Q } ? Q : never>] extends [never]
      ? { query?: never }
      : { query?: NonNullable<Parameters_<O> extends { query?: infer Q } ? Q : never> };
/** A body as sent: JSON as the schema says, or a Blob (carrying its media type) where a file is also taken. */
type BodyOf<C> = C extends { "application/json": infer B } ? (keyof C extends "application/json" ? B : B | Blob) : Blob;
/** The body: required unless the contract makes it optional or lets it be null (a bodiless POST). */
type BodyInput<O> = O extends { requestBody: { content: infer C } }
  ? null extends BodyOf<C>
    ? { body?: Exclude<BodyOf<C>, null> }
    : { body: BodyOf<C> }
  : O extends { requestBody?: { content: infer C } }
    ? { body?: BodyOf<C> }
    : { body?: never };

/** What a call of `M P` must name: its URL parameters, its query and its body, each as the contract types them. */
export type CallInput<P extends ApiPath, M extends MethodOf<P>> = PathInput<Operation<P, M>> &
  QueryInput<Operation<P, M>> &
  BodyInput<Operation<P, M>>;
