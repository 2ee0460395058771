import { createHash, createHmac, randomBytes } from "node:crypto";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

/**
 * A stand-in for the S3 API calls fitkit's S3 storage and @tus/s3-store make, on 127.0.0.1, path-style
 * (`/{bucket}/{key}`): objects (put, get with a byte range, head, delete, delete many, list by prefix) and multipart
 * uploads (create, upload part, list parts, list uploads, complete, abort). Every request must carry a valid AWS
 * Signature V4 made with the stand-in's keys, and a payload matching its signed hash. As S3 does, it refuses a
 * multipart part under 5 MiB that is not the last, a part list that does not match what was uploaded, and a body it
 * does not understand (aws-chunked trailers: fitkit does not send them to an S3-compatible endpoint).
 *
 * No npm S3 server is used: s3rver, @20minutes/s3rver and fauxqs (checked 2026-11) answer neither ListParts nor
 * ListMultipartUploads, which @tus/s3-store calls on every write and every resume.
 */

interface StoredObject {
  body: Buffer;
  etag: string;
  type: string;
  meta: Record<string, string>;
  modified: Date;
}

interface MultipartUpload {
  bucket: string;
  key: string;
  initiated: Date;
  type: string;
  meta: Record<string, string>;
  parts: Map<number, { body: Buffer; etag: string; modified: Date }>;
}

export interface S3Request {
  method: string;
  bucket: string;
  key: string;
  query: Record<string, string>;
  range?: string;
}

const MIN_PART = 5 * 1024 * 1024;

class S3Error extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

const xml = (value: string) =>
  value.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");
const unxml = (value: string) =>
  value
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&#34;/g, '"')
    .replace(/&amp;/g, "&");
const tag = (name: string, value: string | number | boolean) => `<${name}>${xml(String(value))}</${name}>`;
const document = (root: string, inner: string) =>
  `<?xml version="1.0" encoding="UTF-8"?>\n<${root} xmlns="http://s3.amazonaws.com/doc/2006-03-01/">${inner}</${root}>`;
const md5 = (body: Buffer) => createHash("md5").update(body).digest("hex");
const sha256 = (body: Buffer | string) => createHash("sha256").update(body).digest("hex");
const hmac = (key: Buffer | string, data: string) => createHmac("sha256", key).update(data).digest();
/** RFC 3986 encoding, as SigV4's canonical query string needs. */
const strict = (value: string) =>
  encodeURIComponent(value).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

function parseQuery(raw: string): [string, string][] {
  if (!raw) return [];
  return raw.split("&").map((pair) => {
    const eq = pair.indexOf("=");
    const name = eq < 0 ? pair : pair.slice(0, eq);
    const value = eq < 0 ? "" : pair.slice(eq + 1);
    return [decodeURIComponent(name), decodeURIComponent(value.replace(/\+/g, "%20"))];
  });
}

export interface S3Double {
  /** The stand-in's origin, for FITKIT_S3_ENDPOINT. */
  url: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** Every request answered, oldest first. */
  requests: S3Request[];
  createBucket(name: string): void;
  /** The keys in a bucket, sorted. */
  keys(bucket: string): string[];
  object(bucket: string, key: string): Buffer | undefined;
  /** Multipart uploads not yet completed or aborted. */
  openUploads(bucket: string): { key: string; parts: number }[];
  close(): Promise<void>;
}

