import type { FastifyRequest } from "fastify";
import { badRequest } from "../errors.js";

/** U+0000, or a UTF-16 surrogate without its pair: PostgreSQL text and jsonb can hold neither. */
// eslint-disable-next-line no-control-regex -- U+0000 is exactly the character to reject
const UNSTORABLE = /\u0000|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;
const storable = (s: string) => !UNSTORABLE.test(s);

/** Walks the value with a list of pending values, not recursion: however deep the input, the stack stays flat. */
function containsUnstorable(root: unknown): boolean {
  const pending: unknown[] = [root];
  while (pending.length > 0) {
    const value = pending.pop();
    if (typeof value === "string") {
      if (!storable(value)) return true;
    } else if (Array.isArray(value)) {
      for (const item of value) pending.push(item);
    } else if (value && typeof value === "object") {
      for (const [key, item] of Object.entries(value)) {
        if (!storable(key)) return true;
        pending.push(item);
      }
    }
  }
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
