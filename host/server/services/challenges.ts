import { sql } from "kysely";
import type { Clock } from "../clock.js";
import type { Db } from "../db/index.js";
import { badRequest, notFound } from "../errors.js";
import { readAttribute, updateAttribute } from "./attributes.js";
import { completionsOf } from "./completions.js";
import { type Answer, exactObject } from "../schemas.js";

const string = { type: "string" } as const;
const integer = { type: "integer" } as const;
/**
 * A challenge with the member's progress: workouts done (on_demand + live) count, and it is complete when they reach
 * workout_target (spec section 5).
 */
export const challengeSchema = exactObject({
  id: string,
  slug: string,
  name: string,
  description: string,
  reward: string,
  start_time: string,
  end_time: string,
  workout_target: integer,
  substitute_minutes: { type: "integer", description: "Any workout this long counts (minutes)" },
  joined: { type: "boolean" },
  workouts: {
    type: "array",
    items: exactObject({
      workout_id: string,
      workout_type: { type: "string", enum: ["on_demand", "live"] },
      week: integer,
      position: integer,
      workout: exactObject({ id: string, slug: string, name: string, duration: { type: "number" } }),
    }),
  },
  progress: exactObject({ on_demand: integer, live: integer, completed: integer, is_complete: { type: "boolean" } }),
});
export type Challenge = Answer<typeof challengeSchema>;
type ChallengeProgress = Challenge["progress"];

/** The challenges the member joined (the `challenges` attribute), answered as stored. */
export const joinedChallengesSchema = exactObject({ challenges: { type: "array", items: { type: "string" } } });
export type JoinedChallenges = Answer<typeof joinedChallengesSchema>;

/**
 * What counts toward a challenge (spec section 5): completed workouts only, within [start_time, end_time], each one
 * either listed in the challenge or at least substitute_minutes long (any 10+ minute workout substitutes).
 * Every completion counts once, as it does in stats; attended live classes count as live.
 */
async function progressOf(
  db: Db,
  userId: string,
  challenge: { id: string; start_time: Date; end_time: Date; workout_target: number; substitute_minutes: number },
): Promise<ChallengeProgress> {
  const { rows } = await sql<{ on_demand: number; live: number }>`
    select count(*) filter (where c.type = 'on_demand') as on_demand, count(*) filter (where c.type = 'live') as live
      from ${completionsOf(userId)} c
     where c.completed_at >= ${challenge.start_time} and c.completed_at <= ${challenge.end_time}
       and (c.minutes >= ${challenge.substitute_minutes}
            or (c.type = 'on_demand' and c.workout_id in (select workout_id from challenge_workouts where challenge_id = ${challenge.id})))`.execute(
    db,
  );
  const counts = rows[0]!; // an aggregate without group by is one row
  const onDemand = Number(counts.on_demand);
  const live = Number(counts.live);
  return {
    on_demand: onDemand,
    live,
    completed: onDemand + live,
    is_complete: onDemand + live >= challenge.workout_target,
  };
}

export async function readJoinedChallenges(db: Db, userId: string): Promise<JoinedChallenges> {
  return { challenges: (await readAttribute<JoinedChallenges>(db, userId, "challenges"))?.challenges ?? [] };
}

/**
 * Replaces the member's joined challenges (the `challenges` attribute). Idempotent; unknown challenges → 404; a
 * challenge that has already ended cannot be newly joined (one joined earlier stays).
 */
export async function setJoinedChallenges(
  db: Db,
  clock: Clock,
  userId: string,
  ids: string[],
): Promise<JoinedChallenges> {
  const wanted = [...new Set(ids)];
  const rows = wanted.length
    ? await db.selectFrom("challenges").select(["id", "slug", "end_time"]).where("id", "in", wanted).execute()
    : [];
  const unknown = wanted.find((id) => !rows.some((r) => r.id === id));
  if (unknown) throw notFound(`Challenge ${unknown} not found`);
  const now = clock.now().getTime();
  return updateAttribute<JoinedChallenges>(db, clock, userId, "challenges", (current) => {
    const before = new Set(current?.challenges ?? []);
    const ended = rows.find((r) => !before.has(r.id) && new Date(r.end_time).getTime() < now);
    if (ended) throw badRequest(`Challenge ${ended.slug} has ended`);
    return { challenges: wanted };
  });
}

export async function listChallenges(
  db: Db,
  clock: Clock,
  userId: string,
  filter: { current?: boolean; mine?: boolean },
): Promise<Challenge[]> {
  const joined = new Set((await readJoinedChallenges(db, userId)).challenges);
  let query = db.selectFrom("challenges").selectAll().orderBy("start_time", "desc").orderBy("id");
  const now = clock.now();
  if (filter.current) query = query.where("start_time", "<=", now).where("end_time", ">=", now);
  if (filter.mine) {
    if (!joined.size) return [];
    query = query.where("id", "in", [...joined]);
  }
  const challenges = await query.execute();
  if (!challenges.length) return [];
  const workouts = await db
    .selectFrom("challenge_workouts as cw")
    .innerJoin("workouts as w", "w.id", "cw.workout_id")
    .select([
      "cw.challenge_id",
      "cw.workout_id",
      "cw.workout_type",
      "cw.week",
      "cw.position",
      "w.slug",
      "w.name",
      "w.duration",
    ])
    .where(
      "cw.challenge_id",
      "in",
      challenges.map((c) => c.id),
    )
    .orderBy("cw.challenge_id")
    .orderBy("cw.position")
    .execute();
  return Promise.all(
    challenges.map(async (c) => ({
      id: c.id,
      slug: c.slug,
      name: c.name,
      description: c.description,
      reward: c.reward,
      start_time: new Date(c.start_time).toISOString(),
      end_time: new Date(c.end_time).toISOString(),
      workout_target: c.workout_target,
      substitute_minutes: c.substitute_minutes,
      joined: joined.has(c.id),
      workouts: workouts
        .filter((w) => w.challenge_id === c.id)
        .map((w) => ({
          workout_id: w.workout_id,
          workout_type: w.workout_type,
          week: w.week,
          position: w.position,
          workout: { id: w.workout_id, slug: w.slug, name: w.name, duration: w.duration },
        })),
      progress: await progressOf(db, userId, c),
    })),
  );
}
