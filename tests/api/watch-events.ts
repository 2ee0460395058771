/**
 * The player events of a member watching a stretch of a workout's video, as the web player sends them
 * (host/app/pages/player/player.tsx): a start, a progress event every `step` seconds of video, each stamped with the
 * wall time that playing takes, ending at `endAt` (ms; the server's clock in API tests). Completion counts time
 * watched from these (host/server/services/watched-time.ts), so a test that plays a workout sends them.
 */
export interface WatchEvent {
  event_type: "start" | "progress" | "pause";
  workout_id: string;
  session_id: string;
  position: number;
  occurred_at: string;
}

export function watchEvents(
  workoutId: string,
  sessionId: string,
  from: number,
  to: number,
  endAt: number,
  step = 10,
): WatchEvent[] {
  const positions = [from];
  for (let p = Math.floor(from / step) * step + step; p < to; p += step) positions.push(p);
  if (to > from) positions.push(to);
  return positions.map((position, i) => ({
    event_type: i === 0 ? "start" : i === positions.length - 1 ? "pause" : "progress",
    workout_id: workoutId,
    session_id: sessionId,
    position,
    occurred_at: new Date(endAt - (to - position) * 1000).toISOString(),
  }));
}

/** The events in batches the API takes (at most 500 each). */
export function inBatches<T>(events: T[], size = 500): T[][] {
  return Array.from({ length: Math.ceil(events.length / size) }, (_, i) => events.slice(i * size, (i + 1) * size));
}
