/** A cue timestamp: `mm:ss.ttt` or `hh:mm:ss.ttt` (hours may have more digits). */
const TIME = String.raw`(?:(\d{2,}):)?([0-5]\d):([0-5]\d)\.(\d{3})`;
const TIMING = new RegExp(String.raw`^${TIME}[ \t]+-->[ \t]+${TIME}(?:[ \t]+.*)?$`);

const seconds = (h: string | undefined, m: string, s: string, ms: string) =>
  Number(h ?? 0) * 3600 + Number(m) * 60 + Number(s) + Number(ms) / 1000;

/** Tolerance past the video's end for a closing cue: encoders round the duration. */
const END_SLACK_SECONDS = 0.5;

/** The bytes as UTF-8 text (a byte-order mark dropped), or undefined when they are not UTF-8. */
export function decodeUtf8(bytes: Uint8Array): string | undefined {
  try {
    return new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    return undefined;
  }
}

/**
 * Checks a WebVTT file (the W3C format, as players parse it; decoded with decodeUtf8): the `WEBVTT` header, and every
 * cue's timing line well formed, ending after it starts, starting no earlier than the cue before, and within the
 * video (`duration` seconds, when known). Answers the text, or the problems, each naming its line.
 */
export function checkWebVtt(text: string, duration?: number): { text: string } | { problems: string[] } {
  const lines = text.split(/\r\n|\r|\n/);
  const problems: string[] = [];
  if (!/^WEBVTT([ \t].*)?$/.test(lines[0] ?? "")) problems.push('Line 1: a WebVTT file starts with "WEBVTT".');
  let previousStart = -1;
  let cues = 0;
  for (let i = 1; i < lines.length; i++) {
    const line = lines[i]!;
    if (!line.includes("-->")) continue;
    const number = i + 1;
    // A cue's text ends at a blank line: an arrow inside it is a timing line out of place.
    const match = TIMING.exec(line.trim());
    if (!match) {
      problems.push(
        `Line ${number}: "${line.trim().slice(0, 60)}" is not a cue timing (00:00:01.000 --> 00:00:04.000).`,
      );
      continue;
    }
    cues++;
    const start = seconds(match[1], match[2]!, match[3]!, match[4]!);
    const end = seconds(match[5], match[6]!, match[7]!, match[8]!);
    if (end <= start) problems.push(`Line ${number}: the cue ends before it starts.`);
    if (start < previousStart) problems.push(`Line ${number}: the cue starts before the cue above it.`);
    if (duration !== undefined && end > duration + END_SLACK_SECONDS)
      problems.push(`Line ${number}: the cue ends after the video (${duration.toFixed(1)} s).`);
    previousStart = Math.max(previousStart, start);
  }
  if (!problems.length && !cues) problems.push("The file has no cues.");
  return problems.length ? { problems } : { text };
}
