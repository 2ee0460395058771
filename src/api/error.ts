import type { ErrorBody } from "./types.js";

/**
 * Every failed call: the method, the full URL, the HTTP status (0 when no answer arrived: network failure or timeout)
 * and the contract's error body when the server sent one, whose `code` and `values` say the refusal in any language.
 */
export class ApiError extends Error {
  override name = "ApiError";
  constructor(
    readonly method: string,
    readonly url: string,
    readonly status: number,
    readonly body?: ErrorBody | unknown,
  ) {
    super(messageOf(body) ?? (status ? `${method} ${url} answered ${status}` : `${method} ${url} failed: no answer`));
  }
  /** The rule that refused (`class_full`, `validation`, …; docs/api.md); undefined when no error body arrived. */
  get code(): string | undefined {
    return (this.body as ErrorBody | undefined)?.code;
  }
  /** The values the refusal's message names (instants in ISO 8601), to phrase it in the member's language. */
  get values(): ErrorBody["values"] {
    return (this.body as ErrorBody | undefined)?.values;
  }
}

function messageOf(body: unknown): string | undefined {
  const m = (body as ErrorBody | undefined)?.message;
  return Array.isArray(m) ? m.join(", ") : typeof m === "string" ? m : undefined;
}

/** The error a call needing credentials fails with when the member is signed out (no network call made). */
export const unauthorizedError = (method: string, url: string) =>
  new ApiError(method, url, 401, {
    statusCode: 401,
    message: "Unauthorized",
    error: "Unauthorized",
    code: "unauthenticated",
  } satisfies ErrorBody);

/** True for the rejection an aborted call settles with (never an ApiError, never retried). */
export const isAbort = (e: unknown): boolean => (e as Error | undefined)?.name === "AbortError";
