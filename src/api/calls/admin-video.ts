import { call, type ApiClient } from "../client.js";
import type { ResponseBody } from "../contract.js";

/** The console's video calls (/admin/v1): a workout's uploaded video and its captions. Uploads speak tus. */
export type WorkoutVideoState = ResponseBody<"/admin/v1/workouts/{id}/video", "get">;

/** Where the console's resumable (tus 1.0) uploads go. */
export const uploadsEndpoint = (c: ApiClient) => `${c.baseURL}/admin/v1/uploads`;

export const getWorkoutVideo = (c: ApiClient, id: string, signal?: AbortSignal) =>
  call(c, "get", "/admin/v1/workouts/{id}/video", { params: { id }, auth: true, signal });

/** Stores a language's WebVTT captions (the file's bytes, sent as text/vtt). */
export const putCaptions = (c: ApiClient, id: string, lang: string, file: Blob) =>
  call(c, "put", "/admin/v1/workouts/{id}/captions/{lang}", {
    params: { id, lang },
    auth: true,
    body: new Blob([file], { type: "text/vtt" }),
  });

/** A Mux Direct Upload URL for the workout's video (servers with Mux's API configured): the browser PUTs the file. */
export const createMuxUpload = (c: ApiClient, id: string) =>
  call(c, "post", "/admin/v1/workouts/{id}/mux-upload", { params: { id }, auth: true });
