import type { FastifyRequest } from "fastify";
import { badRequest } from "../errors.js";

/** U+0000, or a UTF-16 surrogate without its pair: PostgreSQL text and jsonb can hold neither. */
const UNSTORABLE = /\u0000|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;
const storable = (s: string) => !UNSTORABLE.test(s);

function containsUnstorable(value: unknown): boolean {
  if (typeof value === "string") return !storable(value);
  if (Array.isArray(value)) return value.some(containsUnstorable);
  if (value && typeof value === "object") return Object.entries(value).some(([key, v]) => !storable(key) || containsUnstorable(v));
  return false;
}

/**
 * preValidation hook: text the database cannot store, anywhere in the path, query or body, is refused as bad input
 * (400) instead of failing in the database (500).
 */
export async function rejectUnstorableText(request: FastifyRequest): Promise<void> {
  if (containsUnstorable(request.params) || containsUnstorable(request.query) || containsUnstorable(request.body)) {
    throw badRequest("text must not contain NUL characters or unpaired surrogates");
  }
}
