import type { FastifyInstance, FastifyRequest } from "fastify";
import type { RouteOptions } from "../context.js";
import { forbidden } from "../errors.js";
import { fromThisMachine as isFromThisMachine } from "../this-machine.js";

const escape = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
const linkify = (s: string) => escape(s).replace(/(https?:\/\/[^\s<]+)/g, '<a href="$1">$1</a>');

/**
 * The embedded default's outbox: every email the server "sent", newest first — reset links included, so it is for
 * the machine the server runs on only: the connection comes from loopback, the client after the trusted proxies
 * (FITKIT_TRUST_PROXY) is loopback, and no forwarding header names anyone else (a reverse proxy on this machine
 * connects from loopback for every visitor). Registered outside production, or with FITKIT_DEV_MAIL=1.
 */
export async function devMailRoutes(app: FastifyInstance, { ctx }: RouteOptions) {
  const fromThisMachine = async (request: FastifyRequest) => {
    if (!isFromThisMachine(request)) throw forbidden("The outbox can only be read on the machine the server runs on");
  };
  const latest = () =>
    ctx.db
      .selectFrom("mail_outbox")
      .select(["id", "to_address", "subject", "text_body", "created_at"])
      .orderBy("id", "desc")
      .limit(100)
      .execute();

  app.get("/mail.json", { onRequest: fromThisMachine, schema: { hide: true } }, async () => ({
    items: await latest(),
  }));

  app.get("/mail", { onRequest: fromThisMachine, schema: { hide: true } }, async (_request, reply) => {
    const rows = await latest();
    const items = rows
      .map(
        (m) =>
          `<article><h2>${escape(m.subject)}</h2><p class="meta">To ${escape(m.to_address)} · ${m.created_at.toISOString()}</p><pre>${linkify(m.text_body)}</pre></article>`,
      )
      .join("");
    reply.type("text/html")
      .send(`<!doctype html><html lang="en"><head><meta charset="utf-8"><title>fitkit outbox</title>
<style>body{font:16px/1.5 system-ui,sans-serif;max-width:50rem;margin:2rem auto;padding:0 1rem}article{border:1px solid #ddd;border-radius:8px;padding:1rem;margin:1rem 0}.meta{color:#555}pre{white-space:pre-wrap}</style>
</head><body><main><h1>Outbox</h1><p>Emails the embedded server would have sent.</p>${items || "<p>No emails yet.</p>"}</main></body></html>`);
  });
}
