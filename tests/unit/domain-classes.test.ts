import { describe, expect, it } from "vitest";
import {
  canEnterClass,
  canShowNextWeek,
  canShowPreviousWeek,
  classTimerDelay,
  classWindow,
  hasClassEnded,
  isClassInProgress,
  openingDay,
  reservationFor,
  shiftWeek,
  startOfDay,
  upcomingReservations,
  weekFrom,
} from "../../src/domain/index.js";
import type { Reservation } from "../../src/api/types.js";

const T = Date.parse("2026-11-22T12:00:00Z");
const min = 60_000;
const cls = (startOffsetMin: number, lengthMin = 45) => ({
  start_date: new Date(T + startOffsetMin * min).toISOString(),
  end_date: new Date(T + (startOffsetMin + lengthMin) * min).toISOString(),
});

describe("class entry window and progress (spec §5)", () => {
  it.each([
    [20, false, false],
    [16, false, false],
    [15, true, false],
    [1, true, false],
    [0, true, true],
    [-44, true, true],
    [-45, false, false],
  ])("a class starting in %s min: enterable %s, in progress %s", (offset, enterable, inProgress) => {
    expect(canEnterClass(cls(offset), T)).toBe(enterable);
    expect(isClassInProgress(cls(offset), T)).toBe(inProgress);
  });
  it("has ended once the end passes", () => {
    expect(hasClassEnded(cls(-45), T)).toBe(true);
    expect(hasClassEnded(cls(-44), T)).toBe(false);
  });
});

describe("class timer refresh instants (spec §4, §9)", () => {
  it("waits for the next class to become enterable, plus 300 ms", () => {
    expect(classTimerDelay([cls(60), cls(30)], T)).toBe(15 * min + 300);
  });
  it("waits for a running class to end when nothing opens sooner", () => {
    expect(classTimerDelay([cls(-30), cls(120)], T)).toBe(15 * min + 300);
    expect(classTimerDelay([cls(-40)], T)).toBe(5 * min + 300);
  });
  it("has nothing to wait for when every class is over", () => {
    expect(classTimerDelay([cls(-90)], T)).toBeUndefined();
    expect(classTimerDelay([], T)).toBeUndefined();
  });
});

describe("reservations (spec §4)", () => {
  const r = (id: string, status: Reservation["status"], offset: number): Reservation => ({
    id,
    status,
    class_data: { id: `c${id}`, class_full: false, ...cls(offset) } as Reservation["class_data"],
  });
  const list = [
    r("1", "pending", 120),
    r("2", "standard cancel", 60),
    r("3", "check in", -10),
    r("4", "pending", -90),
    r("5", "pending", 30),
  ];
  it("keeps the ones not cancelled and not ended, soonest first", () => {
    expect(upcomingReservations(list, T).map((x) => x.id)).toEqual(["3", "5", "1"]);
  });
  it("finds a class's live reservation, ignoring cancelled ones", () => {
    expect(reservationFor(list, "c1")?.id).toBe("1");
    expect(reservationFor(list, "c2")).toBeUndefined();
  });
  it("queries 30 days ahead", () => {
    const w = classWindow(T);
    expect(Date.parse(w.max_date) - Date.parse(w.min_date)).toBe(30 * 24 * 60 * min);
  });
});

describe("live week navigation (spec §4, §9)", () => {
  const now = new Date(2026, 10, 22, 15, 0).getTime();
  const day = (d: number) => new Date(2026, 10, d);
  it("shows seven days from the first", () => {
    const week = weekFrom(now);
    expect(week).toHaveLength(7);
    expect(week[0]!.getTime()).toBe(startOfDay(now).getTime());
    expect(week[6]!.getDate()).toBe(28);
  });
  it.each([
    [22, false],
    [23, true],
    [29, true],
  ])("previous from a week starting on the %sth: %s", (d, allowed) =>
    expect(canShowPreviousWeek(day(d), now)).toBe(allowed),
  );
  it.each([
    [new Date(2026, 10, 22), true],
    [new Date(2026, 11, 13), true],
    // The last displayed day is first + 6; Dec 21 is 29 days away, Dec 22 is 30.
    [new Date(2026, 11, 15), true],
    [new Date(2026, 11, 16), false],
  ])("next from a week starting on %s: %s", (first, allowed) => expect(canShowNextWeek(first, now)).toBe(allowed));
  it("moves a week and never before today", () => {
    expect(shiftWeek(day(22), 1, now).getDate()).toBe(29);
    expect(shiftWeek(day(25), -1, now).getTime()).toBe(startOfDay(now).getTime());
  });
  it("opens on the first shown day with classes left, else on the first shown day", () => {
    const week = weekFrom(now);
    expect(openingDay(week, () => true)).toBe(week[0]);
    // Today's classes have all ended: the week still starts today, but opens on tomorrow.
    expect(openingDay(week, (d) => d.getDate() !== 22)).toBe(week[1]);
    expect(openingDay(week, (d) => d.getDate() === 26)).toBe(week[4]);
    expect(openingDay(week, () => false)).toBe(week[0]);
  });
});
