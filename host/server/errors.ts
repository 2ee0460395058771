import { STATUS_CODES } from "node:http";

/** The values a refusal names, for a client that says it in another language (an instant as ISO 8601). */
export type ErrorValues = Readonly<Record<string, string | number>>;

/**
 * A refusal a client can say in any language: the English sentence, the stable code that names the rule, and the
 * values the sentence names (docs/api.md lists the codes).
 */
export interface Refusal {
  message: string | string[];
  code: string;
  values?: ErrorValues;
}

/** What an error answer says: a sentence, several (one per problem), or a coded refusal. */
export type Said = string | string[] | Refusal;

/** A failure a client should see: thrown by handlers and services, shaped once by the error handler. */
export class HttpError extends Error {
  readonly messages: string | string[];
  readonly code: string;
  readonly values: ErrorValues | undefined;
  constructor(
    readonly statusCode: number,
    said: Said,
    /** Response headers that belong to this answer (Retry-After on a 429). */
    readonly headers: Record<string, string> = {},
  ) {
    const messages = typeof said === "object" && !Array.isArray(said) ? said.message : said;
    super(Array.isArray(messages) ? messages.join("; ") : messages);
    this.messages = messages;
    this.code = (typeof said === "object" && !Array.isArray(said) && said.code) || statusCodeName(statusCode);
    this.values = typeof said === "object" && !Array.isArray(said) ? said.values : undefined;
  }
}

export const badRequest = (said: Said) => new HttpError(400, said);
export const unauthorized = (said: Said = "Unauthorized") => new HttpError(401, said);
export const forbidden = (said: Said = "Forbidden") => new HttpError(403, said);
export const notFound = (said: Said = "Not Found") => new HttpError(404, said);
export const conflict = (said: Said) => new HttpError(409, said);
export const unprocessable = (said: Said) => new HttpError(422, said);
/** 429 with Retry-After in whole seconds, rounded up so a client that waits exactly that long is let through. */
export const tooManyRequests = (said: Said, retryAfterMs: number) =>
  new HttpError(429, said, { "retry-after": String(Math.max(1, Math.ceil(retryAfterMs / 1000))) });

/**
 * The code of an answer no rule names more precisely: its status's (`validation` for a 400, `unauthenticated` for a
 * 401, `not_found`, `rate_limited`, …; docs/api.md).
 */
function statusCodeName(statusCode: number): string {
  const named = STATUS_NAMES[statusCode];
  if (named) return named;
  return (STATUS_CODES[statusCode] ?? "error")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "_")
    .replace(/^_|_$/g, "");
}
const STATUS_NAMES: Readonly<Record<number, string>> = {
  400: "validation",
  401: "unauthenticated",
  402: "payment_declined",
  413: "too_large",
  414: "uri_too_long",
  416: "range_not_satisfiable",
  429: "rate_limited",
  500: "internal",
  503: "unavailable",
};

/** The message of an answer listing `problems`: the problem itself when there is one, else the list. */
export function oneOrList(problems: string[]): string | string[] {
  // length 1: index 0 holds a problem.
  return problems.length === 1 ? problems[0]! : problems;
}

/**
 * The contract's error body: `{statusCode, message, error}` where error is the reason phrase, with the refusal's
 * `code` (its status's when no rule names it) and, when the sentence names values, `values`.
 */
export function errorBody(statusCode: number, message: string | string[], code?: string, values?: ErrorValues) {
  return {
    statusCode,
    message,
    error: STATUS_CODES[statusCode] ?? "Error",
    code: code ?? statusCodeName(statusCode),
    ...(values && { values }),
  };
}

/**
 * A start-up the server refuses (bad configuration, a data folder in use): the process prints the message as one
 * line and exits non-zero, without a stack trace, because the operator's fix is in the message.
 */
export class StartupError extends Error {
  override name = "StartupError";
}

/** Longest path parameter the router accepts (longer answers 414): no id or slug comes near it. */
export const MAX_PARAM_LENGTH = 100;
export const paramTooLongMessage = `A path parameter is longer than ${MAX_PARAM_LENGTH} characters`;
