import { linkSync, readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { StartupError } from "../errors.js";

/** The lock file inside DATA_DIR (PostgreSQL ignores files it does not know in its data folder). */
export const LOCK_FILE = "fitkit-server.lock";

interface Holder {
  pid: number;
  startedAt: string;
}

/** Whether a process with this id runs on this machine (EPERM: it runs, as another user). */
function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
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
 * second server on the same folder would silently lose the first one's writes. The lock names its holder's pid; a
 * holder that no longer runs (killed, crashed) left a stale lock, which is taken over. Answers the release.
 */
export function lockDataDir(dataDir: string): () => void {
  const path = join(dataDir, LOCK_FILE);
  const mine: Holder = { pid: process.pid, startedAt: new Date().toISOString() };
  // Written whole first, then linked into place (atomic, and fails when a lock exists): a lock is never half-written.
  const draft = `${path}.${process.pid}`;
  writeFileSync(draft, JSON.stringify(mine));
  try {
    for (let attempt = 0; attempt < 3; attempt++) {
      try {
        linkSync(draft, path);
        return () => {
          if (readHolder(path)?.pid === process.pid) rmSync(path, { force: true });
        };
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
      }
      const holder = readHolder(path);
      // Our own pid in the lock is a previous run's: a restarted container gives its server the same pid.
      if (holder && holder.pid !== process.pid && isRunning(holder.pid)) throw inUse(dataDir, holder);
      takeOverStale(path, holder);
    }
    throw new StartupError(`DATA_DIR ${dataDir} is in use: another server keeps taking ${path}`);
  } finally {
    rmSync(draft, { force: true });
  }
}

const inUse = (dataDir: string, holder: Holder) =>
  new StartupError(
    `DATA_DIR ${dataDir} is in use by another fitkit server (pid ${holder.pid}, started ${holder.startedAt}): stop it, or give this server its own DATA_DIR`,
  );

/**
 * Removes a stale lock by moving it aside (atomic), so of two servers taking it over only one moves it. When what
 * was moved is not the stale lock read a moment ago, another server has just taken it over: it is put back.
 */
function takeOverStale(path: string, stale: Holder | undefined) {
  const aside = `${path}.stale-${process.pid}`;
  try {
    renameSync(path, aside);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return;
    throw error;
  }
  const moved = readHolder(aside);
  if (moved && (!stale || moved.pid !== stale.pid || moved.startedAt !== stale.startedAt)) {
    linkSync(aside, path);
    rmSync(aside, { force: true });
    throw inUse(dirname(path), moved);
  }
  rmSync(aside, { force: true });
}
