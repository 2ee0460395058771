import { sql } from "kysely";
import type { Clock } from "../clock.js";
import type { Db } from "../db/index.js";
import { badRequest, notFound } from "../errors.js";
import { findWorkout } from "./catalogue-lookup.js";
import { recordSeriesProgress } from "./series-progress.js";
import { watchedSeconds, type PlayerSample } from "./watched-time.js";
import { type Answer, exactObject } from "../schemas.js";

/** A session is complete once the member watched this share of the video (the product's rule). */
const COMPLETION_SHARE = 0.9;
/** Players report positions a hair past the end; anything further than this is refused. */
const END_TOLERANCE_SECONDS = 1;

/**
 * A play started; `timecode` is the resume position in seconds: where the member left this workout, 0 after a
 * completed play.
 */
export const startedSessionSchema = exactObject({
  session_id: { type: "string" },
  status: { type: "string", const: "started" },
  is_complete: { type: "boolean" },
  timecode: { type: "number" },
});
type StartedSession = Answer<typeof startedSessionSchema>;

/** A play ended, complete or not. */
export const endedSessionSchema = exactObject({
  session_id: { type: "string" },
  status: { type: "string", const: "ended" },
  is_complete: { type: "boolean" },
});
type EndedSession = Answer<typeof endedSessionSchema>;

async function workoutOrThrow(db: Db, workoutId: string) {
  const workout = await findWorkout(db, workoutId);
  if (!workout) throw notFound(`Workout ${workoutId} not found`);
  return workout;
}

/** Opens a session for a play of a workout, starting where the member's last unfinished play stopped. */
export async function startSession(
  db: Db,
  clock: Clock,
  userId: string,
  workoutId: string,
  device?: string,
): Promise<StartedSession> {
  await workoutOrThrow(db, workoutId);
  const last = await db
    .selectFrom("workout_sessions")
    .select(["position", "is_complete"])
    .where("user_id", "=", userId)
    .where("workout_id", "=", workoutId)
    .orderBy("seq", "desc")
    .limit(1)
    .executeTakeFirst();
  const timecode = last && !last.is_complete ? last.position : 0;
  const row = await db
    .insertInto("workout_sessions")
    .values({
      user_id: userId,
      workout_id: workoutId,
      started_at: clock.now(),
      position: timecode,
      device: device ?? null,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return { session_id: row.id, status: "started", is_complete: false, timecode };
}

/**
 * The player events with a position of this play and of the unfinished plays before it since the member last
 * completed the workout: a play resumed where the last one stopped adds to it.
 */
async function playSamples(db: Db, userId: string, workoutId: string, sessionId: string): Promise<PlayerSample[]> {
  const { rows } = await sql<{ session_id: string; position: number; at: Date }>`
    with this_play as (
      select seq from workout_sessions where id = ${sessionId} and user_id = ${userId} and workout_id = ${workoutId}
    ), plays as (
      select s.id from workout_sessions s, this_play
       where s.user_id = ${userId} and s.workout_id = ${workoutId} and s.seq <= this_play.seq
         and s.seq > coalesce((select max(c.seq) from workout_sessions c, this_play
                                where c.user_id = ${userId} and c.workout_id = ${workoutId} and c.is_complete
                                  and c.seq < this_play.seq), 0)
    )
    select e.session_id, e.position, e.occurred_at as at
      from video_events e join plays p on e.session_id = p.id
     where e.user_id = ${userId} and e.position is not null`.execute(db);
  return rows.map((row) => ({ ...row, at: new Date(row.at) }));
}

/**
 * Records the furthest position a play reached (where the next play resumes) and completes the play when the player's
 * events show 90 % of the video watched (services/watched-time.ts): positions alone complete nothing, since scrubbing
 * to the end reaches the end without watching. The session row is locked and updated in one statement, so ending
 * twice, or two ends racing, keep the furthest position and complete the session at most once: completed_at and the
 * credited minutes are set only on the transition to complete, which is also when series progress advances.
 */
export async function endSession(
  db: Db,
  clock: Clock,
  userId: string,
  workoutId: string,
  sessionId: string,
  positions: number[],
): Promise<EndedSession> {
  const workout = await workoutOrThrow(db, workoutId);
  const reached = Math.max(...positions);
  if (reached > workout.video_duration + END_TOLERANCE_SECONDS) {
    throw badRequest(`workout_completed_positions must not be greater than ${workout.video_duration}`);
  }
  const position = Math.min(reached, workout.video_duration);
  const watched = watchedSeconds(await playSamples(db, userId, workoutId, sessionId), workout.video_duration);
  const completes = watched >= COMPLETION_SHARE * workout.video_duration;
  const now = clock.now();
  return db.transaction().execute(async (trx) => {
    const { rows } = await sql<{ id: string; is_complete: boolean; was_complete: boolean }>`
      with old as (
        select id, is_complete from workout_sessions
         where id = ${sessionId} and user_id = ${userId} and workout_id = ${workoutId}
           for update
      )
      update workout_sessions s
         set position = greatest(s.position, ${position}),
             ended_at = coalesce(s.ended_at, ${now}),
             is_complete = s.is_complete or ${completes},
             completed_at = case when s.is_complete then s.completed_at when ${completes} then ${now}::timestamptz end,
             minutes = case when s.is_complete then s.minutes when ${completes} then ${workout.duration}::integer else 0 end
        from old
       where s.id = old.id
   returning s.id, s.is_complete, old.is_complete as was_complete`.execute(trx);
    const row = rows.at(0);
    if (!row) throw notFound("Session not found");
    if (row.is_complete && !row.was_complete) await recordSeriesProgress(trx, userId, workoutId, now);
    return { session_id: row.id, status: "ended" as const, is_complete: row.is_complete };
  });
}
