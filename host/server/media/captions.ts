/** What the demo trainer "says", per clip style: captions cycle through these for the length of the workout. */
const LINES: Record<string, string[]> & { flow: string[] } = {
  flow: [
    "Breathe in through the nose and lengthen through the spine.",
    "Exhale slowly and let the shoulders drop away from the ears.",
    "Find a steady pace; move with the breath.",
    "Soften the knees and keep the core gently engaged.",
    "Reach long through the fingertips.",
    "Stay with it; smooth and controlled.",
  ],
  power: [
    "Brace the core and drive through the heels.",
    "Strong and steady; control the way down.",
    "Two more sets; keep your form tight.",
    "Push! You're stronger than you think.",
    "Shake it out, then right back in.",
    "Breathe out on the effort.",
  ],
  stride: [
    "Stand tall and swing the arms naturally.",
    "Pick up the pace for the next minute.",
    "Land softly and roll through the foot.",
    "Ease back to a comfortable stride.",
    "Keep the chin up and the shoulders relaxed.",
    "Nice rhythm; keep it going.",
  ],
};

/** Seconds each caption stays up, and the gap before the next one. */
const CUE_SECONDS = 5;
const CUE_EVERY = 7;

const timestamp = (seconds: number) => {
  const ms = Math.round(seconds * 1000);
  const h = Math.floor(ms / 3_600_000);
  const m = Math.floor(ms / 60_000) % 60;
  const s = Math.floor(ms / 1000) % 60;
  return `${String(h).padStart(2, "0")}:${String(m).padStart(2, "0")}:${String(s).padStart(2, "0")}.${String(ms % 1000).padStart(3, "0")}`;
};

/** Cue text may not hold markup or an arrow; names from the catalogue are escaped as the WebVTT spec asks. */
const escapeCue = (text: string) => text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");

/**
 * English WebVTT captions covering `seconds`: a welcome naming the workout, the clip style's coaching lines in turn,
 * and a closing line in the last seconds, so captions run exactly as long as the workout's HLS playlist.
 */
export function webVtt(workoutName: string, clipName: string, seconds: number): string {
  const lines = LINES[clipName] ?? LINES.flow;
  const cues: [number, number, string][] = [];
  const closingAt = Math.max(0, seconds - CUE_SECONDS);
  cues.push([0, Math.min(CUE_SECONDS, seconds), `Welcome to ${workoutName}. Let's get started.`]);
  for (let at = CUE_EVERY, k = 0; at + CUE_SECONDS <= closingAt; at += CUE_EVERY, k++)
    cues.push([at, at + CUE_SECONDS, lines[k % lines.length]!]); // every style has lines
  if (closingAt >= CUE_SECONDS) cues.push([closingAt, seconds, "Great work today. That's a wrap!"]);
  const body = cues.map(
    ([from, to, text], i) => `${i + 1}\n${timestamp(from)} --> ${timestamp(to)}\n${escapeCue(text)}\n`,
  );
  return ["WEBVTT", "", ...body].join("\n");
}
