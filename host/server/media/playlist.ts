import type { Piece } from "./clips.js";

/** Pieces joined into one HLS segment: 4 s, a common segment length that keeps an hour's playlist near 900 lines. */
const PIECES_PER_SEGMENT = 4;

/**
 * An HLS media playlist that plays a clip's 1-second pieces over and over until `seconds`, so a short demo clip
 * stands in for a workout of its catalogued length: seeking, resume and the completion rule see the real duration.
 * Segments are byte ranges of the one `segmentUri` file (relative, so it inherits the playlist URL's signature);
 * each repeat starts after a discontinuity because its timestamps start again from zero.
 *
 * @example hlsPlaylist(clip.pieces, 1800, "clip.ts") // 30 minutes: 150 loops of a 12-second clip
 */
export function hlsPlaylist(pieces: Piece[], seconds: number, segmentUri: string): string {
  const lines = [
    "#EXTM3U",
    "#EXT-X-VERSION:4",
    `#EXT-X-TARGETDURATION:${PIECES_PER_SEGMENT}`,
    "#EXT-X-MEDIA-SEQUENCE:0",
    "#EXT-X-PLAYLIST-TYPE:VOD",
    "#EXT-X-INDEPENDENT-SEGMENTS",
  ];
  let remaining = seconds;
  for (let loop = 0; remaining > 0; loop++) {
    if (loop > 0) lines.push("#EXT-X-DISCONTINUITY");
    for (let i = 0; i < pieces.length && remaining > 0;) {
      const first = pieces[i++]!; // the loop runs while i < pieces.length
      const group: Piece[] = [first];
      let last = first;
      let duration = first.duration;
      for (
        let next = pieces[i];
        next && group.length < PIECES_PER_SEGMENT && duration + next.duration <= remaining + 1e-6;
        next = pieces[++i]
      ) {
        duration += next.duration;
        group.push(next);
        last = next;
      }
      lines.push(
        `#EXTINF:${duration.toFixed(3)},`,
        `#EXT-X-BYTERANGE:${last.offset + last.length - first.offset}@${first.offset}`,
        segmentUri,
      );
      remaining -= duration;
    }
  }
  lines.push("#EXT-X-ENDLIST", "");
  return lines.join("\n");
}