export async function startS3Double(): Promise<S3Double> {
  const accessKeyId = `AKIA${randomBytes(8).toString("hex").toUpperCase()}`;
  const secretAccessKey = randomBytes(30).toString("base64");
  const buckets = new Map<string, Map<string, StoredObject>>();
  const uploads = new Map<string, MultipartUpload>();
  const requests: S3Request[] = [];

  function verifySignature(req: IncomingMessage, path: string, rawQuery: string, body: Buffer) {
    const auth = req.headers.authorization ?? "";
    const match =
      /^AWS4-HMAC-SHA256 Credential=([^/]+)\/(\d{8})\/([^/]+)\/s3\/aws4_request, ?SignedHeaders=([a-z0-9;-]+), ?Signature=([0-9a-f]{64})$/.exec(
        auth,
      );
    if (!match) throw new S3Error(403, "AccessDenied", "The request is not signed with AWS Signature Version 4.");
    const [, keyId, day, region, signedHeaders, signature] = match as unknown as string[];
    if (keyId !== accessKeyId) throw new S3Error(403, "InvalidAccessKeyId", "The access key id is not known.");
    const amzDate = String(req.headers["x-amz-date"] ?? "");
    if (!amzDate.startsWith(day!)) throw new S3Error(403, "AccessDenied", "x-amz-date does not match the scope.");
    const payloadHash = String(req.headers["x-amz-content-sha256"] ?? "");
    if (payloadHash.startsWith("STREAMING-") || /aws-chunked/.test(String(req.headers["content-encoding"] ?? "")))
      throw new S3Error(501, "NotImplemented", "aws-chunked bodies are not understood here.");
    if (payloadHash !== "UNSIGNED-PAYLOAD") {
      if (!/^[0-9a-f]{64}$/.test(payloadHash))
        throw new S3Error(400, "InvalidRequest", "Missing required header for this request: x-amz-content-sha256");
      if (sha256(body) !== payloadHash)
        throw new S3Error(400, "XAmzContentSHA256Mismatch", "The body does not match its signed hash.");
    }
    const names = signedHeaders!.split(";");
    if (!names.includes("host")) throw new S3Error(403, "AccessDenied", "The host header must be signed.");
    const canonicalQuery = parseQuery(rawQuery)
      .map(([k, v]) => [strict(k), strict(v)] as const)
      .sort(([a, av], [b, bv]) => (a < b ? -1 : a > b ? 1 : av < bv ? -1 : av > bv ? 1 : 0))
      .map(([k, v]) => `${k}=${v}`)
      .join("&");
    const canonicalHeaders = names
      .map((name) => {
        const value = req.headers[name];
        return `${name}:${(Array.isArray(value) ? value.join(",") : (value ?? "")).trim().replace(/\s+/g, " ")}\n`;
      })
      .join("");
    const canonical = [req.method, path, canonicalQuery, canonicalHeaders, signedHeaders, payloadHash].join("\n");
    const scope = `${day}/${region}/s3/aws4_request`;
    const toSign = ["AWS4-HMAC-SHA256", amzDate, scope, sha256(canonical)].join("\n");
    const key = hmac(hmac(hmac(hmac(`AWS4${secretAccessKey}`, day!), region!), "s3"), "aws4_request");
    if (createHmac("sha256", key).update(toSign).digest("hex") !== signature)
      throw new S3Error(403, "SignatureDoesNotMatch", "The request signature does not match.");
  }

  const bucketOf = (name: string) => {
    const bucket = buckets.get(name);
    if (!bucket) throw new S3Error(404, "NoSuchBucket", "The specified bucket does not exist.");
    return bucket;
  };
  const uploadOf = (id: string | undefined, bucket: string, key: string) => {
    const upload = id ? uploads.get(id) : undefined;
    if (!upload || upload.bucket !== bucket || upload.key !== key)
      throw new S3Error(404, "NoSuchUpload", "The specified upload does not exist.");
    return upload;
  };
  const metaOf = (req: IncomingMessage) =>
    Object.fromEntries(
      Object.entries(req.headers)
        .filter(([name]) => name.startsWith("x-amz-meta-"))
        .map(([name, value]) => [name, String(value)]),
    );

  function objectHeaders(res: ServerResponse, object: StoredObject) {
    res.setHeader("etag", `"${object.etag}"`);
    res.setHeader("last-modified", object.modified.toUTCString());
    res.setHeader("content-type", object.type);
    res.setHeader("accept-ranges", "bytes");
    for (const [name, value] of Object.entries(object.meta)) res.setHeader(name, value);
  }

  function handle(req: IncomingMessage, res: ServerResponse, body: Buffer) {
    const url = req.url ?? "/";
    const q = url.indexOf("?");
    const path = q < 0 ? url : url.slice(0, q);
    const rawQuery = q < 0 ? "" : url.slice(q + 1);
    verifySignature(req, path, rawQuery, body);
    const query = Object.fromEntries(parseQuery(rawQuery));
    const [bucketName = "", ...rest] = path.slice(1).split("/").map(decodeURIComponent);
    const key = rest.join("/");
    requests.push({
      method: req.method ?? "",
      bucket: bucketName,
      key,
      query,
      ...(req.headers.range ? { range: req.headers.range } : {}),
    });
    const send = (status: number, xmlBody?: string) => {
      res.statusCode = status;
      if (xmlBody) res.setHeader("content-type", "application/xml");
      res.end(xmlBody);
    };

    if (!key) {
      // Bucket operations.
      if (req.method === "PUT") {
        buckets.set(bucketName, buckets.get(bucketName) ?? new Map());
        return send(200);
      }
      const bucket = bucketOf(bucketName);
      if (req.method === "HEAD") return send(200);
      if (req.method === "GET" && "uploads" in query) {
        const open = [...uploads.entries()].filter(([, u]) => u.bucket === bucketName);
        return send(
          200,
          document(
            "ListMultipartUploadsResult",
            tag("Bucket", bucketName) +
              tag("IsTruncated", false) +
              open
                .map(
                  ([id, u]) =>
                    `<Upload>${tag("Key", u.key)}${tag("UploadId", id)}${tag("Initiated", u.initiated.toISOString())}${tag("StorageClass", "STANDARD")}</Upload>`,
                )
                .join(""),
          ),
        );
      }
      if (req.method === "GET" && query["list-type"] === "2") {
        const prefix = query.prefix ?? "";
        const max = Math.min(Number(query["max-keys"] ?? 1000), 1000);
        const after = query["continuation-token"]
          ? Buffer.from(query["continuation-token"], "base64url").toString()
          : "";
        const all = [...bucket.keys()].filter((k) => k.startsWith(prefix) && k > after).sort();
        const page = all.slice(0, max);
        const truncated = all.length > page.length;
        return send(
          200,
          document(
            "ListBucketResult",
            tag("Name", bucketName) +
              tag("Prefix", prefix) +
              tag("KeyCount", page.length) +
              tag("MaxKeys", max) +
              tag("IsTruncated", truncated) +
              (truncated ? tag("NextContinuationToken", Buffer.from(page.at(-1)!).toString("base64url")) : "") +
              page
                .map((k) => {
                  const o = bucket.get(k)!;
                  return `<Contents>${tag("Key", k)}${tag("LastModified", o.modified.toISOString())}${tag("ETag", `"${o.etag}"`)}${tag("Size", o.body.length)}${tag("StorageClass", "STANDARD")}</Contents>`;
                })
                .join(""),
          ),
        );
      }
      if (req.method === "POST" && "delete" in query) {
        const text = body.toString();
        const quiet = /<Quiet>true<\/Quiet>/.test(text);
        const deleted = [...text.matchAll(/<Key>([^<]*)<\/Key>/g)].map((m) => unxml(m[1]!));
        for (const k of deleted) bucket.delete(k);
        return send(
          200,
          document("DeleteResult", quiet ? "" : deleted.map((k) => `<Deleted>${tag("Key", k)}</Deleted>`).join("")),
        );
      }
      throw new S3Error(501, "NotImplemented", `${req.method} on a bucket is not implemented here.`);
    }

    const bucket = bucketOf(bucketName);
    if (req.headers["x-amz-copy-source"]) throw new S3Error(501, "NotImplemented", "Copies are not implemented here.");
    switch (req.method) {
      case "PUT": {
        if (query.uploadId !== undefined || query.partNumber !== undefined) {
          const upload = uploadOf(query.uploadId, bucketName, key);
          const number = Number(query.partNumber);
          if (!Number.isInteger(number) || number < 1 || number > 10_000)
            throw new S3Error(400, "InvalidArgument", "Part number must be an integer between 1 and 10000.");
          const etag = md5(body);
          upload.parts.set(number, { body, etag, modified: new Date() });
          res.setHeader("etag", `"${etag}"`);
          return send(200);
        }
        const object = {
          body,
          etag: md5(body),
          type: String(req.headers["content-type"] ?? "application/octet-stream"),
          meta: metaOf(req),
          modified: new Date(),
        };
        bucket.set(key, object);
        res.setHeader("etag", `"${object.etag}"`);
        return send(200);
      }
      case "POST": {
        if ("uploads" in query) {
          const id = randomBytes(16).toString("hex");
          uploads.set(id, {
            bucket: bucketName,
            key,
            initiated: new Date(),
            type: String(req.headers["content-type"] ?? "application/octet-stream"),
            meta: metaOf(req),
            parts: new Map(),
          });
          return send(
            200,
            document(
              "InitiateMultipartUploadResult",
              tag("Bucket", bucketName) + tag("Key", key) + tag("UploadId", id),
            ),
          );
        }
        const upload = uploadOf(query.uploadId, bucketName, key);
        const listed = [...body.toString().matchAll(/<Part>([\s\S]*?)<\/Part>/g)].map((m) => ({
          number: Number(/<PartNumber>(\d+)<\/PartNumber>/.exec(m[1]!)?.[1]),
          etag: unxml(/<ETag>([^<]*)<\/ETag>/.exec(m[1]!)?.[1] ?? "").replace(/"/g, ""),
        }));
        if (!listed.length) throw new S3Error(400, "MalformedXML", "The part list is empty.");
        const parts = listed.map((p, i) => {
          const part = upload.parts.get(p.number);
          if (!part || part.etag !== p.etag)
            throw new S3Error(400, "InvalidPart", `Part ${p.number} was not uploaded with that ETag.`);
          if (i > 0 && p.number <= listed[i - 1]!.number)
            throw new S3Error(400, "InvalidPartOrder", "The parts must be listed in ascending order.");
          if (i < listed.length - 1 && part.body.length < MIN_PART)
            throw new S3Error(400, "EntityTooSmall", `Part ${p.number} is smaller than 5 MiB and not the last.`);
          return part;
        });
        const whole = Buffer.concat(parts.map((p) => p.body));
        const etag = `${md5(Buffer.concat(parts.map((p) => Buffer.from(p.etag, "hex"))))}-${parts.length}`;
        bucket.set(key, { body: whole, etag, type: upload.type, meta: upload.meta, modified: new Date() });
        uploads.delete(query.uploadId!);
        return send(
          200,
          document(
            "CompleteMultipartUploadResult",
            tag("Location", `http://${req.headers.host}/${bucketName}/${key}`) +
              tag("Bucket", bucketName) +
              tag("Key", key) +
              tag("ETag", `"${etag}"`),
          ),
        );
      }
      case "GET":
      case "HEAD": {
        if (query.uploadId !== undefined) {
          const upload = uploadOf(query.uploadId, bucketName, key);
          const marker = Number(query["part-number-marker"] ?? 0);
          const parts = [...upload.parts.entries()].filter(([n]) => n > marker).sort(([a], [b]) => a - b);
          return send(
            200,
            document(
              "ListPartsResult",
              tag("Bucket", bucketName) +
                tag("Key", key) +
                tag("UploadId", query.uploadId) +
                tag("PartNumberMarker", marker) +
                tag("MaxParts", 1000) +
                tag("IsTruncated", false) +
                parts
                  .map(
                    ([n, p]) =>
                      `<Part>${tag("PartNumber", n)}${tag("LastModified", p.modified.toISOString())}${tag("ETag", `"${p.etag}"`)}${tag("Size", p.body.length)}</Part>`,
                  )
                  .join(""),
            ),
          );
        }
        const object = bucket.get(key);
        if (!object) throw new S3Error(404, "NoSuchKey", "The specified key does not exist.");
        objectHeaders(res, object);
        const range = req.headers.range;
        if (range && req.method === "GET") {
          const m = /^bytes=(\d+)-(\d*)$/.exec(range);
          const start = Number(m?.[1]);
          const end = m?.[2] ? Math.min(Number(m[2]), object.body.length - 1) : object.body.length - 1;
          if (!m || start >= object.body.length || end < start)
            throw new S3Error(416, "InvalidRange", "The requested range is not satisfiable.");
          res.statusCode = 206;
          res.setHeader("content-range", `bytes ${start}-${end}/${object.body.length}`);
          res.setHeader("content-length", end - start + 1);
          return res.end(object.body.subarray(start, end + 1));
        }
        res.statusCode = 200;
        res.setHeader("content-length", object.body.length);
        return res.end(req.method === "HEAD" ? undefined : object.body);
      }
      case "DELETE": {
        if (query.uploadId !== undefined) {
          uploadOf(query.uploadId, bucketName, key);
          uploads.delete(query.uploadId);
          return send(204);
        }
        bucket.delete(key);
        return send(204);
      }
      default:
        throw new S3Error(405, "MethodNotAllowed", `${req.method} is not allowed.`);
    }
  }

  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      try {
        handle(req, res, Buffer.concat(chunks));
      } catch (error) {
        const e = error instanceof S3Error ? error : new S3Error(500, "InternalError", String(error));
        res.statusCode = e.status;
        if (req.method === "HEAD") return res.end();
        res.setHeader("content-type", "application/xml");
        res.end(
          `<?xml version="1.0" encoding="UTF-8"?>\n<Error>${tag("Code", e.code)}${tag("Message", e.message)}${tag("RequestId", randomBytes(8).toString("hex"))}</Error>`,
        );
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    accessKeyId,
    secretAccessKey,
    requests,
    createBucket(name) {
      buckets.set(name, buckets.get(name) ?? new Map());
    },
    keys: (name) => [...(buckets.get(name)?.keys() ?? [])].sort(),
    object: (name, key) => buckets.get(name)?.get(key)?.body,
    openUploads: (name) =>
      [...uploads.values()].filter((u) => u.bucket === name).map((u) => ({ key: u.key, parts: u.parts.size })),
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((err) => (err ? reject(err) : resolve()));
      }),
  };
}
