import type { Insertable } from "kysely";
import type { Db } from "../index.js";
import type { WorkoutSessionsTable } from "../tables/activity.js";
import type { SeedStep } from "./index.js";
import { DEMO_DOMAIN } from "./members.js";

const DAY_MS = 86_400_000;
const HOUR_MS = 3_600_000;
const PHASE_AND_FUNCTION = "phase-and-function-PHF0921";
const CALENDAR_DAYS_AGO = 9;

/** Catalogue workouts the seed draws from, in a stable order. */
async function workoutPool(trx: Db) {
  return trx
    .selectFrom("workouts")
    .select(["id", "duration", "video_duration", "live"])
    .where("type", "=", "workout")
    .where("duration", ">=", 10)
    .orderBy("id")
    .execute();
}

/** Takes every `step`-th item starting at `offset`, `count` of them (a deterministic spread over the pool). */
const spread = <T>(pool: T[], count: number, step: number, offset = 0) =>
  // Only a non-empty pool is read, at an index modulo its length.
  Array.from({ length: Math.min(count, pool.length) }, (_, i) => pool[(offset + i * step) % pool.length]!);

/**
 * The fall 2022 challenge exactly as spec sections 5 and 9 describe it: 12 workouts over five weeks, 19 September to
 * 23 October 2022 (UTC days, both included), $50 reward, any workout of 10+ minutes substitutes, complete at 12.
 * Plus one challenge running now (two weeks in, three to go) so the demo shows progress today.
 */
export const demoChallenges: SeedStep = {
  name: "activity/challenges",
  async run(trx, { clock }) {
    const pool = await workoutPool(trx);
    if (pool.length < 12) return;
    const onDemand = pool.filter((w) => !w.live);
    const live = pool.filter((w) => w.live);
    const pick = (offset: number) => [
      ...spread(onDemand, live.length >= 2 ? 10 : 12, 7, offset).map((w) => ({ id: w.id, type: "on_demand" as const })),
      ...(live.length >= 2 ? spread(live, 2, 3, offset).map((w) => ({ id: w.id, type: "live" as const })) : []),
    ];
    // Three workouts in each of the first two weeks, two in each of the last three: 12 over five weeks.
    const weekOf = (i: number) => [1, 1, 1, 2, 2, 2, 3, 3, 4, 4, 5, 5][i];

    const today = Date.UTC(clock.now().getUTCFullYear(), clock.now().getUTCMonth(), clock.now().getUTCDate());
    const currentStart = new Date(today - 14 * DAY_MS);
    const currentEnd = new Date(today + 21 * DAY_MS - 1);
    const month = currentStart.toISOString().slice(0, 7);
    const challenges = [
      {
        id: "fall-2022",
        slug: "fall-2022",
        name: "Fall Challenge 2022",
        description:
          "Complete all 12 challenge workouts between September 19 and October 23, 2022. Any workout of 10 minutes or more counts as a substitute.",
        reward:
          "$50 reward: expires 6 months after issue, single use, US or international, not combinable with other offers.",
        start_time: new Date("2022-09-19T00:00:00.000Z"),
        end_time: new Date("2022-10-23T23:59:59.999Z"),
        workout_target: 12,
        substitute_minutes: 10,
        workouts: pick(0),
      },
      {
        id: `reset-${month}`,
        slug: `reset-${month}`,
        name: "Five Week Reset",
        description:
          "Twelve workouts in five weeks to build the habit back. Any workout of 10 minutes or more counts as a substitute.",
        reward: "",
        start_time: currentStart,
        end_time: currentEnd,
        workout_target: 12,
        substitute_minutes: 10,
        workouts: pick(3),
      },
    ];
    for (const { workouts, ...challenge } of challenges) {
      await trx
        .insertInto("challenges")
        .values(challenge)
        .onConflict((oc) => oc.column("id").doNothing())
        .execute();
      await trx
        .insertInto("challenge_workouts")
        .values(
          workouts.map((w, i) => ({
            challenge_id: challenge.id,
            position: i + 1,
            week: weekOf(i),
            workout_id: w.id,
            workout_type: w.type,
          })),
        )
        .onConflict((oc) => oc.columns(["challenge_id", "position"]).doNothing())
        .execute();
    }
  },
};

/**
 * member@: 22+ completed workouts over the last five weeks (this week included, for the home week strip and stats),
 * an unfinished play to resume, Phase & Function five workouts in, favourites, onboarding done, the current challenge
 * joined and a calendar with its first workout days done. The last nine or ten days make a daily streak (the 7-day
 * milestone reached), three days ago a rest day of the calendar keeping it alive. new@ stays empty (it triggers the
 * onboarding redirect).
 */
