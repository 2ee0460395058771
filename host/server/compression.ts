import type { FastifyInstance } from "fastify";
import compress from "@fastify/compress";

/** Answers smaller than this go as they are: a compressed frame and its header would save next to nothing. */
export const COMPRESS_THRESHOLD = 1024;

/**
 * What is compressed on the fly: text answers (JSON, HTML, CSS, JavaScript, SVG), never a Server-Sent Events stream,
 * whose every event must reach the browser at once rather than wait in a compressor's buffer
 * (host/server/routes/live-stream.ts), nor anything already compressed (images, video).
 */
export const compressible = (contentType: string) =>
  !/^text\/event-stream/i.test(contentType) &&
  /^(?:text\/|application\/(?:[\w.+-]+\+)?(?:json|javascript|xml)|image\/svg\+xml)/i.test(contentType);

/**
 * Brotli or gzip by Accept-Encoding for every answer worth it. Registered before the routes (it attaches itself to
 * each route as it is added). Built scripts are sent from their precompressed copies instead (routes/static.ts), which
 * this leaves alone, as it does any answer that already names a Content-Encoding.
 */
export async function registerCompression(app: FastifyInstance) {
  await app.register(compress, {
    global: true,
    threshold: COMPRESS_THRESHOLD,
    encodings: ["br", "gzip"],
    customTypes: compressible,
  });
}
