import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { lockDataDir, LOCK_FILE } from "../../host/server/db/data-dir-lock.js";
import { StartupError } from "../../host/server/errors.js";

let dir: string;
afterEach(() => rmSync(dir, { recursive: true, force: true }));
const fresh = () => (dir = mkdtempSync(join(tmpdir(), "fitkit-lock-")));
/** Above the largest pid Linux hands out (pid_max is at most 2^22): no process has it. */
const NO_SUCH_PID = 2 ** 22 + 1;
const holdAs = (pid: number) =>
  writeFileSync(join(dir, LOCK_FILE), JSON.stringify({ pid, startedAt: "2024-01-01T00:00:00.000Z" }));

describe("the DATA_DIR lock", () => {
  it("is refused while another running process holds it, naming the folder and its pid", () => {
    fresh();
    holdAs(process.ppid);
    expect(() => lockDataDir(dir)).toThrow(StartupError);
    expect(() => lockDataDir(dir)).toThrow(`DATA_DIR ${dir} is in use by another fitkit server (pid ${process.ppid}`);
  });

  it("takes over a lock whose process no longer runs, and whose pid is now this process's (a restarted container)", () => {
    fresh();
    for (const stale of [NO_SUCH_PID, process.pid]) {
      holdAs(stale);
      const release = lockDataDir(dir);
      expect(JSON.parse(readFileSync(join(dir, LOCK_FILE), "utf8")).pid).toBe(process.pid);
      release();
      expect(existsSync(join(dir, LOCK_FILE))).toBe(false);
    }
  });
});
