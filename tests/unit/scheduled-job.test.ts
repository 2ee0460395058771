import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { ScheduledJob } from "../../host/server/jobs/scheduled-job.js";

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
/** 10:40 UTC on an ordinary day: twenty minutes before the hour. */
const START = Date.UTC(2026, 2, 10, 10, 40);

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(START);
});
afterEach(() => vi.useRealTimers());

function hourlyJob(lock = <T>(_name: string, run: () => Promise<T>) => run() as Promise<T | undefined>) {
  const runs: string[] = [];
  const job = new ScheduledJob<number>({
    name: "probe",
    lock,
    work: async () => {
      runs.push(new Date(Date.now()).toISOString().slice(11, 16));
      return runs.length;
    },
    skipped: 0,
    everyMs: HOUR,
    now: () => Date.now(),
    onError: (error) => {
      throw error;
    },
  });
  return { job, runs };
}

describe("a scheduled background job", () => {
  it("runs at start, then on the wall clock's hour rather than an hour after start", async () => {
    const { job, runs } = hourlyJob();
    job.start();
    await vi.advanceTimersByTimeAsync(0);
    expect(runs).toEqual(["10:40"]);
    await vi.advanceTimersByTimeAsync(20 * MINUTE);
    expect(runs).toEqual(["10:40", "11:00"]);
    await vi.advanceTimersByTimeAsync(2 * HOUR);
    expect(runs).toEqual(["10:40", "11:00", "12:00", "13:00"]);
    await job.stop();
    await vi.advanceTimersByTimeAsync(2 * HOUR);
    expect(runs).toHaveLength(4);
  });

  it("runs at every start, so a process restarted more often than hourly still does the work", async () => {
    for (const minutes of [0, 15, 15, 15]) {
      await vi.advanceTimersByTimeAsync(minutes * MINUTE);
      const { job, runs } = hourlyJob();
      job.start();
      await vi.advanceTimersByTimeAsync(0);
      expect(runs).toHaveLength(1);
      await job.stop();
    }
  });

  it("answers `skipped` when another process holds the job's lock, and joins a pass in progress here", async () => {
    const { job: elsewhere, runs } = hourlyJob(async () => undefined);
    expect(await elsewhere.run()).toBe(0);
    expect(runs).toEqual([]);
    const { job } = hourlyJob();
    const [a, b] = await Promise.all([job.run(), job.run()]);
    expect([a, b]).toEqual([1, 1]);
  });

  it("waits a whole period when a timer fires a moment before its instant", () => {
    expect(ScheduledJob.untilNext(Date.UTC(2026, 2, 10, 10, 59, 59, 998), HOUR)).toBe(HOUR + 2);
    expect(ScheduledJob.untilNext(Date.UTC(2026, 2, 10, 11, 0, 0, 5), HOUR)).toBe(HOUR - 5);
    expect(ScheduledJob.untilNext(START, 200)).toBe(200);
  });
});
