import type { Readable } from "node:stream";
import type { DataStore } from "@tus/server";

/** A stored object's size and when it last changed. */
export interface StoredObject {
  size: number;
  modified: Date;
}

/**
 * Where uploads, renditions and posters live: named objects (keys like `videos/{asset}/360/index.m3u8`, `/`-separated,
 * no `..`), written whole and read whole or as a stream. The data folder is the embedded default; an S3-compatible
 * bucket fits the same interface, for several processes on several machines serving one catalogue.
 */
export interface MediaStorage {
  /** Where the storage is, for the start-up line and the docs: a folder or a bucket URL. */
  readonly location: string;
  put(key: string, body: Buffer | Readable): Promise<void>;
  /** The object's bytes, or undefined when there is none. */
  get(key: string): Promise<Buffer | undefined>;
  /** A stream of the object (bytes `start`–`end` inclusive when given), or undefined when there is none. */
  stream(key: string, range?: { start: number; end: number }): Promise<Readable | undefined>;
  stat(key: string): Promise<StoredObject | undefined>;
  delete(key: string): Promise<void>;
  /** Removes every object under `prefix/`. */
  deleteAll(prefix: string): Promise<void>;
  /**
   * A path on this machine holding the object's bytes, for tools that read files (ffprobe, ffmpeg), and how to let
   * it go: the file itself in the data folder; a downloaded copy from a bucket.
   */
  localCopy(key: string): Promise<{ path: string; release: () => Promise<void> } | undefined>;
  /** Checks at start that the storage can be used; refuses (a StartupError) when it cannot. */
  ready(): Promise<void>;
  /**
   * The tus datastore that keeps resumable uploads (a finished one's bytes at `uploadKey(id)`); an unfinished one
   * expires `expiryMs` after it started.
   */
  uploadStore(expiryMs: number): DataStore;
  /** Where a finished tus upload's bytes are. */
  uploadKey(uploadId: string): string;
  /** The bytes an unfinished upload has received so far, while fewer than a part's (for sniffing its type). */
  unfinishedUploadStart(uploadId: string): Promise<Buffer | undefined>;
  /** Removes a finished upload's bytes and what its datastore kept about it. */
  deleteUpload(uploadId: string): Promise<void>;
}

const KEY = /^[A-Za-z0-9_-][A-Za-z0-9_.-]*(\/[A-Za-z0-9_-][A-Za-z0-9_.-]*)*$/;

/**
 * Refuses keys that could leave the storage's root (`..`, absolute paths, empty parts): keys come from code, not
 * users.
 */
export function checkKey(key: string): string {
  if (!KEY.test(key) || key.split("/").some((part) => part === "." || part === ".."))
    throw new Error(`invalid storage key: ${key}`);
  return key;
}
