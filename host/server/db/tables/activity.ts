import type { ColumnType, Generated } from "kysely";

type Timestamp = ColumnType<Date, Date | string, Date | string>;
type Json<T = unknown> = ColumnType<T, string, string>;
type Defaulted<T> = ColumnType<T, T | undefined, T>;

export type VideoEventType =
  | "start"
  | "loaded"
  | "progress"
  | "play"
  | "seek"
  | "pause"
  | "close"
  | "muted"
  | "unmuted"
  | "error"
  | "end"
  | "ready";
type ChallengeWorkoutType = "on_demand" | "live";

export interface WorkoutSessionsTable {
  id: Generated<string>;
  /** Start order, also within one instant. */
  seq: Generated<string>;
  user_id: string;
  workout_id: string;
  started_at: Timestamp;
  /** Seconds into the video. */
  position: Defaulted<number>;
  ended_at: Timestamp | null;
  is_complete: Defaulted<boolean>;
  completed_at: Timestamp | null;
  minutes: Defaulted<number>;
  device: string | null;
}

interface VideoEventsTable {
  id: Generated<string>;
  user_id: string;
  session_id: string | null;
  workout_id: string;
  event_type: VideoEventType;
  position: number | null;
  occurred_at: Timestamp;
  received_at: Timestamp;
  device: string | null;
  data: Json | null;
}

interface SeriesEnrollmentsTable {
  user_id: string;
  series_id: string;
  started_at: Timestamp;
}

interface SeriesProgressTable {
  user_id: string;
  series_id: string;
  workout_id: string;
  completed_at: Timestamp;
}

interface CalendarEnrollmentsTable {
  user_id: string;
  calendar_id: string;
  enrolled_at: Timestamp;
}

interface ChallengesTable {
  id: string;
  slug: string;
  name: string;
  description: Defaulted<string>;
  reward: Defaulted<string>;
  start_time: Timestamp;
  end_time: Timestamp;
  workout_target: number;
  substitute_minutes: Defaulted<number>;
}

interface ChallengeWorkoutsTable {
  challenge_id: string;
  position: number;
  week: Defaulted<number>;
  workout_id: string;
  workout_type: ChallengeWorkoutType;
}

interface OnboardingResultsTable {
  id: Generated<string>;
  user_id: string;
  answers: Json<Record<string, unknown>>;
  workout_ids: Defaulted<string[]>;
  series_id: string | null;
  created_at: Timestamp;
}

export interface ActivityTables {
  workout_sessions: WorkoutSessionsTable;
  video_events: VideoEventsTable;
  series_enrollments: SeriesEnrollmentsTable;
  series_progress: SeriesProgressTable;
  calendar_enrollments: CalendarEnrollmentsTable;
  challenges: ChallengesTable;
  challenge_workouts: ChallengeWorkoutsTable;
  onboarding_results: OnboardingResultsTable;
}
