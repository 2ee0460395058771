import { join } from "node:path";
import { DataFolderStorage } from "./data-folder.js";
import type { MediaStorage } from "./storage.js";

export { DataFolderStorage } from "./data-folder.js";
export { uploadKey, type MediaStorage } from "./storage.js";

/** The storage the server keeps video in: the data folder's `media/` (DATA_DIR/media). */
export function createMediaStorage(dataDir: string): MediaStorage {
  return new DataFolderStorage(join(dataDir, "media"));
}
