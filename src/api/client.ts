import { FetchError, ofetch } from "ofetch";
import type { ApiPath, CallInput, MethodOf, Reply } from "./contract.js";
import { ApiError, unauthorizedError } from "./error.js";

/** Where an authorised call gets its bearer token (implemented by `src/auth`). */
export interface TokenSource {
  /** A usable access token, refreshed first when missing or expired; undefined when signed out. */
  accessToken(): Promise<string | undefined>;
  /** The server refused `rejected` (401): refresh once and answer the successor, undefined when signed out. */
  refreshAfterRejection(rejected: string): Promise<string | undefined>;
}

export interface ApiClientOptions {
  /** The API host, e.g. `https://api.example.com` (config.json's `apiBase` or a widget's `api-base` attribute). */
  baseURL: string;
  tokens?: TokenSource;
  /** Per-attempt timeout. Spec §9: 8000 ms. */
  timeout?: number;
  /** Extra attempts for idempotent calls after a network failure or a 5xx. Spec §9: 2. */
  retries?: number;
  /** Delay before extra attempt n (0-based). Spec §9: 250 ms doubling. */
  retryDelay?: (attempt: number) => number;
  fetch?: typeof globalThis.fetch;
}

export interface RequestOptions {
  method?: "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
  query?: Record<string, string | number | boolean | string[] | undefined>;
  body?: unknown;
  /** Needs the member's bearer token. */
  auth?: boolean;
  /** A bearer of the caller's own instead of the member's (a bookings pass): sent as is, never refreshed. */
  bearer?: string;
  signal?: AbortSignal;
  /** Reads sent with POST (search) may opt in to retries; writes never retry. */
  idempotent?: boolean;
  retries?: number;
  retryDelay?: (attempt: number) => number;
  /** Lets the request outlive the page (analytics sent while the page hides). */
  keepalive?: boolean;
  /** "blob" for a file the member downloads (an iCalendar event); JSON otherwise. */
  responseType?: "blob";
}

export interface ApiClient {
  readonly baseURL: string;
  /** The transport, untyped: call the API through `call`, which types a request and its answer by the contract. */
  request<T>(path: string, options?: RequestOptions): Promise<T>;
}

/** How a call goes (credentials, signal, retries), beside what the contract types. */
type CallOptions = Omit<RequestOptions, "method" | "query" | "body" | "responseType">;
type CallArgs<P extends ApiPath, M extends MethodOf<P>> =
  Record<string, never> extends CallInput<P, M>
    ? [input?: CallInput<P, M> & CallOptions]
    : [input: CallInput<P, M> & CallOptions];
type Input = RequestOptions & { params?: Record<string, string> };

/**
 * The one way to reach the API: `M P` as the contract (contract.gen.ts) spells it, with its `{name}` parameters, query
 * and body typed by the route's schemas and its answer typed by the response schema, so a call the server would refuse
 * for its shape does not compile. Path parameters are encoded.
 * @example call(api, "post", "/studios/reservation/{id}/cancel", { params: { id }, auth: true })
 */
export function call<P extends ApiPath, M extends MethodOf<P>>(
  c: ApiClient,
  method: M,
  path: P,
  ...[input]: CallArgs<P, M>
): Promise<Reply<P, M>> {
  const o = (input ?? {}) as Input;
  return c.request(
    (path as string).replace(/{(\w+)}/g, (_, k: string) => encodeURIComponent(o.params![k]!)),
    {
      ...o,
      method: method.toUpperCase() as RequestOptions["method"],
    },
  );
}

/** `call` for an answer that is a file to keep (a CSV, an iCalendar event, a ZIP): resolves to its bytes. */
export const callFile = <P extends ApiPath, M extends MethodOf<P>>(
  c: ApiClient,
  method: M,
  path: P,
  ...[input]: CallArgs<P, M>
): Promise<Blob> => (call as (...a: unknown[]) => Promise<Blob>)(c, method, path, { ...input, responseType: "blob" });

