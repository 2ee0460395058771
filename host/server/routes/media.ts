import type { FastifyInstance } from "fastify";
import type { RouteOptions } from "../context.js";
import { memberOf } from "../context.js";
import { forbidden, notFound } from "../errors.js";
import {
  createMediaProviders,
  createUrlSigner,
  FIT_MODES,
  IMAGE_FORMATS,
  imageBox,
  sendPayload,
  RENDITION_FILE,
  WORKOUT_FILE,
  workoutScope,
} from "../media/index.js";
import {
  ART_KINDS,
  NATURAL_SIZE,
  seriesArt,
  trainerPortrait,
  workoutArt,
  type ArtKind,
} from "../media/artwork/index.js";
import { ArtworkService } from "../services/artwork.js";
import { errorSchema, exactObject, memberSecurity, strictObject } from "../schemas.js";
import { PlaybackService } from "../services/playback.js";
import { typed } from "./typed.js";

const workoutParams = exactObject({ id: { type: "string", minLength: 1, maxLength: 128 } });
const uriSchema = { type: "string", format: "uri" } as const;
const playbackSchema = exactObject({
  uri: uriSchema,
  expires_at: { type: "string", format: "date-time" },
  captions: { type: "array", items: exactObject({ lang: { type: "string" }, uri: uriSchema }) },
});
const binary = (description: string) => ({ description, type: "string", format: "binary" }) as const;
const errors = { 400: errorSchema, 403: errorSchema, 404: errorSchema };
const rangeErrors = { ...errors, 416: errorSchema };
const size = { type: "integer", minimum: 16, maximum: 1920 } as const;
const sizeQuery = { width: size, height: size, fit_mode: { type: "string", enum: [...FIT_MODES] } } as const;

/**
 * Workout video: signed playback for entitled members, public previews and poster images, and the local provider's
 * files (`/media/…`) with byte ranges.
 */
