import type { IncomingMessage } from "node:http";
import { PassThrough, Readable } from "node:stream";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { RouteOptions } from "../context.js";
import { memberOf } from "../context.js";
import { errorBody, HttpError, notFound } from "../errors.js";
import { IntervalJob } from "../jobs/interval-job.js";
import { MuxVideoApi } from "../media/mux-api.js";
import { VideoTranscoder } from "../media/transcoder.js";
import { VideoUploads } from "../media/uploads.js";
import { decodeUtf8 } from "../media/webvtt.js";
import { errorSchema, exactObject, memberSecurity, noBody } from "../schemas.js";
import { type Actor } from "../services/operator-access.js";
import { typed } from "./typed.js";

const UPLOADS_PATH = "/admin/v1/uploads";
const uploadId = exactObject({ id: { type: "string", pattern: "^[a-f0-9]{32}$" } });
const workoutId = { type: "string", minLength: 1, maxLength: 128 } as const;
const lang = {
  type: "string",
  pattern: "^[a-z]{2,3}(-[A-Z]{2})?$",
  description: "BCP 47 language: en, es, fr-CA",
} as const;
const refusals = { 400: errorSchema, 401: errorSchema, 403: errorSchema, 404: errorSchema };
const uploadRefusals = {
  ...refusals,
  409: errorSchema,
  413: errorSchema,
  415: errorSchema,
  422: errorSchema,
  503: errorSchema,
};
/**
 * A request's body as a web stream that ends, rather than fails, when the client goes away mid-upload: tus then
 * stores the bytes that arrived and the upload resumes from there. (A failed stream would make a store that writes in
 * parts, like the S3 store, drop the part in progress.)
 */
function bodyUntilDisconnect(raw: IncomingMessage): ReadableStream {
  const body = new PassThrough();
  raw.pipe(body);
  raw.once("error", () => {
    raw.unpipe(body);
    body.end();
  });
  return Readable.toWeb(body) as ReadableStream;
}

const tusHeaders = "The tus 1.0 headers (Tus-Resumable, Upload-Offset, Upload-Length, Upload-Metadata, Location)";

const videoState = exactObject({
  asset: {
    anyOf: [
      { type: "null" },
      exactObject({
        id: { type: "string" },
        status: { type: "string", enum: ["queued", "transcoding", "ready", "failed"] },
        progress: { type: "integer", minimum: 0, maximum: 100 },
        attempts: { type: "integer" },
        error: { type: ["string", "null"] },
        duration_seconds: { type: "number" },
        width: { type: "integer" },
        height: { type: "integer" },
        renditions: { type: "array", items: { type: "integer" } },
        created_at: { type: "string", format: "date-time" },
      }),
    ],
  },
  captions: {
    type: "array",
    items: exactObject({ lang: { type: "string" }, updated_at: { type: "string", format: "date-time" } }),
  },
  mux: exactObject({
    uploads: { type: "boolean", description: "This server hands out Mux Direct Upload URLs (mux-upload)" },
    playback_id: { type: ["string", "null"], description: "The playback id Mux's webhook mapped the workout to" },
    ready_at: { type: ["string", "null"], format: "date-time", description: "When that webhook mapped it" },
  }),
});

/**
 * The console's video (/admin/v1): resumable uploads (tus 1.0, admins and editors), each transcoded by the local
 * provider's job; a workout's video state with the transcoding progress; captions per language. Same guard as the
 * rest of the console: a signed-in member (401) with a role that covers the route (403).
 */
