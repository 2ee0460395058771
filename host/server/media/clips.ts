import { readdirSync, readFileSync } from "node:fs";
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { fromRoot } from "../paths.js";
import { etagOf } from "./range.js";

/** One 1-second piece of a clip's MPEG-TS file, addressed by byte range. */
export interface Piece {
  duration: number;
  offset: number;
  length: number;
}

export interface Clip {
  name: string;
  /** Seconds of one loop of the clip. */
  length: number;
  pieces: Piece[];
  /** Seconds at which a poster still was taken, ascending. */
  posterTimes: number[];
}

/** A file's bytes and their validator, computed once. */
export interface StoredFile {
  body: Buffer;
  etag: string;
}

const CLIPS_DIR = fromRoot("host", "server", "media", "assets", "clips");

/** The files a clip directory holds that are ever served. Anything else in a URL never reaches the disk. */
export type ClipFile = "clip.mp4" | "clip.mpegts" | `poster-${number}.jpg`;

/**
 * The shipped demo clips (assets/clips/<name>/, made by assets/generate.sh), read once; their media files are
 * loaded on first use and kept in memory (under a megabyte in all).
 */
export class ClipLibrary {
  readonly clips: Clip[];
  private readonly files = new Map<string, Promise<StoredFile>>();

  constructor(private readonly dir = CLIPS_DIR) {
    this.clips = readdirSync(dir, { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => entry.name)
      .sort()
      .map((name) => {
        const pieces = JSON.parse(readFileSync(join(dir, name, "segments.json"), "utf8")) as Piece[];
        const posterTimes = readdirSync(join(dir, name))
          .map((file) => /^poster-(\d+)\.jpg$/.exec(file)?.[1])
          .filter((t): t is string => t !== undefined)
          .map(Number)
          .sort((a, b) => a - b);
        return { name, pieces, posterTimes, length: pieces.reduce((sum, p) => sum + p.duration, 0) };
      });
    if (!this.clips.length) throw new Error(`no demo clips in ${dir}`);
  }

  byName(name: string): Clip | undefined {
    return this.clips.find((clip) => clip.name === name);
  }

  /**
   * The clip a workout plays: walks get the walking clip, rest days the calm one, everything else a stable pick by
   * id, so a workout always shows the same clip and poster.
   */
  forWorkout(workout: { id: string; type: string }): Clip {
    const byType = ({ walk: "stride", rest: "flow" } as Record<string, string>)[workout.type];
    if (byType) return this.byName(byType) ?? this.clips[0];
    let hash = 2166136261;
    for (let i = 0; i < workout.id.length; i++) hash = Math.imul(hash ^ workout.id.charCodeAt(i), 16777619);
    return this.clips[(hash >>> 0) % this.clips.length];
  }

  /** Which of the clip's stills (0, 1, …) is showing `time` seconds into the looping video. */
  frameAt(clip: Clip, time: number): number {
    const within = time % clip.length;
    return Math.max(0, clip.posterTimes.filter((t) => t <= within).length - 1);
  }

  read(clip: Clip, file: ClipFile): Promise<StoredFile> {
    const key = `${clip.name}/${file}`;
    let found = this.files.get(key);
    if (!found) {
      found = readFile(join(this.dir, clip.name, file)).then((body) => ({ body, etag: etagOf(body) }));
      found.catch(() => this.files.delete(key));
      this.files.set(key, found);
    }
    return found;
  }
}
