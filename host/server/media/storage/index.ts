import { join } from "node:path";
import { DataFolderStorage } from "./data-folder.js";
import { S3Storage } from "./s3.js";
import type { MediaStorageSettings } from "./settings.js";
import type { MediaStorage } from "./storage.js";

export { DataFolderStorage } from "./data-folder.js";
export { S3Storage } from "./s3.js";
export type { MediaStorage } from "./storage.js";
export type { MediaStorageSettings } from "./settings.js";

/**
 * The storage the server keeps video in: the data folder's `media/` (DATA_DIR/media), or the S3-compatible bucket
 * FITKIT_S3_BUCKET names.
 */
export function createMediaStorage(settings: MediaStorageSettings, dataDir: string): MediaStorage {
  return settings.kind === "s3" ? new S3Storage(settings) : new DataFolderStorage(join(dataDir, "media"));
}
