import type { VideoEvent, VideoEventType } from "../api/types.js";

/** Spec §9 video constants 5, 20000, 1000: flush at 5 buffered events or after 20 s; progress every 1000 ms. */
const VIDEO_BUFFER_SIZE = 5;
const VIDEO_FLUSH_MS = 20_000;
export const VIDEO_PROGRESS_MS = 1000;
/** Spec §4: these end tracking and are sent at once. */
const TERMINAL_VIDEO_EVENTS: readonly VideoEventType[] = ["close", "end", "error"];

export interface VideoEventBuffer {
  push(event: VideoEvent): void;
  /** Sends what is buffered now; settles once every post made so far has (the server counts time watched from them). */
  flush(): Promise<void>;
  /** Events still waiting. */
  readonly size: number;
}

/**
 * Buffers player events and posts them (`POST /v2/workouts/video_events`) at the size limit, on the timeout, and at
 * once for close/end/error, after which the session's later events are ignored until a new `start`.
 */
export function createVideoEventBuffer(
  send: (events: VideoEvent[]) => Promise<unknown>,
  options: { size?: number; flushMs?: number } = {},
): VideoEventBuffer {
  const size = options.size ?? VIDEO_BUFFER_SIZE;
  let buffer: VideoEvent[] = [];
  let timer: ReturnType<typeof setTimeout> | undefined;
  const ended = new Set<string>();
  const inFlight = new Set<Promise<unknown>>();

  async function flush() {
    clearTimeout(timer);
    timer = undefined;
    if (buffer.length) {
      const batch = buffer;
      buffer = [];
      // Tracking is best effort: a failed post must not break playback.
      const sent = send(batch).catch(() => undefined);
      inFlight.add(sent);
      void sent.then(() => inFlight.delete(sent));
    }
    await Promise.all(inFlight);
  }

  return {
    push(event) {
      const session = event.session_id ?? event.workout_id;
      if (event.event_type === "start") ended.delete(session);
      else if (ended.has(session)) return;
      buffer.push(event);
      if (TERMINAL_VIDEO_EVENTS.includes(event.event_type)) {
        ended.add(session);
        void flush();
      } else if (buffer.length >= size) void flush();
      else timer ??= setTimeout(() => void flush(), options.flushMs ?? VIDEO_FLUSH_MS);
    },
    flush,
    get size() {
      return buffer.length;
    },
  };
}
