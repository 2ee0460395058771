import { describe, expect, it } from "vitest";
import { VerificationQueue } from "../../host/server/auth/verification-queue.js";

/** A check that finishes when the test says so. */
function gate() {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { open, opened };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe("the password check queue", () => {
  it("runs one account's burst one check at a time, so another member's sign-in starts at once", async () => {
    const queue = new VerificationQueue(2);
    const started: string[] = [];
    const burst = Array.from({ length: 32 }, (_, i) => {
      const g = gate();
      const done = queue.run("attacked", async () => {
        started.push(`attacked-${i}`);
        await g.opened;
      });
      return { ...g, done };
    });
    await settle();
    expect(started).toEqual(["attacked-0"]);

    const other = queue.run("someone-else", async () => started.push("someone-else"));
    await other;
    expect(started).toEqual(["attacked-0", "someone-else"]);

    for (const check of burst) {
      check.open();
      await check.done;
    }
    expect(started).toHaveLength(33);
  });

  it("runs at most its slots at once, across accounts and unknown emails", async () => {
    const queue = new VerificationQueue(2);
    let running = 0;
    let most = 0;
    const order: number[] = [];
    await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        queue.run(i % 3 === 0 ? undefined : `member-${i}`, async () => {
          running++;
          most = Math.max(most, running);
          order.push(i);
          await settle();
          running--;
        }),
      ),
    );
    expect(most).toBe(2);
    expect(order.sort((a, b) => a - b)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
  });

  it("goes on after a check that throws", async () => {
    const queue = new VerificationQueue(1);
    await expect(queue.run("a", async () => Promise.reject(new Error("boom")))).rejects.toThrow("boom");
    expect(await queue.run("a", async () => "next")).toBe("next");
    expect(await queue.run(undefined, async () => "other")).toBe("other");
  });
});
