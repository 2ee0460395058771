import { sql } from "kysely";
import type { Clock } from "../clock.js";
import type { Db } from "../db/index.js";
import type { VideoEventType } from "../db/tables/activity.js";
import { badRequest } from "../errors.js";
import { inRange } from "./time-range.js";

export const VIDEO_EVENT_TYPES: VideoEventType[] = [
  "start",
  "loaded",
  "progress",
  "play",
  "seek",
  "pause",
  "close",
  "muted",
  "unmuted",
  "error",
  "end",
  "ready",
];
export const MAX_EVENTS_PER_BATCH = 500;
/** Client clocks drift; an event stamped further ahead than this is refused. */
const FUTURE_TOLERANCE_MS = 24 * 3_600_000;

export interface VideoEventInput {
  event_type: VideoEventType;
  workout_id: string;
  session_id?: string | null;
  position?: number | null;
  occurred_at?: string;
  data?: Record<string, unknown>;
}

/**
 * Stores a batch of player events, all or nothing: every event is checked first (its workout exists, its session is
 * one of the member's and plays that workout, its time is not in the future) and the first failure rejects the whole
 * batch, naming its index. The batch is then one INSERT over unnest()ed arrays: one round trip, whatever its size.
 */
export async function ingestVideoEvents(
  db: Db,
  clock: Clock,
  userId: string,
  device: string | undefined,
  events: VideoEventInput[],
): Promise<{ accepted: number }> {
  const now = clock.now();
  const workoutIds = [...new Set(events.map((e) => e.workout_id))];
  const sessionIds = [...new Set(events.map((e) => e.session_id).filter((s): s is string => !!s))];
  const [workouts, sessions] = await Promise.all([
    db.selectFrom("workouts").select("id").where("id", "in", workoutIds).execute(),
    sessionIds.length
      ? db
          .selectFrom("workout_sessions")
          .select(["id", "workout_id"])
          .where("id", "in", sessionIds)
          .where("user_id", "=", userId)
          .execute()
      : Promise.resolve([]),
  ]);
  const knownWorkouts = new Set(workouts.map((w) => w.id));
  const sessionWorkout = new Map(sessions.map((s) => [s.id, s.workout_id]));
  events.forEach((e, i) => {
    if (!knownWorkouts.has(e.workout_id)) throw badRequest(`events.${i}.workout_id: workout ${e.workout_id} not found`);
    if (e.session_id) {
      const of = sessionWorkout.get(e.session_id);
      if (!of) throw badRequest(`events.${i}.session_id: session not found`);
      if (of !== e.workout_id)
        throw badRequest(`events.${i}.session_id: session does not play workout ${e.workout_id}`);
    }
    if (e.occurred_at) {
      const ms = Date.parse(e.occurred_at);
      if (!inRange(ms)) throw badRequest(`events.${i}.occurred_at must be a valid date-time`);
      if (ms > now.getTime() + FUTURE_TOLERANCE_MS)
        throw badRequest(`events.${i}.occurred_at must not be in the future`);
    }
  });

  const at = now.toISOString();
  await sql`
    insert into video_events (user_id, session_id, workout_id, event_type, position, occurred_at, received_at, device, data)
    select ${userId}::uuid, e.session_id, e.workout_id, e.event_type, e.position, e.occurred_at, ${at}::timestamptz, ${device ?? null}, e.data
      from unnest(${events.map((e) => e.session_id ?? null)}::uuid[], ${events.map((e) => e.workout_id)}::text[],
                  ${events.map((e) => e.event_type)}::text[], ${events.map((e) => e.position ?? null)}::float8[],
                  ${events.map((e) => (e.occurred_at ? new Date(e.occurred_at).toISOString() : at))}::timestamptz[],
                  ${events.map((e) => (e.data ? JSON.stringify(e.data) : null))}::jsonb[])
        as e(session_id, workout_id, event_type, position, occurred_at, data)`.execute(db);
  return { accepted: events.length };
}
