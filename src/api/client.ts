import { ofetch, type FetchError } from "ofetch";
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
  method?: "GET" | "POST" | "PUT" | "DELETE";
  query?: Record<string, string | number | boolean | string[] | undefined>;
  body?: unknown;
  /** Needs the member's bearer token. */
  auth?: boolean;
  signal?: AbortSignal;
  /** Reads sent with POST (search) may opt in to retries; writes never retry. */
  idempotent?: boolean;
  retries?: number;
  retryDelay?: (attempt: number) => number;
  /** Lets the request outlive the page (analytics sent while the page hides). */
  keepalive?: boolean;
}

export interface ApiClient {
  readonly baseURL: string;
  request<T>(path: string, options?: RequestOptions): Promise<T>;
}

const doubling = (attempt: number) => 250 * 2 ** attempt;

/**
 * One HTTP client per store. Retries only idempotent calls, only for network failures, timeouts and 5xx, never
 * after an abort; sends the bearer token and `x-device: web` on authorised calls; every failure is an `ApiError`.
 * @example const api = createApiClient({ baseURL: "https://api.fitkit.dev", tokens: auth });
 */
export function createApiClient(options: ApiClientOptions): ApiClient {
  const baseURL = options.baseURL.replace(/\/+$/, "");
  const $fetch = ofetch.create({ baseURL, retry: false }, options.fetch ? { fetch: options.fetch } : {});
  const timeout = options.timeout ?? 8000;

  async function request<T>(path: string, o: RequestOptions = {}): Promise<T> {
    const method = o.method ?? "GET";
    const url = withQuery(baseURL + path, o.query);
    const retries = o.retries ?? (method === "GET" || o.idempotent ? options.retries ?? 2 : 0);
    const delay = o.retryDelay ?? options.retryDelay ?? doubling;
    let token: string | undefined;
    let refreshed = false;
    if (o.auth) {
      token = await options.tokens?.accessToken();
      if (!token) throw unauthorizedError(method, url);
    }
    for (let attempt = 0; ; attempt++) {
      o.signal?.throwIfAborted();
      const signal = deadline(timeout, o.signal);
      try {
        return await $fetch<T>(url, {
          method,
          body: o.body as Record<string, unknown> | undefined,
          signal: signal.signal,
          keepalive: o.keepalive,
          headers: token ? { authorization: `Bearer ${token}`, "x-device": "web" } : undefined,
        });
      } catch (e) {
        o.signal?.throwIfAborted();
        const status = (e as FetchError).response?.status ?? 0;
        if (status === 401 && token && !refreshed) {
          refreshed = true;
          token = await options.tokens?.refreshAfterRejection(token);
          if (!token) throw unauthorizedError(method, url);
          attempt--;
          continue;
        }
        if (attempt >= retries || (status && status < 500)) throw new ApiError(method, url, status, (e as FetchError).data);
        await sleep(delay(attempt), o.signal);
      } finally {
        signal.done();
      }
    }
  }

  return { baseURL, request };
}

function withQuery(url: string, query: RequestOptions["query"]): string {
  if (!query) return url;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined) continue;
    for (const v of Array.isArray(value) ? value : [value]) params.append(key, String(v));
  }
  const q = params.toString();
  return q ? `${url}${url.includes("?") ? "&" : "?"}${q}` : url;
}

/** A signal that aborts at the timeout or when `outer` aborts (ofetch drops its own timeout when given a signal). */
function deadline(ms: number, outer?: AbortSignal) {
  const controller = new AbortController();
  const abort = () => controller.abort(outer?.reason);
  const timer = setTimeout(() => controller.abort(new DOMException("timeout", "TimeoutError")), ms);
  outer?.addEventListener("abort", abort);
  return {
    signal: controller.signal,
    done() {
      clearTimeout(timer);
      outer?.removeEventListener("abort", abort);
    },
  };
}

function sleep(ms: number, signal?: AbortSignal) {
  return new Promise<void>((resolve, reject) => {
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener("abort", () => (clearTimeout(timer), reject(signal.reason)), { once: true });
  });
}