export const demoActivity: SeedStep = {
  name: "activity/demo-member",
  async run(trx, { clock }) {
    const member = await trx
      .selectFrom("users")
      .select("id")
      .where("email", "=", `member@${DEMO_DOMAIN}`)
      .executeTakeFirst();
    const pool = await workoutPool(trx);
    if (!member || pool.length < 30) return;
    const userId = member.id;
    const now = clock.now().getTime();
    const at = (daysAgo: number, hour = 0) => new Date(now - daysAgo * DAY_MS - (2 + hour) * HOUR_MS);
    // Completions end at noon UTC of their day (today: two hours ago at the latest), so each lands on the same local
    // date in every zone from UTC-10 to UTC+11 and the demo's daily streak does not depend on the hour it was seeded.
    const today = now - (now % DAY_MS);
    const onDay = (daysAgo: number) => new Date(Math.min(today - daysAgo * DAY_MS + 12 * HOUR_MS, now - 2 * HOUR_MS));
    const byId = new Map(pool.map((w) => [w.id, w]));

    const series = await trx
      .selectFrom("series")
      .select("id")
      .where("slug", "=", PHASE_AND_FUNCTION)
      .executeTakeFirst();
    const seriesItems = series
      ? (
          await trx
            .selectFrom("series_items")
            .select("workout_id")
            .where("series_id", "=", series.id)
            .orderBy("position")
            .execute()
        ).map((r) => r.workout_id)
      : [];
    const seriesStart = at(20, 1);
    // The first five series workouts, done in order while enrolled; the rest of the 22 from the wider library.
    const seriesDays = [18, 15, 12, 9, 6];
    const otherDays = [0, 1, 2, 4, 5, 8, 11, 13, 16, 19, 21, 22, 25, 27, 29, 31, 33];
    const others = spread(
      pool.filter((w) => !seriesItems.includes(w.id)),
      otherDays.length,
      11,
      5,
    );
    const completions = [
      ...seriesItems.slice(0, seriesDays.length).map((id, i) => ({ workout: byId.get(id), day: seriesDays[i] })),
      ...others.map((workout, i) => ({ workout, day: otherDays[i] })),
    ].filter((c): c is { workout: (typeof pool)[number]; day: number } => !!c.workout);

    // A calendar joined nine days ago, with its first workout days done on their day.
    const calendar = await trx.selectFrom("workout_calendars").select("id").orderBy("id").executeTakeFirst();
    if (calendar) {
      const days = await trx
        .selectFrom("workout_calendar_days")
        .select(["day", "workout_id"])
        .where("calendar_id", "=", calendar.id)
        .where("kind", "=", "workout")
        .where("day", "<=", 6)
        .orderBy("day")
        .execute();
      for (const d of days) {
        const workout = await trx
          .selectFrom("workouts")
          .select(["id", "duration", "video_duration", "live"])
          .where("id", "=", d.workout_id!)
          .executeTakeFirst();
        if (workout) completions.push({ workout, day: CALENDAR_DAYS_AGO - (d.day - 1) });
      }
    }

    const sessions: Insertable<WorkoutSessionsTable>[] = completions.map(({ workout, day }) => {
      const end = onDay(day);
      return {
        user_id: userId,
        workout_id: workout.id,
        started_at: new Date(end.getTime() - workout.video_duration * 1000),
        ended_at: end,
        position: workout.video_duration,
        is_complete: true,
        completed_at: end,
        minutes: workout.duration,
        device: "web",
      };
    });
    const unfinished = spread(pool, 1, 1, 40)[0]!; // the pool has 12 workouts or more (above)
    sessions.push({
      user_id: userId,
      workout_id: unfinished.id,
      started_at: at(1, 3),
      ended_at: at(1, 2),
      position: Math.floor(unfinished.video_duration / 3),
      is_complete: false,
      completed_at: null,
      minutes: 0,
      device: "web",
    });
    await trx.insertInto("workout_sessions").values(sessions).execute();

    if (series) {
      await trx
        .insertInto("series_enrollments")
        .values({ user_id: userId, series_id: series.id, started_at: seriesStart })
        .execute();
      const done = seriesItems.slice(0, seriesDays.length).map((workout_id, i) => ({
        user_id: userId,
        series_id: series.id,
        workout_id,
        completed_at: onDay(seriesDays[i]!), // i < seriesDays.length (the slice)
      }));
      if (done.length) await trx.insertInto("series_progress").values(done).execute();
    }

    const favorites = spread(pool, 6, 17, 2).map((w) => w.id);
    if (calendar)
      await trx
        .insertInto("calendar_enrollments")
        // Before its first workout that day (which ends at noon UTC, an hour long at most): day 1 is that date.
        .values({
          user_id: userId,
          calendar_id: calendar.id,
          enrolled_at: new Date(onDay(CALENDAR_DAYS_AGO).getTime() - 90 * 60_000),
        })
        .execute();

    const currentChallenge = await trx
      .selectFrom("challenges")
      .select("id")
      .where("start_time", "<=", new Date(now))
      .where("end_time", ">=", new Date(now))
      .orderBy("start_time", "desc")
      .executeTakeFirst();

    const answers = {
      goals: ["Build strength", "Feel more energized"],
      level: "All Levels",
      focus: ["Core"],
      length: 30,
      days_per_week: 4,
    };
    const result = await trx
      .insertInto("onboarding_results")
      .values({
        user_id: userId,
        answers: JSON.stringify(answers),
        workout_ids: spread(pool, 6, 13, 9).map((w) => w.id),
        series_id: series?.id ?? null,
        created_at: at(40),
      })
      .returning("id")
      .executeTakeFirstOrThrow();

    await trx
      .insertInto("user_attributes")
      .values([
        { user_id: userId, name: "favorites", value: JSON.stringify({ workouts: favorites }), updated_at: at(3) },
        {
          user_id: userId,
          name: "onboarding_results",
          value: JSON.stringify({ result_id: result.id }),
          updated_at: at(40),
        },
        ...(currentChallenge
          ? [
              {
                user_id: userId,
                name: "challenges",
                value: JSON.stringify({ challenges: [currentChallenge.id] }),
                updated_at: at(13),
              },
            ]
          : []),
      ])
      .onConflict((oc) => oc.columns(["user_id", "name"]).doNothing())
      .execute();
  },
};
