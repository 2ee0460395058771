import { STATUS_CODES } from "node:http";

/** A failure a client should see: thrown by handlers and services, shaped once by the error handler. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string | string[],
    /** Response headers that belong to this answer (Retry-After on a 429). */
    readonly headers: Record<string, string> = {},
  ) {
    super(Array.isArray(message) ? message.join("; ") : message);
    this.messages = message;
  }
  readonly messages: string | string[];
}

export const badRequest = (message: string | string[]) => new HttpError(400, message);
export const unauthorized = (message = "Unauthorized") => new HttpError(401, message);
export const forbidden = (message = "Forbidden") => new HttpError(403, message);
export const notFound = (message = "Not Found") => new HttpError(404, message);
export const conflict = (message: string) => new HttpError(409, message);
export const unprocessable = (message: string) => new HttpError(422, message);
/** 429 with Retry-After in whole seconds, rounded up so a client that waits exactly that long is let through. */
export const tooManyRequests = (message: string, retryAfterMs: number) =>
  new HttpError(429, message, { "retry-after": String(Math.max(1, Math.ceil(retryAfterMs / 1000))) });

/** The message of an answer listing `problems`: the problem itself when there is one, else the list. */
export function oneOrList(problems: string[]): string | string[] {
  // length 1: index 0 holds a problem.
  return problems.length === 1 ? problems[0]! : problems;
}

/** The contract's error body: `{statusCode, message, error}` where error is the reason phrase. */
export function errorBody(statusCode: number, message: string | string[]) {
  return { statusCode, message, error: STATUS_CODES[statusCode] ?? "Error" };
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
