import { createWriteStream } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Readable } from "node:stream";
import { buffer } from "node:stream/consumers";
import { pipeline } from "node:stream/promises";
import {
  DeleteObjectCommand,
  DeleteObjectsCommand,
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
  type S3ClientConfig,
} from "@aws-sdk/client-s3";
import { S3Store } from "@tus/s3-store";
import { StartupError } from "../../errors.js";
import type { S3Settings } from "./settings.js";
import { checkKey, type MediaStorage } from "./storage.js";

/** S3 deletes at most this many keys in one request. */
const DELETE_BATCH = 1000;

const CONTENT_TYPES: Record<string, string> = {
  m3u8: "application/vnd.apple.mpegurl",
  ts: "video/mp2t",
  jpg: "image/jpeg",
};

/** A missing object or upload: S3 says NoSuchKey (GET) or a bare 404 (HEAD); some services say NoSuchUpload. */
const isMissing = (error: unknown) => {
  const e = error as { name?: string; $metadata?: { httpStatusCode?: number } };
  return e.name === "NoSuchKey" || e.name === "NotFound" || e.$metadata?.httpStatusCode === 404;
};

/**
 * @tus/s3-store keeps what it read of an upload (`{id}.info`) in this process's memory by default; another process
 * may have finished or removed that upload since, so every request reads the bucket (one small GET).
 */
const READ_THROUGH: NonNullable<ConstructorParameters<typeof S3Store>[0]["cache"]> = {
  get: async () => undefined,
  set: async () => {},
  delete: async () => {},
};

/** The SDK client settings of both this storage's client and the tus upload store's. */
function clientConfig(settings: S3Settings): S3ClientConfig {
  return {
    region: settings.region,
    forcePathStyle: settings.forcePathStyle,
    ...(settings.endpoint
      ? {
          endpoint: settings.endpoint,
          // S3-compatible services differ in the SDK's newer integrity checksums (CRC trailers on streamed bodies):
          // sent and checked only where the S3 API requires them, the requests are the ones every service speaks.
          requestChecksumCalculation: "WHEN_REQUIRED",
          responseChecksumValidation: "WHEN_REQUIRED",
        }
      : {}),
    ...(settings.credentials ? { credentials: settings.credentials } : {}),
  };
}

/**
 * Media storage in an S3-compatible bucket, for several processes on several machines serving one catalogue. Objects
 * keep the storage's keys (`videos/{asset}/…`); tus uploads are @tus/s3-store multipart uploads at the bucket's top
 * level (`{id}`, with `{id}.info` and an unfinished last part at `{id}.part`). Reads stream from the bucket, byte
 * ranges included; ffmpeg and ffprobe get a downloaded copy in a temporary folder that is removed afterwards.
 */
export class S3Storage implements MediaStorage {
  readonly #client: S3Client;

  constructor(private readonly settings: S3Settings) {
    this.#client = new S3Client(clientConfig(settings));
  }

  get location() {
    return `s3://${this.settings.bucket}${this.settings.endpoint ? ` at ${this.settings.endpoint}` : ""}`;
  }

  /** Refuses to start when the bucket cannot be reached with these settings (missing, or the keys refused). */
  async ready(): Promise<void> {
    try {
      await this.#client.send(new HeadBucketCommand({ Bucket: this.settings.bucket }));
    } catch (error) {
      const e = error as { name?: string; message?: string; $metadata?: { httpStatusCode?: number } };
      const status = e.$metadata?.httpStatusCode;
      const why =
        status === 404
          ? "it does not exist: create it first"
          : status === 403 || status === 401
            ? "the keys were refused (AWS_ACCESS_KEY_ID, AWS_SECRET_ACCESS_KEY)"
            : `${e.name ?? "error"}${e.message && e.message !== e.name ? `: ${e.message}` : ""}`;
      throw new StartupError(`FITKIT_S3_BUCKET ${this.location} cannot be used: ${why}`);
    }
  }

  uploadKey(uploadId: string) {
    return checkKey(uploadId);
  }

  async unfinishedUploadStart(uploadId: string) {
    // Until a whole part (5 MiB) has arrived, @tus/s3-store keeps the bytes received in `{id}.part`.
    return this.get(`${checkKey(uploadId)}.part`);
  }

