/** A calendar as the lists answer it (public list, or the member's list with their status). */
export interface CalendarSummary {
  id: string;
  calendar_id?: string;
  slug: string;
  name: string;
  description?: string;
  image_url?: string;
  total_days?: number;
  status?: "enrolled" | "not_enrolled" | string;
}

/** The member's own calendar state (`GET /v2/workouts/calendars/mine`): today's day and each day's state. */
export interface MyCalendar extends CalendarSummary {
  /** Today's day; it stays put while the calendar is paused. */
  current_day: number;
  /** Paused by the member since paused_at; paused_days: how many days finished pauses moved the plan. */
  paused?: boolean;
  paused_at?: string | null;
  paused_days?: number;
  progress: { completed_days: number; total_days: number };
  days: {
    day: number;
    date: string;
    kind: "workout" | "walk" | "rest";
    workout_id: string | null;
    status: "completed" | "not_started" | "rest" | string;
  }[];
}
