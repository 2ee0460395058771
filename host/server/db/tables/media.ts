import type { ColumnType } from "kysely";

interface WorkoutVideosTable {
  workout_id: string;
  mux_playback_id: string;
  created_at: ColumnType<Date, Date | string | undefined, Date | string>;
}

export interface MediaTables {
  workout_videos: WorkoutVideosTable;
}
