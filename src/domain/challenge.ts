import type { Challenge, HistoryEntry } from "../api/types.js";
import { ms } from "./numbers.js";

/** Spec §5: any workout of 10+ minutes may stand in for one of the challenge's workouts. */
const SUBSTITUTE_MIN_MINUTES = 10;

/** What the rule reads of a history row (`HistoryEntry`): when, whether complete, and the workout's minutes. */
export type ChallengeHistoryRow = Pick<HistoryEntry, "workout_id" | "is_completed" | "completed_at" | "type"> & {
  workout?: { duration: number } | null;
};

export interface ChallengeProgress {
  done: number;
  onDemand: number;
  live: number;
  target: number;
  complete: boolean;
}

/**
 * Spec §5: counts completed workouts (only `is_completed`) inside the window [start, end] that are either one of the
 * challenge's workouts or any workout of 10+ minutes; each workout counts once. Complete when done ≥ workout_target.
 */
export function challengeProgress(
  challenge: Pick<Challenge, "workout_target" | "end_time"> & {
    start_time?: string;
    workouts: readonly Pick<Challenge["workouts"][number], "workout_id">[];
  },
  history: readonly ChallengeHistoryRow[],
): ChallengeProgress {
  const start = ms(challenge.start_time ?? null);
  const end = ms(challenge.end_time);
  const listed = new Set(challenge.workouts.map((w) => w.workout_id));
  const seen = new Set<string>();
  let onDemand = 0;
  let live = 0;
  for (const h of history) {
    const at = ms(h.completed_at);
    if (!h.is_completed || !(at <= end) || at < start || seen.has(h.workout_id)) continue;
    // A checked-in live class without workout detail is a full class, so it qualifies.
    const minutes = h.workout?.duration ?? (h.type === "live" ? Infinity : 0);
    if (!listed.has(h.workout_id) && minutes < SUBSTITUTE_MIN_MINUTES) continue;
    seen.add(h.workout_id);
    if (h.type === "live") live++;
    else onDemand++;
  }
  const done = onDemand + live;
  return { done, onDemand, live, target: challenge.workout_target, complete: done >= challenge.workout_target };
}

/** What a member reads of their challenge progress (see {@link challengeStanding}). */
export interface ChallengeStanding {
  /** Workouts shown against the goal: never more than the goal ("12 of 12", never "15 of 12"). */
  counted: number;
  target: number;
  /** Spec §5: complete when workouts done is at least workout_target. */
  complete: boolean;
  /** Workouts done past the goal (0 until then), so the real count can still be told. */
  beyond: number;
}

/**
 * The progress a member reads: the count against the goal stops at the goal, and what was done past it is told apart,
 * so a member who did 15 of a 12-workout challenge reads "12 of 12 — complete" and "15 done" rather than "15 of 12".
 * @example challengeStanding(15, 12) // { counted: 12, target: 12, complete: true, beyond: 3 }
 */
export function challengeStanding(done: number, target: number): ChallengeStanding {
  const goal = Math.max(0, target);
  const real = Math.max(0, done);
  return { counted: Math.min(real, goal), target: goal, complete: real >= goal, beyond: Math.max(0, real - goal) };
}
