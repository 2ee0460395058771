import type { FastifyInstance, FastifyReply } from "fastify";
import type { JsonSchemaToTsProvider } from "@fastify/type-provider-json-schema-to-ts";
import type { AnswerOptions } from "../schemas.js";

/**
 * Request and reply types read from each route's own schema (written `as const`): what the validator lets through
 * is what the handler receives, and what a handler answers must match its response schema, or the build fails.
 */
export type SchemaTypes = JsonSchemaToTsProvider<{ SerializerSchemaOptions: AnswerOptions }>;

/** A route plugin's instance whose handlers get their request and reply types from their schemas. */
export const typed = (app: FastifyInstance) => app.withTypeProvider<SchemaTypes>();

/**
 * Sends bytes serialised already (a cached answer, assembled JSON, an archive): they skip the serializer, so they
 * skip the reply's type too; what they hold is checked where they were made.
 */
export function sendSerialised(reply: FastifyReply, body: string | Buffer, type = "application/json; charset=utf-8") {
  return reply.type(type).send(body);
}

/** Answers 304 Not Modified: a client's copy is current, so there is no body for the serializer or the reply's type. */
export const notModified = (reply: FastifyReply) => reply.status(304).send();
