import { describe, expect, it } from "vitest";
import {
  computeStreaks,
  isStreakMilestone,
  nextStreakMilestone,
  type StreakCalendar,
} from "../../src/domain/streaks.js";

const DAY = 86_400_000;
const at = (iso: string) => new Date(iso);

interface Case {
  name: string;
  zone: string;
  workouts?: string[];
  live?: string[];
  calendars?: StreakCalendar[];
  now: string;
  today: string;
  todayStatus: "done" | "rest" | "open";
  daily: { current: number; longest: number; currentSince: string | null };
  weekly?: { current: number; longest: number };
}

// Every instant is written in UTC with the local time it is in the member's zone beside it.
const cases: Case[] = [
  {
    name: "nothing done: no streak, today open, and a record dated after now is left out",
    zone: "America/Chicago",
    workouts: ["2026-11-24T20:00:00Z"], // 14:00 CST, after now
    now: "2026-11-24T16:00:00Z",
    today: "2026-11-24",
    todayStatus: "open",
    daily: { current: 0, longest: 0, currentSince: null },
    weekly: { current: 0, longest: 0 },
  },
  {
    name: "a late-night workout counts for the day it started, not the UTC day nor the day it ended",
    zone: "America/Chicago",
    workouts: [
      "2026-11-23T00:00:00Z", // Sun 22 Nov 18:00 CST
      "2026-11-24T05:50:00Z", // Mon 23 Nov 23:50 CST (ended after midnight)
    ],
    now: "2026-11-24T16:00:00Z", // Tue 24 Nov 10:00 CST
    today: "2026-11-24",
    todayStatus: "open",
    daily: { current: 2, longest: 2, currentSince: "2026-11-22" },
  },
  {
    name: "a missed day breaks the daily streak; the longest stays",
    zone: "America/Chicago",
    workouts: ["2026-11-20T18:00:00Z", "2026-11-21T18:00:00Z"], // Fri 20, Sat 21 Nov
    now: "2026-11-23T18:00:00Z", // Mon 23: nothing on Sun 22
    today: "2026-11-23",
    todayStatus: "open",
    daily: { current: 0, longest: 2, currentSince: null },
  },
  {
    name: "an attended live class counts for the day it started",
    zone: "America/Chicago",
    workouts: ["2026-11-22T18:00:00Z"], // Sun 22 Nov 12:00 CST
    live: ["2026-11-24T05:30:00Z"], // Mon 23 Nov 23:30 CST
    now: "2026-11-24T16:00:00Z",
    today: "2026-11-24",
    todayStatus: "open",
    daily: { current: 2, longest: 2, currentSince: "2026-11-22" },
  },
  {
    name: "Chicago, clocks forward (a 23-hour day): 23:30 three evenings running is three days",
    zone: "America/Chicago",
    workouts: [
      "2026-03-08T05:30:00Z", // Sat 7 Mar 23:30 CST
      "2026-03-09T04:30:00Z", // Sun 8 Mar 23:30 CDT (the day of the change)
      "2026-03-10T04:30:00Z", // Mon 9 Mar 23:30 CDT
    ],
    now: "2026-03-10T15:00:00Z", // Tue 10 Mar 10:00 CDT
    today: "2026-03-10",
    todayStatus: "open",
    daily: { current: 3, longest: 3, currentSince: "2026-03-07" },
  },
  {
    name: "Chicago, clocks back (a 25-hour day): 00:15 CDT and 23:45 CST are the same day, the day before stays apart",
    zone: "America/Chicago",
    workouts: [
      "2026-10-31T04:30:00Z", // Fri 30 Oct 23:30 CDT
      "2026-11-01T05:15:00Z", // Sun 1 Nov 00:15 CDT (a fixed UTC-6 would say 31 Oct)
      "2026-11-02T05:45:00Z", // Sun 1 Nov 23:45 CST
      "2026-11-02T18:00:00Z", // Mon 2 Nov 12:00 CST
    ],
    now: "2026-11-02T20:00:00Z",
    today: "2026-11-02",
    todayStatus: "done",
    daily: { current: 2, longest: 2, currentSince: "2026-11-01" },
  },
  {
    name: "London, clocks forward: 00:30 BST on 30 March is that day though it is still 29 March in UTC",
    zone: "Europe/London",
    workouts: [
      "2026-03-28T23:30:00Z", // Sat 28 Mar 23:30 GMT
      "2026-03-29T22:30:00Z", // Sun 29 Mar 23:30 BST
      "2026-03-29T23:30:00Z", // Mon 30 Mar 00:30 BST
    ],
    now: "2026-03-30T12:00:00Z",
    today: "2026-03-30",
    todayStatus: "done",
    daily: { current: 3, longest: 3, currentSince: "2026-03-28" },
  },
  {
    name: "London, clocks back: 00:30 BST on 25 October counts for that day",
    zone: "Europe/London",
    workouts: [
      "2026-10-24T11:00:00Z", // Sat 24 Oct 12:00 BST
      "2026-10-24T23:30:00Z", // Sun 25 Oct 00:30 BST
    ],
    now: "2026-10-25T18:00:00Z", // Sun 25 Oct 18:00 GMT
    today: "2026-10-25",
    todayStatus: "done",
    daily: { current: 2, longest: 2, currentSince: "2026-10-24" },
  },
  {
    name: "a rest day of the enrolled calendar bridges a day off and counts as a day of the streak",
    zone: "America/Chicago",
    workouts: ["2026-11-16T18:00:00Z", "2026-11-17T18:00:00Z", "2026-11-19T18:00:00Z", "2026-11-20T18:00:00Z"],
    // Enrolled Mon 16 Nov 21:00 CST (already 17 Nov in UTC): day 1 is the 16th, so rest day 3 is Wed 18 Nov.
    calendars: [{ enrolledAt: at("2026-11-17T03:00:00Z"), restDays: [3, 7] }],
    now: "2026-11-20T23:00:00Z",
    today: "2026-11-20",
    todayStatus: "done",
    daily: { current: 5, longest: 5, currentSince: "2026-11-16" },
  },
  {
    name: "without the calendar the same days are two streaks",
    zone: "America/Chicago",
    workouts: ["2026-11-16T18:00:00Z", "2026-11-17T18:00:00Z", "2026-11-19T18:00:00Z", "2026-11-20T18:00:00Z"],
    now: "2026-11-20T23:00:00Z",
    today: "2026-11-20",
    todayStatus: "done",
    daily: { current: 2, longest: 2, currentSince: "2026-11-19" },
  },
  {
    name: "rest days alone are no streak",
    zone: "America/Chicago",
    calendars: [{ enrolledAt: at("2026-11-16T16:00:00Z"), restDays: [1, 2] }],
    now: "2026-11-17T18:00:00Z",
    today: "2026-11-17",
    todayStatus: "rest",
    daily: { current: 0, longest: 0, currentSince: null },
  },
  {
    name: "a rest day today keeps the streak going and counts",
    zone: "America/Chicago",
    workouts: ["2026-11-15T18:00:00Z"],
    calendars: [{ enrolledAt: at("2026-11-16T16:00:00Z"), restDays: [1] }],
    now: "2026-11-16T20:00:00Z",
    today: "2026-11-16",
    todayStatus: "rest",
    daily: { current: 2, longest: 2, currentSince: "2026-11-15" },
  },
  {
    name: "weeks run Monday to Sunday in the member's zone: Sunday 23:30 and Monday 00:30 are two weeks in a row",
    zone: "America/Chicago",
    workouts: [
      "2026-11-16T05:30:00Z", // Sun 15 Nov 23:30 CST (already Monday in UTC)
      "2026-11-16T06:30:00Z", // Mon 16 Nov 00:30 CST
    ],
    now: "2026-11-25T18:00:00Z", // Wed 25 Nov: this week still open
    today: "2026-11-25",
    todayStatus: "open",
    daily: { current: 0, longest: 2, currentSince: null },
    weekly: { current: 2, longest: 2 },
  },
  {
    name: "a whole week with nothing since the last workout ends the weekly streak",
    zone: "America/Chicago",
    workouts: ["2026-11-10T18:00:00Z"], // week of 9 Nov; nothing in the week of 16 Nov
    now: "2026-11-25T18:00:00Z",
    today: "2026-11-25",
    todayStatus: "open",
    daily: { current: 0, longest: 1, currentSince: null },
    weekly: { current: 0, longest: 1 },
  },
  {
    name: "this week still open does not break the weekly streak",
    zone: "America/Chicago",
    workouts: ["2026-11-10T18:00:00Z", "2026-11-22T18:00:00Z"], // weeks of 9 and 16 Nov (Sun 22 is in the 16th's)
    now: "2026-11-25T18:00:00Z",
    today: "2026-11-25",
    todayStatus: "open",
    daily: { current: 0, longest: 1, currentSince: null },
    weekly: { current: 2, longest: 2 },
  },
  {
    name: "a week with nothing breaks the weekly streak",
    zone: "America/Chicago",
    workouts: ["2026-11-03T18:00:00Z", "2026-11-04T18:00:00Z", "2026-11-17T18:00:00Z", "2026-11-24T18:00:00Z"],
    now: "2026-11-25T18:00:00Z",
    today: "2026-11-25",
    todayStatus: "open",
    daily: { current: 1, longest: 2, currentSince: "2026-11-24" },
    weekly: { current: 2, longest: 2 },
  },
];

