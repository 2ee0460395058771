// A small real HTTP server for the core's client tests: each test sets how it answers, and faults (5xx, dropped
// connections, silence) are injected here instead of mocking fetch.
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

export interface Seen {
  method: string;
  url: string;
  headers: IncomingMessage["headers"];
  body: unknown;
  at: number;
}
export type Handler = (req: Seen, res: ServerResponse) => void | Promise<void>;

export interface TestServer {
  url: string;
  seen: Seen[];
  /** Answers requests whose path (without query) matches; the last matching route wins. */
  on(method: string, path: string, handler: Handler): void;
  reset(): void;
  close(): Promise<void>;
}

export const json = (res: ServerResponse, status: number, body: unknown) => {
  res.writeHead(status, { "content-type": "application/json" });
  res.end(JSON.stringify(body));
};
export const contractError = (res: ServerResponse, status: number, message: string) =>
  json(res, status, {
    statusCode: status,
    message,
    error: status === 400 ? "Bad Request" : status === 401 ? "Unauthorized" : "Error",
  });

/**
 * Answers for a widget in a page of another origin than the test server: JSON with CORS headers, and routes whose
 * preflight passes. `server` is read when a route is added (the server starts in `beforeAll`).
 */
export function crossOrigin(server: () => TestServer, methods: string) {
  const cors = {
    "access-control-allow-origin": "*",
    "access-control-allow-headers": "authorization, content-type, x-device",
    "access-control-allow-methods": methods,
  };
  const json = (res: ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { ...cors, "content-type": "application/json" });
    res.end(JSON.stringify(body));
  };
  /** Answers `method path` (and its preflight). */
  const route = (method: string, path: string, handler: Handler) => {
    server().on("OPTIONS", path, (_req, res) => {
      res.writeHead(204, cors);
      res.end();
    });
    server().on(method, path, handler);
  };
  return { json, route };
}

/** An unsigned JWT-shaped token expiring at `expSeconds` (the client only reads `exp`). */
export const fakeJwt = (expSeconds: number, sub = "u1") =>
  [{ alg: "none" }, { sub, exp: expSeconds }]
    .map((p) => Buffer.from(JSON.stringify(p)).toString("base64url"))
    .join(".") + ".sig";

export async function startTestServer(): Promise<TestServer> {
  let routes: { method: string; path: string; handler: Handler }[] = [];
  const seen: Seen[] = [];
  const open = new Set<import("node:net").Socket>();
  // eslint-disable-next-line @typescript-eslint/no-misused-promises -- a test double: a throw here fails the test
  const server = createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    const text = Buffer.concat(chunks).toString();
    const entry: Seen = {
      method: req.method!,
      url: req.url!,
      headers: req.headers,
      body: text ? JSON.parse(text) : undefined,
      at: Date.now(),
    };
    seen.push(entry);
    const path = req.url!.split("?")[0];
    const route = [...routes].reverse().find((r) => r.method === req.method && r.path === path);
    if (!route) return contractError(res, 404, `Route ${req.method}:${path} not found`);
    await route.handler(entry, res);
  });
  server.on("connection", (s) => {
    open.add(s);
    s.on("close", () => open.delete(s));
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    seen,
    on: (method, path, handler) => void routes.push({ method, path, handler }),
    reset() {
      routes = [];
      seen.length = 0;
    },
    close: () =>
      new Promise((r) => {
        for (const s of open) s.destroy();
        server.close(() => r());
      }),
  };
}
