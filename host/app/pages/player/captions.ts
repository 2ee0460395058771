/** One WebVTT cue: start and end in seconds, and its text. */
export interface Cue {
  start: number;
  end: number;
  text: string;
}

const time = (t: string) => {
  const parts = t.trim().split(":").map(Number);
  return parts.reduce((acc, n) => acc * 60 + n, 0);
};

/** Parses the cues of a WebVTT file (timings and text; cue settings and styling are ignored). */
export function parseVtt(source: string): Cue[] {
  const cues: Cue[] = [];
  for (const block of source.replace(/\r/g, "").split(/\n\n+/)) {
    const lines = block.split("\n");
    const at = lines.findIndex((l) => l.includes("-->"));
    const timing = lines[at];
    if (timing === undefined) continue;
    // The timing line holds "-->", so it splits in two at least; a split string has a first part.
    const [from, to] = timing.split("-->") as [string, string];
    cues.push({
      start: time(from),
      end: time(to.trim().split(/\s+/)[0]!),
      text: lines
        .slice(at + 1)
        .join("\n")
        .replace(/<[^>]+>/g, "")
        .trim(),
    });
  }
  return cues;
}

/** The cue showing at `position`, if any. */
export const cueAt = (cues: Cue[], position: number) => cues.find((c) => position >= c.start && position < c.end);
