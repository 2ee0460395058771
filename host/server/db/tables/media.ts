import type { ColumnType, Generated } from "kysely";

type Timestamp = ColumnType<Date, Date | string, Date | string>;

interface WorkoutVideosTable {
  workout_id: string;
  mux_playback_id: string;
  created_at: ColumnType<Date, Date | string | undefined, Date | string>;
}

export type VideoAssetStatus = "queued" | "transcoding" | "ready" | "failed";

interface VideoAssetsTable {
  id: string;
  workout_id: string;
  status: VideoAssetStatus;
  source_key: string;
  source_bytes: ColumnType<number, number, number>;
  /** numeric: read as a string. */
  duration_seconds: ColumnType<string, number, number>;
  width: number;
  height: number;
  has_audio: boolean;
  progress: Generated<number>;
  attempts: Generated<number>;
  error: string | null;
  renditions: Generated<number[]>;
  heartbeat_at: Timestamp | null;
  created_by: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

interface WorkoutCaptionsTable {
  workout_id: string;
  lang: string;
  vtt: string;
  updated_at: Timestamp;
}

interface MuxWebhookEventsTable {
  id: string;
  type: string;
  received_at: Timestamp;
}

export interface MediaTables {
  workout_videos: WorkoutVideosTable;
  video_assets: VideoAssetsTable;
  workout_captions: WorkoutCaptionsTable;
  mux_webhook_events: MuxWebhookEventsTable;
}
