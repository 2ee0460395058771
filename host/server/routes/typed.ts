import type { FastifyInstance, FastifyTypeProvider } from "fastify";
import type { FromSchema, JSONSchema } from "json-schema-to-ts";

/**
 * Request types (body, querystring, params, headers) read from each route's own schema (written `as const`), so
 * what the validator lets through and what the handler is typed to receive are one description. Replies stay
 * untyped here: the serializer turns the services' values (Dates among them) into what the response schemas say.
 */
export interface RequestSchemaTypes extends FastifyTypeProvider {
  validator: this["schema"] extends JSONSchema ? FromSchema<this["schema"]> : unknown;
  serializer: unknown;
}

/** A route plugin's instance whose handlers get their request types from their schemas. */
export const typed = (app: FastifyInstance) => app.withTypeProvider<RequestSchemaTypes>();