const doubling = (attempt: number) => 250 * 2 ** attempt;
/** Spec §9 retries network failures, timeouts (ofetch reports both as 500) and 5xx answers, never a 4xx. */
const RETRY_STATUS = [500, 502, 503, 504];

/**
 * One HTTP client per store, on one ofetch instance: ofetch retries (only idempotent calls, only network failures,
 * timeouts and 5xx, never after an abort), times out each attempt and serialises bodies; this module adds the bearer
 * token and `x-device: web` on authorised calls, one refresh after a 401, and turns every failure into an `ApiError`.
 * @example const api = createApiClient({ baseURL: "https://api.fitkit.dev", tokens: auth });
 */
export function createApiClient(options: ApiClientOptions): ApiClient {
  const baseURL = options.baseURL.replace(/\/+$/, "");
  const timeout = options.timeout ?? 8000;
  const $fetch = ofetch.create(
    { retryStatusCodes: RETRY_STATUS, timeout },
    options.fetch ? { fetch: options.fetch } : {},
  );

  async function request<T>(path: string, o: RequestOptions = {}): Promise<T> {
    const method = o.method ?? "GET";
    const url = baseURL + path;
    const retries = o.retries ?? (method === "GET" || o.idempotent ? (options.retries ?? 2) : 0);
    const delay = o.retryDelay ?? options.retryDelay ?? doubling;
    const outer = o.signal;
    const call = (token: string | undefined) =>
      $fetch<T>(url, {
        method,
        query: o.query,
        body: o.body as Record<string, unknown> | undefined,
        keepalive: o.keepalive,
        // ofetch types the answer by its responseType; here the caller names the answer's type (Blob) itself.
        responseType: o.responseType as "json" | undefined,
        headers: token ? { authorization: `Bearer ${token}`, "x-device": "web" } : undefined,
        retry: retries,
        // ofetch counts the retries left down; the spec's delays count the attempts made.
        retryDelay: (context) => delay(retries - (context.options.retry as number)),
        onRequest(context) {
          // Aborted during ofetch's backoff: no further attempt.
          outer?.throwIfAborted();
          // ofetch arms `timeout` only on a call without a signal, and a retry inherits the signal that timed out: each
          // attempt starts without one (ofetch's timeout), or with the caller's joined to a fresh deadline.
          context.options.signal = outer ? withDeadline(outer, timeout) : undefined;
        },
        onRequestError() {
          // ofetch retries any failure but an AbortError when a timeout is set: the caller's abort ends the call here.
          outer?.throwIfAborted();
        },
      });
    let token: string | undefined = o.bearer;
    if (o.auth && !token) {
      token = await options.tokens?.accessToken();
      if (!token) throw unauthorizedError(method, url);
    }
    try {
      try {
        return await call(token);
      } catch (e) {
        if (!token || o.bearer || (e as FetchError).response?.status !== 401) throw e;
        // A token that looked valid was refused: refresh once (one shared refresh per page, see src/auth) and call
        // again.
        token = await options.tokens?.refreshAfterRejection(token);
        if (!token) throw unauthorizedError(method, url);
        return await call(token);
      }
    } catch (e) {
      outer?.throwIfAborted();
      if (!(e instanceof FetchError)) throw e;
      throw new ApiError(method, url, e.response?.status ?? 0, e.data);
    }
  }

  return { baseURL, request };
}

/**
 * The caller's signal joined to a fresh per-attempt deadline (`AbortSignal.any` would do it, but needs Safari 17.4;
 * the kit supports Safari 16.2). Aborts with the caller's reason, or a TimeoutError, which ofetch retries.
 */
function withDeadline(outer: AbortSignal, ms: number): AbortSignal {
  const joined = new AbortController();
  const deadline = AbortSignal.timeout(ms);
  const stop = () => joined.abort(outer.aborted ? outer.reason : deadline.reason);
  outer.addEventListener("abort", stop, { once: true });
  deadline.addEventListener("abort", stop, { once: true });
  return joined.signal;
}
