import { batch, signal } from "@preact/signals-core";
import * as api from "../../api/index.js";
import type { StoreContext } from "../context.js";
import type { SliceDef } from "../store-core.js";
import { createMutation } from "../mutation.js";

type MusicState = "idle" | "playing" | "paused";

/**
 * The player's session and background music. Spec §4: opening the stations panel pauses the video; closing it
 * resumes the video if it was playing when the panel opened.
 */
function createPlayerSlice(ctx: StoreContext) {
  const c = ctx.api;
  const music = signal<MusicState>("idle");
  const station = signal<string | null>(null);
  const videoPlaying = signal(false);
  const stationsOpen = signal(false);
  let resumeOnClose = false;
  return {
    start: createMutation((workoutId: string) => api.startSession(c, workoutId)),
    /** Ends a session: a completed workout changes the member's activity, series progress and calendar days. */
    end: createMutation((workoutId: string, sessionId: string, position: number) =>
      api
        .endSession(c, workoutId, { session_id: sessionId, workout_completed_positions: Math.floor(position) })
        .then(ctx.after("activity", "series.enrollments", "calendars.mine")),
    ),
    music,
    station,
    videoPlaying,
    stationsOpen,
    playStation(id: string) {
      batch(() => {
        station.value = id;
        music.value = "playing";
      });
    },
    pauseMusic: () => music.peek() === "playing" && (music.value = "paused"),
    resumeMusic: () => music.peek() === "paused" && (music.value = "playing"),
    stopMusic() {
      batch(() => {
        music.value = "idle";
        station.value = null;
      });
    },
    openStations() {
      resumeOnClose = videoPlaying.peek();
      batch(() => {
        stationsOpen.value = true;
        videoPlaying.value = false;
      });
    },
    closeStations() {
      batch(() => {
        stationsOpen.value = false;
        if (resumeOnClose) videoPlaying.value = true;
      });
      resumeOnClose = false;
    },
  };
}
export type PlayerSlice = ReturnType<typeof createPlayerSlice>;

export const playerSlice: SliceDef<"player", PlayerSlice> = { name: "player", create: createPlayerSlice };
