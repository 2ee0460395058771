// Lookups into the generated contract (contract.gen.ts, from the server's OpenAPI document): the JSON body a call
// sends, and the JSON body it answers, by path and method as the OpenAPI document spells them (`{id}` parameters).
import type { paths } from "./contract.gen.js";

export type ApiPath = keyof paths;
type Operation<P extends ApiPath, M extends keyof paths[P]> = NonNullable<paths[P][M]>;

/** The JSON body `M P` takes. */
export type RequestBody<P extends ApiPath, M extends keyof paths[P]> =
  Operation<P, M> extends { requestBody?: { content: { "application/json": infer B } } } ? B : never;

/** The JSON body `M P` answers with status `S` (200 unless given). */
export type ResponseBody<P extends ApiPath, M extends keyof paths[P], S extends number = 200> =
  Operation<P, M> extends { responses: { [K in S]: { content: { "application/json": infer R } } } } ? R : never;
