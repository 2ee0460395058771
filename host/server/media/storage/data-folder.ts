import { createReadStream, createWriteStream } from "node:fs";
import { mkdir, readFile, rename, rm, stat, unlink } from "node:fs/promises";
import { dirname, join } from "node:path";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { randomBytes } from "node:crypto";
import { FileStore } from "@tus/file-store";
import { checkKey, type MediaStorage } from "./storage.js";

const isMissing = (error: unknown) => (error as { code?: string }).code === "ENOENT";

/**
 * Media storage in a folder on this machine (the embedded default: `DATA_DIR/media`). A write goes to a temporary
 * name first and is renamed into place, so a reader never sees half an object and a crash leaves no torn file.
 */
export class DataFolderStorage implements MediaStorage {
  constructor(readonly root: string) {}

  get location() {
    return this.root;
  }

  #path(key: string) {
    return join(this.root, ...checkKey(key).split("/"));
  }

  async put(key: string, body: Buffer | Readable): Promise<void> {
    const path = this.#path(key);
    await mkdir(dirname(path), { recursive: true });
    const temporary = `${path}.${randomBytes(6).toString("hex")}.part`;
    try {
      await pipeline(Buffer.isBuffer(body) ? Readable.from([body]) : body, createWriteStream(temporary));
      await rename(temporary, path);
    } catch (error) {
      await rm(temporary, { force: true });
      throw error;
    }
  }

  async get(key: string): Promise<Buffer | undefined> {
    try {
      return await readFile(this.#path(key));
    } catch (error) {
      if (isMissing(error)) return undefined;
      throw error;
    }
  }

  async stream(key: string, range?: { start: number; end: number }): Promise<Readable | undefined> {
    const path = this.#path(key);
    if (!(await this.stat(key))) return undefined;
    return createReadStream(path, range ?? {});
  }

  async stat(key: string) {
    try {
      const s = await stat(this.#path(key));
      return s.isFile() ? { size: s.size, modified: s.mtime } : undefined;
    } catch (error) {
      if (isMissing(error)) return undefined;
      throw error;
    }
  }

  async delete(key: string): Promise<void> {
    try {
      await unlink(this.#path(key));
    } catch (error) {
      if (!isMissing(error)) throw error;
    }
  }

  async deleteAll(prefix: string): Promise<void> {
    await rm(this.#path(prefix), { recursive: true, force: true });
  }

  async localCopy(key: string) {
    if (!(await this.stat(key))) return undefined;
    return { path: this.#path(key), release: async () => {} };
  }

  async ready() {}

  uploadKey(uploadId: string) {
    return `uploads/${checkKey(uploadId)}`;
  }

  unfinishedUploadStart(uploadId: string) {
    return this.get(this.uploadKey(uploadId));
  }

  async deleteUpload(uploadId: string) {
    // The file store keeps an upload's details beside its bytes, in `{id}.json`.
    await this.delete(this.uploadKey(uploadId));
    await this.delete(`${this.uploadKey(uploadId)}.json`);
  }

  uploadStore(expiryMs: number) {
    return new FileStore({ directory: join(this.root, "uploads"), expirationPeriodInMilliseconds: expiryMs });
  }
}