describe("streaks: the rule", () => {
  it.each(cases)("$name", (c) => {
    const s = computeStreaks({
      workouts: (c.workouts ?? []).map(at),
      liveClasses: (c.live ?? []).map(at),
      calendars: c.calendars ?? [],
      timeZone: c.zone,
      now: at(c.now),
    });
    expect(s.timeZone).toBe(c.zone);
    expect(s.today).toBe(c.today);
    expect(s.todayStatus).toBe(c.todayStatus);
    expect(s.daily).toEqual(c.daily);
    if (c.weekly) expect(s.weekly).toEqual(c.weekly);
    expect(s.milestones.next).toEqual({ days: 7, remaining: 7 - c.daily.current });
  });

  it("has no upper limit: 800 days in a row reach 7, 30, 100, 365 and 730, and 1095 is next", () => {
    const start = Date.parse("2024-01-01T12:00:00Z");
    const workouts = Array.from({ length: 800 }, (_, i) => new Date(start + i * DAY));
    const s = computeStreaks({
      workouts,
      liveClasses: [],
      calendars: [],
      timeZone: "UTC",
      now: new Date(start + 799 * DAY + 3_600_000),
    });
    expect(s.daily).toEqual({ current: 800, longest: 800, currentSince: "2024-01-01" });
    expect(s.milestones.reached).toEqual([
      { days: 7, reachedOn: "2024-01-07" },
      { days: 30, reachedOn: "2024-01-30" },
      { days: 100, reachedOn: "2024-04-09" }, // 2024 is a leap year
      { days: 365, reachedOn: "2024-12-30" },
      { days: 730, reachedOn: "2025-12-30" },
    ]);
    expect(s.milestones.next).toEqual({ days: 1095, remaining: 295 });
    expect(s.weekly.current).toBe(s.weekly.longest);
    expect(s.weekly.current).toBe(115); // Monday 1 Jan 2024 to Monday 10 Mar 2026
  });

  it("keeps the milestones of an earlier streak; the next one is for the current streak", () => {
    const first = Date.parse("2026-01-01T12:00:00Z");
    const workouts = [
      ...Array.from({ length: 35 }, (_, i) => new Date(first + i * DAY)), // 1 Jan to 4 Feb
      at("2026-03-08T12:00:00Z"),
      at("2026-03-09T12:00:00Z"),
      at("2026-03-10T12:00:00Z"),
    ];
    const s = computeStreaks({
      workouts,
      liveClasses: [],
      calendars: [],
      timeZone: "UTC",
      now: at("2026-03-10T20:00:00Z"),
    });
    expect(s.daily).toEqual({ current: 3, longest: 35, currentSince: "2026-03-08" });
    expect(s.milestones.reached).toEqual([
      { days: 7, reachedOn: "2026-01-07" },
      { days: 30, reachedOn: "2026-01-30" },
    ]);
    expect(s.milestones.next).toEqual({ days: 7, remaining: 4 });
    expect(s.weekly).toEqual({ current: 2, longest: 6 });
  });

  it("counts several workouts on one day once", () => {
    const s = computeStreaks({
      workouts: [at("2026-11-24T14:00:00Z"), at("2026-11-24T15:00:00Z")],
      liveClasses: [at("2026-11-24T16:00:00Z")],
      calendars: [],
      timeZone: "Europe/London",
      now: at("2026-11-24T18:00:00Z"),
    });
    expect(s.daily).toEqual({ current: 1, longest: 1, currentSince: "2026-11-24" });
    expect(s.weekly).toEqual({ current: 1, longest: 1 });
  });

  it("refuses a time zone Intl does not know", () => {
    expect(() =>
      computeStreaks({ workouts: [], liveClasses: [], calendars: [], timeZone: "Mars/Olympus", now: new Date(0) }),
    ).toThrow(RangeError);
  });
});

describe("streaks: milestones", () => {
  it.each([
    [0, 7],
    [6, 7],
    [7, 30],
    [29, 30],
    [30, 100],
    [100, 365],
    [364, 365],
    [365, 730],
    [729, 730],
    [730, 1095],
    [3650, 4015],
  ])("after a streak of %i days the next milestone is %i", (days, next) =>
    expect(nextStreakMilestone(days)).toBe(next),
  );
  it("7, 30, 100, 365 and every further year are milestones; nothing else is", () => {
    const upTo = Array.from({ length: 1100 }, (_, i) => i + 1).filter(isStreakMilestone);
    expect(upTo).toEqual([7, 30, 100, 365, 730, 1095]);
  });
});