export async function mediaRoutes(instance: FastifyInstance, { ctx }: RouteOptions) {
  const app = typed(instance);
  const signer = createUrlSigner(ctx.keys.refreshSecret);
  const { active, local } = createMediaProviders(ctx.config.media, ctx.db, signer, ctx.mediaStorage);
  // Links handed out come from configuration, never from the request's Host or X-Forwarded-Host: a forged header
  // must not point a member's signed playback at another site.
  const origin = ctx.config.publicUrl;
  const playback = new PlaybackService({
    db: ctx.db,
    clock: ctx.clock,
    entitlements: (db, id) => ctx.entitlements(db, id),
    provider: active,
  });

  app.get(
    "/tsapi/content/workout/:id/video",
    {
      onRequest: app.requireMember,
      schema: {
        tags: ["media"],
        summary: "Signed, expiring playback of a workout (entitled members; others 403)",
        security: memberSecurity,
        params: workoutParams,
        response: { 200: playbackSchema, ...errors },
      },
    },
    async (request) => playback.video(request.params.id, memberOf(request).id, origin),
  );

  app.get(
    "/tsapi/content/workout/:id/previewVideo",
    {
      schema: {
        tags: ["media"],
        summary: "A workout's public preview clip",
        params: workoutParams,
        response: { 200: exactObject({ uri: uriSchema }), ...errors },
      },
    },
    async (request) => playback.preview(request.params.id, origin),
  );

  app.get(
    "/tsapi/content/:type/:id/:field",
    {
      schema: {
        tags: ["media"],
        summary: "Generic content field: only workout `video` and `previewVideo` exist (routes above)",
        // Answers 404 for any field the routes above do not serve: not an operation a client could call.
        hide: true,
        params: exactObject({ type: { type: "string" }, id: { type: "string" }, field: { type: "string" } }),
        response: { 404: errorSchema },
      },
    },
    async (request) => {
      throw notFound(`Content ${request.params.type} has no field ${request.params.field}`);
    },
  );

  app.get(
    "/tsapi/v2/workout/:id/video/image",
    {
      schema: {
        tags: ["media"],
        summary: "A still of the workout's video at the requested size and fit (JPEG)",
        params: workoutParams,
        querystring: {
          type: "object",
          properties: {
            ...sizeQuery,
            time: { type: "number", minimum: 0, maximum: 86400 },
          },
        },
        response: {
          200: binary("image/jpeg"),
          302: { description: "redirect to the provider's signed thumbnail" },
          ...rangeErrors,
        },
      },
    },
    async (request, reply) => {
      const { width, height, fit_mode, time } = request.query;
      const answer = await playback.image(request.params.id, { width, height, fit_mode, time });
      if (answer.kind === "redirect") return reply.redirect(answer.url, 302);
      return sendPayload(request, reply, { ...answer.image, cache: "public, max-age=86400" });
    },
  );

  const signedParams = {
    id: { type: "string", minLength: 1, maxLength: 128 },
    token: { type: "string", maxLength: 64 },
  } as const;
  /** Checks the link's signature, then answers the workout's file at `path`. */
  const signedFile = async (id: string, token: string, path: string) => {
    const verdict = signer.check(workoutScope(id), token, ctx.clock.now());
    if (verdict === "expired") throw forbidden("This media link has expired");
    if (verdict === "invalid") throw forbidden("This media link is not valid");
    const payload = await local.workoutFile(await playback.workout(id), path);
    if (!payload) throw notFound("This workout has no such video file");
    return payload;
  };

  app.get(
    "/media/w/:id/:token/:file",
    {
      schema: {
        tags: ["media"],
        summary:
          "A file of a signed workout playback: the HLS playlist, the demo clip's MPEG-TS (byte ranges), captions per language",
        params: strictObject({ ...signedParams, file: { type: "string", pattern: WORKOUT_FILE } }, [
          "id",
          "token",
          "file",
        ]),
        response: {
          200: binary("application/vnd.apple.mpegurl, video/mp2t or text/vtt"),
          206: binary("part of video/mp2t"),
          ...rangeErrors,
        },
      },
    },
    async (request, reply) => {
      const { id, token, file } = request.params;
      return sendPayload(request, reply, await signedFile(id, token, file));
    },
  );

  app.get(
    "/media/w/:id/:token/:rendition/:file",
    {
      schema: {
        tags: ["media"],
        summary: "A rendition of an uploaded video in a signed playback: its HLS playlist and MPEG-TS segments",
        params: strictObject(
          {
            ...signedParams,
            rendition: { type: "string", pattern: RENDITION_FILE.rendition, description: "the rendition's height" },
            file: { type: "string", pattern: RENDITION_FILE.file },
          },
          ["id", "token", "rendition", "file"],
        ),
        response: {
          200: binary("application/vnd.apple.mpegurl or video/mp2t"),
          206: binary("part of video/mp2t"),
          ...rangeErrors,
        },
      },
    },
    async (request, reply) => {
      const { id, token, rendition, file } = request.params;
      return sendPayload(request, reply, await signedFile(id, token, `${rendition}/${file}`));
    },
  );

  app.get(
    "/media/clips/:file",
    {
      schema: {
        tags: ["media"],
        summary: "A public preview clip (H.264 MP4, byte ranges)",
        params: exactObject({ file: { type: "string", pattern: "^[a-z0-9-]{1,40}\\.mp4$" } }),
        response: { 200: binary("video/mp4"), 206: binary("part of video/mp4"), ...rangeErrors },
      },
    },
    async (request, reply) => {
      const payload = await local.previewFile(request.params.file.replace(/\.mp4$/, ""));
      if (!payload) throw notFound("No such clip");
      return sendPayload(request, reply, payload);
    },
  );

  const artwork = new ArtworkService(ctx.db);
  /** The drawing for an art URL's subject, or a 404 for a name the catalogue does not have. */
  const drawingFor = async (
    kind: ArtKind,
    name: string,
  ): Promise<{ key: string; draw: (w: number, h: number) => string }> => {
    switch (kind) {
      case "workouts": {
        const subject = { ...(await artwork.workout(name)), frame: 0 };
        return { key: `w/${subject.id}/${subject.classType ?? ""}/0`, draw: (w, h) => workoutArt(subject, w, h) };
      }
      case "series": {
        const subject = await artwork.series(name);
        return { key: `s/${subject.slug}/${subject.classType ?? ""}`, draw: (w, h) => seriesArt(subject, w, h) };
      }
      case "trainers": {
        const { slug } = await artwork.trainer(name);
        return { key: `t/${slug}`, draw: (w, h) => trainerPortrait(slug, w, h) };
      }
    }
  };

  app.get(
    "/media/art/:kind/:file",
    {
      schema: {
        tags: ["media"],
        summary:
          "Generated artwork (no text): a class's still, a series cover or a trainer's portrait, as JPEG, PNG, WebP or its SVG source",
        description:
          "`file` is `{id or slug}.{jpg|png|webp|svg}`. Sizes and `fit_mode` work as in the image call; without them a still or cover is 960×540 " +
          "and a portrait 512×512. The art is composed for the box asked for, so a wide banner is drawn wide, not cropped.",
        params: exactObject({
          kind: { type: "string", enum: [...ART_KINDS] },
          file: { type: "string", pattern: "^[A-Za-z0-9_-][A-Za-z0-9_.-]{0,159}\\.(jpg|png|webp|svg)$" },
        }),
        querystring: { type: "object", properties: sizeQuery, additionalProperties: false },
        response: { 200: binary("image/jpeg, image/png, image/webp or image/svg+xml"), ...errors },
      },
    },
    async (request, reply) => {
      const { kind, file } = request.params;
      const dot = file.lastIndexOf(".");
      const ext = file.slice(dot + 1) as keyof typeof IMAGE_FORMATS | "svg";
      const { key, draw } = await drawingFor(kind, file.slice(0, dot));
      const cache = "public, max-age=86400";
      if (ext === "svg") {
        const { draw: box } = imageBox(NATURAL_SIZE[kind], request.query);
        return sendPayload(request, reply, {
          body: Buffer.from(draw(box.width, box.height)),
          type: "image/svg+xml",
          cache,
        });
      }
      const image = await local.art.render(key, draw, NATURAL_SIZE[kind], request.query, IMAGE_FORMATS[ext]);
      return sendPayload(request, reply, { ...image, cache });
    },
  );
}
