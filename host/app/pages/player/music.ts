import type { ApiClient } from "../../../../src/api/index.js";

export interface Track {
  id: string;
  title: string;
  artist: string;
  duration: number;
  stream_url: string;
}
export interface Station {
  id: string;
  name: string;
  tracks: Track[];
}

/** `GET /v2/music/stations`: the stations and their tracks with signed, expiring stream URLs (entitled members). */
export const getMusicStations = (api: ApiClient, signal?: AbortSignal) =>
  api.request<{ items: Station[]; total: number; expires_at: string }>("/v2/music/stations", { auth: true, signal });
