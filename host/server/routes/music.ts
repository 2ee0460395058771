import type { FastifyInstance } from "fastify";
import type { RouteOptions } from "../context.js";
import { memberOf } from "../context.js";
import { forbidden, notFound } from "../errors.js";
import { createUrlSigner, sendPayload } from "../media/index.js";
import { LocalMusicProvider, stationScope } from "../music/index.js";
import { errorSchema, exactObject, memberSecurity } from "../schemas.js";
import { MusicService } from "../services/music.js";
import { typed } from "./typed.js";

const trackSchema = exactObject({
  id: { type: "string" },
  title: { type: "string" },
  artist: { type: "string" },
  duration: { type: "number" },
  stream_url: { type: "string", format: "uri" },
});
const stationSchema = exactObject({
  id: { type: "string" },
  name: { type: "string" },
  tracks: { type: "array", items: trackSchema },
});
const slug = { type: "string", pattern: "^[a-z0-9-]{1,40}$" } as const;

/** Background music: the stations list with signed stream URLs, and the local provider's audio with byte ranges. */
export async function musicRoutes(instance: FastifyInstance, { ctx }: RouteOptions) {
  const app = typed(instance);
  const signer = createUrlSigner(ctx.keys.refreshSecret);
  const local = new LocalMusicProvider(signer);
  const music = new MusicService({
    db: ctx.db,
    clock: ctx.clock,
    entitlements: (db, id) => ctx.entitlements(db, id),
    provider: local,
  });

  app.get(
    "/v2/music/stations",
    {
      onRequest: app.requireMember,
      schema: {
        tags: ["music"],
        summary: "Music stations and their tracks with signed, expiring stream URLs (entitled members; others 403)",
        security: memberSecurity,
        response: {
          200: exactObject({
            items: { type: "array", items: stationSchema },
            total: { type: "integer" },
            expires_at: { type: "string", format: "date-time" },
          }),
          403: errorSchema,
        },
      },
    },
    async (request) => music.stations(memberOf(request).id, ctx.config.publicUrl),
  );

  app.get(
    "/media/m/:station/:token/:file",
    {
      schema: {
        tags: ["music"],
        summary: "A track's audio (MP3, byte ranges) under a station's signed URL",
        params: exactObject({
          station: slug,
          token: { type: "string", maxLength: 64 },
          file: { type: "string", pattern: "^[a-z0-9-]{1,40}\\.mp3$" },
        }),
        response: {
          200: { description: "audio/mpeg", type: "string", format: "binary" },
          206: { description: "part of audio/mpeg", type: "string", format: "binary" },
          400: errorSchema,
          403: errorSchema,
          404: errorSchema,
          416: errorSchema,
        },
      },
    },
    async (request, reply) => {
      const { station, token, file } = request.params;
      const verdict = signer.check(stationScope(station), token, ctx.clock.now());
      if (verdict === "expired") throw forbidden("This media link has expired");
      if (verdict === "invalid") throw forbidden("This media link is not valid");
      const payload = await local.trackFile(station, file.replace(/\.mp3$/, ""));
      if (!payload) throw notFound("No such track");
      return sendPayload(request, reply, payload);
    },
  );
}
