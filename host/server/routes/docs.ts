import type { FastifyInstance } from "fastify";

const escape = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** OpenAPI 3.1 generated from the route schemas: JSON at /docs/openapi.json, a readable index at /docs. */
export async function docsRoutes(app: FastifyInstance) {
  app.get("/openapi.json", { schema: { hide: true } }, async () => app.swagger());

  app.get("/", { schema: { hide: true } }, async (_request, reply) => {
    const spec = app.swagger() as {
      paths?: Record<string, Record<string, { summary?: string; tags?: string[]; security?: unknown[] }>>;
    };
    const rows = Object.entries(spec.paths ?? {})
      .flatMap(([path, ops]) =>
        Object.entries(ops).map(
          ([method, op]) =>
            `<tr><td><code>${method.toUpperCase()}</code></td><td><code>${escape(path)}</code></td><td>${escape(op.tags?.join(", ") ?? "")}</td><td>${escape(op.summary ?? "")}</td><td>${op.security ? "member" : "public"}</td></tr>`,
        ),
      )
      .join("");
    reply.type("text/html").send(`<!doctype html><html lang="en"><head><meta charset="utf-8"><title>fitkit API</title>
<style>body{font:15px/1.5 system-ui,sans-serif;margin:2rem}table{border-collapse:collapse}td,th{border-bottom:1px solid #ddd;padding:.3rem .6rem;text-align:left}</style>
</head><body><main><h1>fitkit API</h1><p>Machine-readable: <a href="/docs/openapi.json">openapi.json</a> (OpenAPI 3.1).</p>
<table><thead><tr><th>Method</th><th>Path</th><th>Area</th><th>What</th><th>Access</th></tr></thead><tbody>${rows}</tbody></table></main></body></html>`);
  });
}