  async deleteUpload(uploadId: string) {
    const id = checkKey(uploadId);
    await this.#deleteKeys([id, `${id}.info`, `${id}.part`]);
  }

  async put(key: string, body: Buffer | Readable): Promise<void> {
    // The SDK sends a body of known length: a buffer, or a file's stream (it reads the file's size); anything else
    // is read first (the callers' other streams are small).
    const known = Buffer.isBuffer(body) || typeof (body as { path?: unknown }).path === "string";
    await this.#client.send(
      new PutObjectCommand({
        Bucket: this.settings.bucket,
        Key: checkKey(key),
        Body: known ? body : await buffer(body),
        ContentType: CONTENT_TYPES[key.slice(key.lastIndexOf(".") + 1)] ?? "application/octet-stream",
      }),
    );
  }

  async get(key: string): Promise<Buffer | undefined> {
    const body = await this.#object(key);
    return body ? Buffer.from(await body.transformToByteArray()) : undefined;
  }

  async stream(key: string, range?: { start: number; end: number }): Promise<Readable | undefined> {
    const body = await this.#object(key, range);
    return body ? (body as unknown as Readable) : undefined;
  }

  async #object(key: string, range?: { start: number; end: number }) {
    try {
      const answer = await this.#client.send(
        new GetObjectCommand({
          Bucket: this.settings.bucket,
          Key: checkKey(key),
          ...(range ? { Range: `bytes=${range.start}-${range.end}` } : {}),
        }),
      );
      return answer.Body;
    } catch (error) {
      if (isMissing(error)) return undefined;
      throw error;
    }
  }

  async stat(key: string) {
    try {
      const head = await this.#client.send(new HeadObjectCommand({ Bucket: this.settings.bucket, Key: checkKey(key) }));
      return { size: head.ContentLength ?? 0, modified: head.LastModified ?? new Date(0) };
    } catch (error) {
      if (isMissing(error)) return undefined;
      throw error;
    }
  }

  async delete(key: string): Promise<void> {
    await this.#client.send(new DeleteObjectCommand({ Bucket: this.settings.bucket, Key: checkKey(key) }));
  }

  async deleteAll(prefix: string): Promise<void> {
    const folder = `${checkKey(prefix)}/`;
    let token: string | undefined;
    do {
      const page = await this.#client.send(
        new ListObjectsV2Command({ Bucket: this.settings.bucket, Prefix: folder, ContinuationToken: token }),
      );
      const keys = (page.Contents ?? []).map((o) => o.Key).filter((k): k is string => Boolean(k));
      await this.#deleteKeys(keys);
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
  }

  async #deleteKeys(keys: string[]) {
    for (let i = 0; i < keys.length; i += DELETE_BATCH) {
      const answer = await this.#client.send(
        new DeleteObjectsCommand({
          Bucket: this.settings.bucket,
          Delete: { Objects: keys.slice(i, i + DELETE_BATCH).map((Key) => ({ Key })), Quiet: true },
        }),
      );
      const failed = answer.Errors?.[0];
      if (failed) throw new Error(`could not delete ${failed.Key} from the bucket: ${failed.Code} ${failed.Message}`);
    }
  }

  async localCopy(key: string) {
    const body = await this.stream(key);
    if (!body) return undefined;
    const dir = await mkdtemp(join(tmpdir(), "fitkit-s3-"));
    const release = () => rm(dir, { recursive: true, force: true });
    const path = join(dir, "source");
    try {
      await pipeline(body, createWriteStream(path));
    } catch (error) {
      await release();
      throw error;
    }
    return { path, release };
  }

  uploadStore(expiryMs: number) {
    return new S3Store({
      s3ClientConfig: { bucket: this.settings.bucket, ...clientConfig(this.settings) },
      expirationPeriodInMilliseconds: expiryMs,
      // Expired uploads are removed by the server's hourly sweep (ListMultipartUploads), not by tag lifecycle
      // rules, which not every S3-compatible service has.
      useTags: false,
      cache: READ_THROUGH,
    });
  }
}
