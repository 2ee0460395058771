/**
 * The subset of ofetch that the core's API client uses (`ofetch.create(defaults, {fetch})` and a call with method,
 * body, signal and headers that parses JSON and throws a FetchError-shaped error with `response` and `data`), on the
 * platform's fetch. The widget builds alias `ofetch` to this module: the client keeps its retries, auth and ApiError,
 * and each widget sheds ofetch's ~4 KB gzip of URL and body handling the client never reaches.
 */
interface CallOptions {
  method?: string;
  body?: unknown;
  signal?: AbortSignal;
  headers?: Record<string, string>;
}

export interface FetchError extends Error {
  response?: Response;
  data?: unknown;
}

function create(_defaults: { baseURL?: string; retry?: false }, globals: { fetch?: typeof fetch } = {}) {
  return async <T>(url: string, o: CallOptions = {}): Promise<T> => {
    const json = o.body !== undefined && o.body !== null && typeof o.body === "object";
    const headers = new Headers(o.headers);
    headers.set("accept", "application/json");
    if (json) headers.set("content-type", "application/json");
    const response = await (globals.fetch ?? fetch)(url, { method: o.method, body: json ? JSON.stringify(o.body) : (o.body as BodyInit | undefined), signal: o.signal, headers });
    const text = response.status === 204 ? "" : await response.text();
    let data: unknown = text;
    try {
      data = text ? JSON.parse(text) : undefined;
    } catch {
      // not JSON: keep the text, as ofetch does
    }
    if (!response.ok) throw Object.assign(new Error(`[${o.method ?? "GET"}] ${url}: ${response.status}`), { name: "FetchError", response, data }) as FetchError;
    return data as T;
  };
}

export const ofetch = { create };