export async function adminVideoRoutes(instance: FastifyInstance, { ctx }: RouteOptions) {
  const app = typed(instance);
  const { operatorAccess: access, video } = app.services;
  const muxSettings = ctx.config.media.muxApi;
  const mux = muxSettings
    ? new MuxVideoApi({ db: ctx.db, clock: ctx.clock, settings: muxSettings, publicUrl: ctx.config.publicUrl })
    : undefined;
  const storage = ctx.mediaStorage;
  const transcoder = new VideoTranscoder({
    db: ctx.db,
    clock: ctx.clock,
    storage,
    settings: ctx.config.media,
    log: app.log,
  });
  // Made on the first upload: the upload folder is created then, not by every server that never takes one.
  let uploads: VideoUploads | undefined;
  const uploadsService = () =>
    (uploads ??= new VideoUploads(
      { db: ctx.db, clock: ctx.clock, storage, settings: ctx.config.media, onQueued: () => transcoder.wake() },
      UPLOADS_PATH,
    ));
  // Unfinished uploads past their expiry are removed hourly (once this process has taken an upload).
  const sweep = new IntervalJob({
    work: async () => uploads?.removeExpired(),
    delay: () => 3600_000,
    runAtStart: false,
    onError: (err: unknown) => app.log.error({ err }, "removing expired uploads failed"),
  });
  sweep.start();
  app.addHook("onReady", async () => transcoder.start());
  app.addHook("onClose", async () => {
    await sweep.stop();
    await transcoder.stop();
  });

  app.addHook("onRequest", app.requireMember);
  app.addHook("preHandler", async (request) => {
    await access.require(memberOf(request).id, request.routeOptions.config.consoleArea ?? "read");
  });
  const actor = (request: FastifyRequest): Actor => {
    const member = memberOf(request);
    return { id: member.id, email: member.email };
  };
  const common = { tags: ["admin"], security: memberSecurity };
  const catalogue = { config: { consoleArea: "catalogue" as const } };

  // tus writes the request body itself, as it arrives: Fastify must leave the stream unread.
  instance.addContentTypeParser("application/offset+octet-stream", (_request, _payload, done) => done(null));
  // Captions arrive as the file's bytes: anything but UTF-8 is refused here rather than decoded wrongly.
  instance.addContentTypeParser("text/vtt", { parseAs: "buffer", bodyLimit: 1_048_576 }, (_request, body, done) => {
    const text = decodeUtf8(body as Buffer);
    if (text === undefined) done(new HttpError(400, "The captions are not UTF-8 text: save the file as UTF-8."));
    else done(null, text);
  });

  /** Hands the request to the tus server and answers what it says, refusals in the contract's error shape. */
  const tus = async (request: FastifyRequest, reply: FastifyReply) => {
    const headers = new Headers();
    for (const [name, value] of Object.entries(request.headers))
      if (typeof value === "string") headers.set(name, value);
    const hasBody = request.method === "PATCH" || request.method === "POST";
    const web = new Request(new URL(request.url, ctx.config.publicUrl), {
      method: request.method,
      headers,
      ...(hasBody ? { body: bodyUntilDisconnect(request.raw), duplex: "half" } : {}),
    });
    const answer = await uploadsService().handle(web, actor(request));
    answer.headers.forEach((value, name) => {
      if (name !== "content-length" && name !== "content-type") reply.header(name, value);
    });
    reply.status(answer.status);
    if (answer.status >= 400) {
      const text = await answer.text();
      let body: unknown;
      try {
        body = JSON.parse(text);
      } catch {
        body = errorBody(answer.status, text.trim() || "The upload request was refused.");
      }
      return reply.type("application/json; charset=utf-8").send(body);
    }
    return reply.send();
  };

  app.post(
    "/uploads",
    {
      ...catalogue,
      schema: {
        ...common,
        summary: "Start a resumable video upload (tus 1.0 creation); admins and editors",
        description:
          "Headers: Tus-Resumable: 1.0.0, Upload-Length (bytes, within the server's limit), Upload-Metadata with " +
          "workoutId (and filename). Answers 201 with the upload's Location; send the bytes with PATCH, ask where an " +
          "interrupted upload stands with HEAD. The first bytes must be an MP4, MOV, WebM or MKV file's.",
        response: { 201: { description: tusHeaders }, ...uploadRefusals },
      },
    },
    tus,
  );
  app.head(
    "/uploads/:id",
    {
      ...catalogue,
      // HEAD has no body to document an error in: the tus protocol's offset query, described under POST /uploads.
      schema: { ...common, hide: true, params: uploadId },
    },
    tus,
  );
  app.patch(
    "/uploads/:id",
    {
      ...catalogue,
      schema: {
        ...common,
        summary: "Send bytes of a video upload from Upload-Offset (Content-Type application/offset+octet-stream)",
        description:
          "The last byte queues the video for transcoding; a file ffprobe cannot read as a video (damaged, " +
          "truncated) is refused with 422 and removed.",
        params: uploadId,
        response: { 204: { description: tusHeaders }, ...uploadRefusals },
      },
    },
    tus,
  );
  app.delete(
    "/uploads/:id",
    {
      ...catalogue,
      schema: {
        ...common,
        summary: "Abandon an unfinished video upload (tus termination)",
        params: uploadId,
        response: { 204: { description: tusHeaders }, ...uploadRefusals },
      },
    },
    tus,
  );

  app.get(
    "/workouts/:id/video",
    {
      schema: {
        ...common,
        summary: "A workout's uploaded video (the newest: its transcoding state and progress) and caption languages",
        params: exactObject({ id: workoutId }),
        response: { 200: videoState, ...refusals },
      },
    },
    async (request) => video.state(request.params.id, !!mux),
  );

  app.post(
    "/workouts/:id/mux-upload",
    {
      ...catalogue,
      schema: {
        ...common,
        summary: "A Mux Direct Upload URL for the workout's video (when Mux's API is configured; else 404)",
        description:
          "The browser PUTs the file to `url`; Mux's video.asset.ready webhook then maps the workout to the asset's " +
          "signed playback id and sets its duration.",
        params: exactObject({ id: workoutId }),
        body: noBody,
        response: {
          200: exactObject({ upload_id: { type: "string" }, url: { type: "string", format: "uri" } }),
          ...refusals,
          502: errorSchema,
        },
      },
    },
    async (request) => {
      if (!mux) throw notFound("Mux uploads are not configured on this server.");
      return mux.directUpload(actor(request), request.params.id);
    },
  );

  app.put(
    "/workouts/:id/captions/:lang",
    {
      ...catalogue,
      schema: {
        ...common,
        summary: "Store a workout's WebVTT captions in one language (Content-Type text/vtt, UTF-8)",
        description:
          "Checked before anything is stored: UTF-8, the WEBVTT header, every cue's timing well formed, ending after " +
          "it starts, in order, and within the video. A broken file is refused with 400 naming the line.",
        params: exactObject({ id: workoutId, lang }),
        body: {
          content: {
            "text/vtt": { schema: { type: "string", maxLength: 1_048_576, description: "the WebVTT file, UTF-8" } },
          },
        },
        response: {
          200: exactObject({ lang: { type: "string" }, updated_at: { type: "string", format: "date-time" } }),
          ...refusals,
          415: errorSchema,
        },
      },
    },
    async (request) => {
      if (!/^text\/vtt\b/i.test(request.headers["content-type"] ?? ""))
        throw new HttpError(415, "Send the captions as text/vtt.");
      // text/vtt is the one media type taken (above), and its parser (top of this module) reads it as a string.
      return video.putCaptions(actor(request), request.params.id, request.params.lang, request.body as string);
    },
  );
}
