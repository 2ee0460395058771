import { spawn } from "node:child_process";

/** What ffprobe reads of a video file. */
export interface Probe {
  /** Seconds. */
  duration: number;
  width: number;
  height: number;
  hasAudio: boolean;
}

/** Runs a program to its end; answers its standard output, or fails with the last lines it wrote to standard error. */
function run(program: string, args: string[], onLine?: (line: string) => void, signal?: AbortSignal): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(program, args, { stdio: ["ignore", "pipe", "pipe"], ...(signal ? { signal } : {}) });
    let out = "";
    let err = "";
    let pending = "";
    child.stdout.setEncoding("utf8").on("data", (chunk: string) => {
      out += chunk;
      if (!onLine) return;
      pending += chunk;
      const lines = pending.split("\n");
      pending = lines.pop() ?? "";
      for (const line of lines) onLine(line);
    });
    child.stderr.setEncoding("utf8").on("data", (chunk: string) => {
      err = (err + chunk).slice(-4000);
    });
    child.on("error", reject);
    child.on("close", (code) => {
      if (code === 0) resolve(out);
      else {
        const last = err.trim().split("\n").slice(-3).join(" ").trim();
        reject(new Error(`${program} exited with ${code}${last ? `: ${last}` : ""}`));
      }
    });
  });
}

/**
 * The duration, picture size and audio of a video file, or undefined when ffprobe cannot read it as a video (not a
 * video, or truncated: no duration, no picture).
 */
export async function probeVideo(ffprobe: string, path: string): Promise<Probe | undefined> {
  let text: string;
  try {
    text = await run(ffprobe, [
      "-v",
      "error",
      "-show_entries",
      "format=duration:stream=codec_type,width,height",
      "-of",
      "json",
      path,
    ]);
  } catch (error) {
    // ffprobe itself missing is the server's problem, not the file's.
    if ((error as { code?: unknown }).code === "ENOENT") throw error;
    return undefined;
  }
  const info = JSON.parse(text) as {
    format?: { duration?: string };
    streams?: { codec_type?: string; width?: number; height?: number }[];
  };
  const video = info.streams?.find((s) => s.codec_type === "video" && s.width && s.height);
  const duration = Number(info.format?.duration);
  if (!video || !Number.isFinite(duration) || duration <= 0) return undefined;
  return {
    duration,
    width: video.width!,
    height: video.height!,
    hasAudio: !!info.streams?.some((s) => s.codec_type === "audio"),
  };
}

/** The HLS ladder's rungs: height and video bit rate (kbit/s). */
const LADDER = [
  { height: 360, kbps: 800 },
  { height: 540, kbps: 1800 },
  { height: 720, kbps: 3000 },
  { height: 1080, kbps: 5500 },
] as const;

/** The rungs a source of `height` pixels gets: none above it (the smallest always, so a small source still plays). */
export function rungsFor(height: number) {
  const fit = LADDER.filter((rung) => rung.height <= height);
  return fit.length ? fit : [LADDER[0]];
}

/** Seconds per HLS segment, and between keyframes (a divisor, so every segment starts on one). */
const SEGMENT_SECONDS = 6;
const KEYFRAME_SECONDS = 2;

/**
 * Transcodes `input` into an HLS ladder in `outDir`: `{height}/index.m3u8` with `{height}/seg000.ts`… per rung, a
 * master playlist `index.m3u8`, and `poster.jpg` (a frame a little way in). Keyframes fall every 2 s whatever the
 * frame rate, with no extra keyframes at scene cuts, so every rendition's 6 s segments line up and players switch
 * cleanly. `onProgress` hears 0–100 as ffmpeg goes.
 */
export async function transcodeHls(
  ffmpeg: string,
  input: string,
  outDir: string,
  source: Probe,
  onProgress: (percent: number) => void,
  signal?: AbortSignal,
): Promise<number[]> {
  const rungs = rungsFor(source.height);
  const split = rungs.map((_, i) => `[v${i}]`).join("");
  const filter = [
    `[0:v]split=${rungs.length}${split}`,
    ...rungs.map((r, i) => `[v${i}]scale=-2:${r.height}:flags=bicubic,format=yuv420p[out${i}]`),
  ].join(";");
  const args = ["-hide_banner", "-nostdin", "-y", "-i", input, "-filter_complex", filter];
  rungs.forEach((rung, i) => {
    args.push("-map", `[out${i}]`);
    if (source.hasAudio) args.push("-map", "0:a:0");
    args.push(
      `-c:v:${i}`,
      "libx264",
      `-b:v:${i}`,
      `${rung.kbps}k`,
      `-maxrate:v:${i}`,
      `${Math.round(rung.kbps * 1.1)}k`,
      `-bufsize:v:${i}`,
      `${rung.kbps * 2}k`,
    );
  });
  if (source.hasAudio) args.push("-c:a", "aac", "-b:a", "128k", "-ac", "2");
  args.push(
    "-preset",
    "veryfast",
    "-sc_threshold",
    "0",
    "-force_key_frames",
    `expr:gte(t,n_forced*${KEYFRAME_SECONDS})`,
    "-f",
    "hls",
    "-hls_time",
    String(SEGMENT_SECONDS),
    "-hls_playlist_type",
    "vod",
    "-hls_flags",
    "independent_segments",
    "-hls_segment_filename",
    `${outDir}/%v/seg%03d.ts`,
    "-master_pl_name",
    "index.m3u8",
    "-var_stream_map",
    rungs.map((r, i) => `v:${i}${source.hasAudio ? `,a:${i}` : ""},name:${r.height}`).join(" "),
    "-progress",
    "pipe:1",
    "-nostats",
    `${outDir}/%v/index.m3u8`,
  );
  await run(
    ffmpeg,
    args,
    (line) => {
      const match = /^out_time_us=(\d+)$/.exec(line.trim());
      if (match) onProgress(Math.min(99, Math.floor((Number(match[1]) / 1e6 / source.duration) * 100)));
    },
    signal,
  );
  const at = Math.min(source.duration / 3, 5);
  await run(
    ffmpeg,
    [
      "-hide_banner",
      "-nostdin",
      "-y",
      "-ss",
      at.toFixed(2),
      "-i",
      input,
      "-frames:v",
      "1",
      "-vf",
      "scale=-2:'min(720,ih)'",
      "-q:v",
      "3",
      `${outDir}/poster.jpg`,
    ],
    undefined,
    signal,
  );
  return rungs.map((r) => r.height);
}
