import { createHash } from "node:crypto";
import type { Readable } from "node:stream";
import type { FastifyReply, FastifyRequest } from "fastify";
import { HttpError, notFound } from "../errors.js";

export interface Payload {
  body: Buffer;
  type: string;
  /** Cache-Control value. */
  cache: string;
  /** Strong validator; computed from the bytes when not given. */
  etag?: string;
}

export type ByteRange = { start: number; end: number };

/**
 * A stored file sent without reading it whole (a video segment in a bucket): its size, its validator, and a stream of
 * all of it or of a byte range, opened only for a GET that sends bytes.
 */
export interface StoredPayload {
  size: number;
  type: string;
  cache: string;
  etag: string;
  open: (range?: ByteRange) => Promise<Readable | undefined>;
}

/**
 * One `bytes=` range of RFC 9110 §14.1.2 against a body of `size` bytes: `a-b`, `a-` or the suffix `-n`.
 * `undefined` means "send it all" (no header, another unit, or several ranges, which a server may answer whole);
 * a malformed or unsatisfiable byte range is refused.
 */
export function parseRange(header: string | undefined, size: number): ByteRange | "unsatisfiable" | undefined {
  if (header === undefined) return undefined;
  const spec = /^\s*bytes\s*=\s*(.*)$/i.exec(header);
  const ranges = spec?.[1];
  if (ranges === undefined || ranges.includes(",")) return undefined;
  const match = /^\s*(\d*)\s*-\s*(\d*)\s*$/.exec(ranges);
  if (!match || (match[1] === "" && match[2] === "")) return "unsatisfiable";
  if (match[1] === "") {
    const suffix = Number(match[2]);
    if (suffix === 0 || size === 0) return "unsatisfiable";
    return { start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(match[1]);
  const end = match[2] === "" ? size - 1 : Math.min(Number(match[2]), size - 1);
  if (start >= size || end < start) return "unsatisfiable";
  return { start, end };
}

export const etagOf = (body: Buffer) => `"${createHash("sha1").update(body).digest("base64url")}"`;

/** Answers a GET or HEAD with the payload: 200, 206 for a byte range, 304 for a matching validator, 416 refused. */
export async function sendPayload(request: FastifyRequest, reply: FastifyReply, payload: Payload | StoredPayload) {
  const stored = "open" in payload ? payload : undefined;
  const size = stored ? stored.size : (payload as Payload).body.length;
  const etag = payload.etag ?? etagOf((payload as Payload).body);
  reply.header("accept-ranges", "bytes").header("etag", etag).header("cache-control", payload.cache);
  const ifNoneMatch = request.headers["if-none-match"];
  if (
    ifNoneMatch &&
    ifNoneMatch.split(",").some((tag) => tag.trim().replace(/^W\//, "") === etag || tag.trim() === "*")
  ) {
    return reply.status(304).send();
  }
  // If-Range with a stale validator: the client's partial copy is outdated, so it gets the whole body.
  const ifRange = request.headers["if-range"];
  const range = ifRange && ifRange !== etag ? undefined : parseRange(request.headers.range, size);
  if (range === "unsatisfiable") {
    reply.header("content-range", `bytes */${size}`);
    throw new HttpError(416, "The requested range is not satisfiable");
  }
  reply.type(payload.type);
  if (range)
    reply
      .status(206)
      .header("content-range", `bytes ${range.start}-${range.end}/${size}`)
      .header("content-length", range.end - range.start + 1);
  else reply.status(200).header("content-length", size);
  if (!stored) {
    const { body } = payload as Payload;
    return reply.send(range ? body.subarray(range.start, range.end + 1) : body);
  }
  if (request.method === "HEAD") return reply.send();
  // Gone between its size being read and its bytes (removed by another process): nothing has been sent yet.
  const stream = await stored.open(range);
  if (!stream) throw notFound("This file is not here any more");
  return reply.send(stream);
}
