import type { FastifyInstance } from "fastify";
import type { RouteOptions } from "../context.js";
import { notFound } from "../errors.js";
import { MuxVideoApi } from "../media/mux-api.js";
import { errorSchema, exactObject } from "../schemas.js";
import { typed } from "./typed.js";

/**
 * Mux's webhooks (`POST /webhooks/mux`): the body is checked against its `mux-signature` exactly as sent, so this
 * plugin reads JSON bodies as text and parses them only after the signature holds.
 */
export async function muxWebhookRoutes(instance: FastifyInstance, { ctx }: RouteOptions) {
  const app = typed(instance);
  const settings = ctx.config.media.muxApi;
  const mux = settings
    ? new MuxVideoApi({ db: ctx.db, clock: ctx.clock, settings, publicUrl: ctx.config.publicUrl })
    : undefined;
  instance.removeContentTypeParser("application/json");
  instance.addContentTypeParser("application/json", { parseAs: "string" }, (_request, body, done) => done(null, body));

  app.post(
    "/webhooks/mux",
    {
      schema: {
        tags: ["media"],
        summary: "Mux's webhook: video.asset.ready maps a workout to its signed playback id (signed by mux-signature)",
        security: [],
        body: { type: "string", maxLength: 1_048_576, description: "Mux's event, as JSON" },
        response: {
          200: exactObject({ received: { type: "boolean", const: true }, duplicate: { type: "boolean" } }),
          400: errorSchema,
          404: errorSchema,
        },
      },
    },
    async (request) => {
      if (!mux) throw notFound("Mux is not configured on this server");
      const { duplicate } = await mux.webhook(request.body, request.headers);
      return { received: true as const, duplicate };
    },
  );
}
