import { describe, expect, it } from "vitest";
import {
  changeOf,
  formOf,
  maskBirthday,
  parseBirthday,
  sameProfile,
  validateProfile,
  type Profile,
} from "../../host/app/pages/account/profile.js";
import { mondayOf, weeklyTotals, weeksWindow } from "../../host/app/pages/history/weekly.js";
import { byWeek, dateRange, isOver } from "../../host/app/pages/challenge/challenge-data.js";
import { chaptersOf, type SeriesView } from "../../host/app/pages/series/series-facts.js";
import type { Challenge } from "../../src/api/types.js";

const profile = (p: Partial<Profile> = {}): Profile => ({
  given_name: "Ada",
  family_name: "Lovelace",
  birthday: "",
  phone_country: "US",
  phone: "",
  ...p,
});

describe("account profile rules", () => {
  it("requires both names, trimmed", () => {
    expect(validateProfile(profile({ given_name: "  ", family_name: "" }))).toEqual({
      given_name: "required",
      family_name: "required",
    });
    expect(validateProfile(profile())).toEqual({});
  });

  it("takes a birthday only as a real mm/dd/yyyy date that is not in the future", () => {
    const now = new Date(2026, 10, 22, 12);
    expect(validateProfile(profile({ birthday: "04/12/1990" }), now)).toEqual({});
    expect(validateProfile(profile({ birthday: "11/22/2026" }), now)).toEqual({});
    expect(validateProfile(profile({ birthday: "11/23/2026" }), now)).toEqual({ birthday: "future" });
    for (const bad of ["02/30/1990", "13/01/1990", "4/12/1990", "1990-04-12", "04/12/1850"]) {
      expect(validateProfile(profile({ birthday: bad }), now), bad).toEqual({ birthday: "invalid" });
    }
    expect(parseBirthday("02/29/2024")?.getDate()).toBe(29);
    expect(parseBirthday("02/29/2023")).toBeNull();
  });

  it("accepts an empty phone or ten digits (a leading country 1 allowed)", () => {
    for (const ok of ["", "312 555 0100", "(312) 555-0100", "+1 312 555 0100"])
      expect(validateProfile(profile({ phone: ok })), ok).toEqual({});
    for (const bad of ["555 0100", "312 555 01000 1", "312 555 0100 x"])
      expect(validateProfile(profile({ phone: bad })), bad).toEqual({ phone: "invalid" });
  });

  it("masks typed digits as mm/dd/yyyy and compares profiles ignoring outer spaces", () => {
    expect(maskBirthday("0")).toBe("0");
    expect(maskBirthday("0412")).toBe("04/12");
    expect(maskBirthday("04/12/19901")).toBe("04/12/1990");
    expect(sameProfile(profile({ given_name: " Ada " }), profile())).toBe(true);
    expect(sameProfile(profile({ phone_country: "CA" }), profile())).toBe(false);
  });

  it("reads the saved profile into the form and sends the form back in the server's shape", () => {
    const saved = {
      given_name: "Ada",
      family_name: "Lovelace",
      email: "ada@example.com",
      birthday: "1990-04-12",
      phone: { country: "CA" as const, number: "4165550100" },
    };
    const form = formOf(saved);
    expect(form).toEqual({
      given_name: "Ada",
      family_name: "Lovelace",
      birthday: "04/12/1990",
      phone_country: "CA",
      phone: "4165550100",
    });
    expect(changeOf({ ...form, given_name: " Augusta " })).toEqual({
      given_name: "Augusta",
      family_name: "Lovelace",
      birthday: "1990-04-12",
      phone: { country: "CA", number: "4165550100" },
    });
    expect(formOf({ ...saved, birthday: null, phone: null })).toMatchObject({
      birthday: "",
      phone_country: "US",
      phone: "",
    });
    expect(changeOf(profile())).toMatchObject({ birthday: null, phone: null });
  });
});

describe("workouts and minutes per week", () => {
  const now = new Date(2026, 10, 22, 15); // Sunday 22 November 2026

  it("starts weeks on Monday and spans the last N weeks ending this week", () => {
    expect(mondayOf(now).getDate()).toBe(16);
    expect(weeksWindow(12, now)).toEqual({ startDate: "2026-08-31", endDate: "2026-11-22" });
  });

  it("sums each day into its week, keeps empty weeks, and ignores days outside the window", () => {
    const weeks = weeklyTotals(
      {
        by_day: [
          { date: "2026-11-16", total: 1, minutes: 20 },
          { date: "2026-11-22", total: 2, minutes: 45 },
          { date: "2026-11-09", total: 1, minutes: 30 },
          { date: "2026-01-05", total: 9, minutes: 900 },
        ],
      },
      3,
      now,
    );
    expect(weeks).toEqual([
      { week: "2026-11-02", workouts: 0, minutes: 0 },
      { week: "2026-11-09", workouts: 1, minutes: 30 },
      { week: "2026-11-16", workouts: 3, minutes: 65 },
    ]);
  });
});

describe("challenge and series grouping", () => {
  const challenge = {
    start_time: "2022-09-19T00:00:00.000Z",
    end_time: "2022-10-23T23:59:59.999Z",
    workouts: [
      { workout_id: "c", workout_type: "on_demand", week: 2, position: 3 },
      { workout_id: "a", workout_type: "on_demand", week: 1, position: 1 },
      { workout_id: "b", workout_type: "live", week: 1, position: 2 },
    ],
  } as unknown as Challenge;

  it("groups the challenge's workouts by week in order and reads the window's calendar dates", () => {
    expect(byWeek(challenge).map(([week, list]) => [week, list.map((w) => w.workout_id)])).toEqual([
      [1, ["a", "b"]],
      [2, ["c"]],
    ]);
    expect(dateRange(challenge)).toEqual(["September 19, 2022", "October 23, 2022"]);
    expect(isOver(challenge, Date.UTC(2022, 9, 23, 12))).toBe(false);
    expect(isOver(challenge, Date.UTC(2022, 9, 24))).toBe(true);
  });

  it("groups a series' workouts by chapter in order", () => {
    const series = {
      items: [
        { id: "2", chapter: 2, chapter_title: "Two" },
        { id: "1", chapter: 1, chapter_title: "One" },
        { id: "3", chapter: 2, chapter_title: "Two" },
      ],
    } as unknown as SeriesView;
    expect(chaptersOf(series).map((c) => [c.chapter, c.title, c.workouts.map((w) => w.id)])).toEqual([
      [1, "One", ["1"]],
      [2, "Two", ["2", "3"]],
    ]);
  });
});
