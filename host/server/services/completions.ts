import { sql, type RawBuilder } from "kysely";

/**
 * Every completed workout of one member, on-demand and live, as one SQL relation:
 * `(type, entry_id, workout_id, name, completed_at, minutes)`. History, stats, series and challenges all read from
 * here, so a completion counts the same everywhere: a completed session (on_demand; its workout's minutes, fixed at
 * completion) or a checked-in reservation of a live class (live; the class's minutes).
 */
export function completionsOf(userId: string): RawBuilder<unknown> {
  return sql`(
    select 'on_demand'::text as type, s.id::text as entry_id, s.workout_id, w.name, s.completed_at, s.minutes
      from workout_sessions s join workouts w on w.id = s.workout_id
     where s.user_id = ${userId} and s.is_complete
    union all
    select 'live'::text, r.id, r.class_id, c.class_type, r.checked_in_at, c.duration
      from reservations r join live_classes c on c.id = r.class_id
     where r.user_id = ${userId} and r.status = 'check in'
  )`;
}
