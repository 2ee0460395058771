import { closeSync, ftruncateSync, openSync, readFileSync, writeSync } from "node:fs";
import { hostname } from "node:os";
import { join } from "node:path";
import { flockSync } from "fs-ext";
import { StartupError } from "../errors.js";

/** The lock file inside DATA_DIR (PostgreSQL ignores files it does not know in its data folder). */
export const LOCK_FILE = "fitkit-server.lock";

interface Holder {
  pid: number;
  host: string;
  startedAt: string;
}

function readHolder(path: string): Holder | undefined {
  try {
    const holder = JSON.parse(readFileSync(path, "utf8")) as Holder;
    return Number.isInteger(holder.pid) ? holder : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Makes this process the only server on an embedded data folder: each PGlite keeps its own copy in memory, so a
 * second server on the same folder would silently lose the first one's writes.
 *
 * The lock is the kernel's (flock) on a file in the folder, held on a descriptor open for the life of the process.
 * A process id means nothing to a server in another PID namespace (another container on the same volume), but the
 * kernel's lock holds across namespaces, and the kernel drops it when its holder ends however it ends (`kill -9`
 * included), so a lock is never left stale. The file only names the holder for the refusal message. Answers the
 * release.
 */
export function lockDataDir(dataDir: string): () => void {
  const path = join(dataDir, LOCK_FILE);
  const fd = openSync(path, "a+");
  try {
    flockSync(fd, "exnb");
  } catch (error) {
    closeSync(fd);
    if ((error as NodeJS.ErrnoException).code === "EAGAIN" || (error as NodeJS.ErrnoException).code === "EWOULDBLOCK")
      throw inUse(dataDir, readHolder(path));
    throw error;
  }
  const mine: Holder = { pid: process.pid, host: hostname(), startedAt: new Date().toISOString() };
  // Never unlinked: a server that opened the file just before an unlink would lock a name no one else sees.
  ftruncateSync(fd, 0);
  writeSync(fd, JSON.stringify(mine));
  return () => {
    ftruncateSync(fd, 0);
    closeSync(fd); // closing the last descriptor drops the kernel's lock
  };
}

const inUse = (dataDir: string, holder: Holder | undefined) =>
  new StartupError(
    `DATA_DIR ${dataDir} is in use by another fitkit server${holder ? ` (pid ${holder.pid} on ${holder.host}, started ${holder.startedAt})` : ""}: stop it, or give this server its own DATA_DIR`,
  );
