import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { lockDataDir, LOCK_FILE } from "../../host/server/db/data-dir-lock.js";
import { StartupError } from "../../host/server/errors.js";
import { fromRoot } from "../../host/server/paths.js";

/** A process starting under tsx on a loaded 2-core machine. */
const HOLDER_START_MS = 60_000;
const lockModule = fromRoot("host", "server", "db", "data-dir-lock.ts");

let dir: string;
const holders: ChildProcess[] = [];
afterEach(async () => {
  for (const holder of holders.splice(0)) await kill9(holder);
  rmSync(dir, { recursive: true, force: true });
});
const fresh = () => (dir = mkdtempSync(join(tmpdir(), "fitkit-lock-")));

/** Above the largest pid Linux hands out (pid_max is at most 2^22): no process has it. */
const NO_SUCH_PID = 2 ** 22 + 1;

/**
 * Another server process taking the lock on `dir` and keeping it, optionally behind `wrap` (another PID namespace).
 * Resolves once it holds the lock, with its process (the outermost one, whose SIGKILL ends the holder).
 */
async function holdInAnotherProcess(wrap: string[] = []): Promise<ChildProcess> {
  const script = `import { lockDataDir } from ${JSON.stringify(lockModule)}; lockDataDir(${JSON.stringify(dir)}); console.log("held"); setInterval(() => {}, 60_000);`;
  const node = [process.execPath, "--import", "tsx", "--input-type=module", "-e", script];
  const [command, ...args] = [...wrap, ...node] as [string, ...string[]];
  const holder = spawn(command, args, { stdio: ["ignore", "pipe", "pipe"] });
  holders.push(holder);
  let output = "";
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`the holder did not take the lock: ${output}`)), HOLDER_START_MS);
    holder.stdout.on("data", (chunk) => {
      output += chunk;
      if (output.includes("held")) {
        clearTimeout(timer);
        resolve();
      }
    });
    holder.stderr.on("data", (chunk) => (output += chunk));
    holder.once("exit", (code) => {
      clearTimeout(timer);
      reject(new Error(`the holder exited (${code}): ${output}`));
    });
  });
  return holder;
}

async function kill9(holder: ChildProcess) {
  if (holder.exitCode !== null || holder.signalCode !== null) return;
  const exited = new Promise((resolve) => holder.once("exit", resolve));
  holder.kill("SIGKILL");
  await exited;
}

const heldBy = () => JSON.parse(readFileSync(join(dir, LOCK_FILE), "utf8")) as { pid: number };

function isRunningHere(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

/** Whether this machine lets us start a process in a PID namespace of its own (root, or an unprivileged userns). */
const canUnshare = spawnSync("unshare", ["--pid", "--fork", "true"]).status === 0;

describe("the DATA_DIR lock", () => {
  it(
    "is refused while another process holds it, naming the folder and its pid, and is free at once after its kill -9",
    async () => {
      fresh();
      const holder = await holdInAnotherProcess();
      expect(() => lockDataDir(dir)).toThrow(StartupError);
      expect(() => lockDataDir(dir)).toThrow(`DATA_DIR ${dir} is in use by another fitkit server (pid ${holder.pid}`);
      await kill9(holder);
      lockDataDir(dir)();
    },
    HOLDER_START_MS * 2,
  );

  it(
    "holds against a server in another PID namespace (another container on the same volume), whose pid means nothing here",
    async (context) => {
      if (!canUnshare) context.skip("`unshare --pid --fork` is unavailable here: it needs root (CI runs as root)");
      fresh();
      // The holder runs with a pid no process has in this namespace, as a server in another container does.
      let pid = 30_001;
      while (isRunningHere(pid)) pid++;
      const wrap = [
        "unshare",
        "--pid",
        "--fork",
        "--kill-child",
        "sh",
        "-c",
        `echo ${pid - 1} > /proc/sys/kernel/ns_last_pid && "$0" "$@"; true`,
      ];
      const holder = await holdInAnotherProcess(wrap);
      expect(heldBy().pid).toBe(pid);
      expect(isRunningHere(pid)).toBe(false);
      expect(() => lockDataDir(dir)).toThrow(`DATA_DIR ${dir} is in use by another fitkit server (pid ${pid}`);
      await kill9(holder);
      // The namespace's first process ended with unshare, and the kernel ended the rest and dropped their locks.
      await expect
        .poll(
          () => {
            try {
              lockDataDir(dir)();
              return true;
            } catch {
              return false;
            }
          },
          { timeout: HOLDER_START_MS },
        )
        .toBe(true);
    },
    HOLDER_START_MS * 2,
  );

  it("is taken over from a file a killed server left behind, whatever pid it names (ours: a restarted container)", () => {
    fresh();
    for (const stale of [NO_SUCH_PID, process.pid, process.ppid]) {
      writeFileSync(join(dir, LOCK_FILE), JSON.stringify({ pid: stale, startedAt: "2024-01-01T00:00:00.000Z" }));
      const release = lockDataDir(dir);
      expect(heldBy().pid).toBe(process.pid);
      release();
    }
  });

  it("is held by one of two servers in the same process, and free again after its release", () => {
    fresh();
    const release = lockDataDir(dir);
    expect(() => lockDataDir(dir)).toThrow(StartupError);
    release();
    lockDataDir(dir)();
  });
});
